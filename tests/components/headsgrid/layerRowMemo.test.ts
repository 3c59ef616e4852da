import { sameRow, type LayerRowProps } from '../../../src/components/headsgrid/HeadsGrid';
import { computeLab } from '../../../src/run/computeLab';
import { DEFAULT_SETTINGS } from '../../../src/state/labStore';

// A head toggle redraws only the heads-grid rows it changes: a row is drawn again only when its own props differ.

function runWith(disabledHeads: LabSettingsHeads) {
  const result = computeLab({ ...DEFAULT_SETTINGS, model: 'untrained', text: 'the cat sat on the mat', numLayers: 3, disabledHeads });
  if (!result.ok) throw new Error('no run');
  return result;
}
type LabSettingsHeads = (typeof DEFAULT_SETTINGS)['disabledHeads'];

function rowProps(result: ReturnType<typeof runWith>, l: number, onSelect: LayerRowProps['onSelect']): LayerRowProps {
  return { layer: result.layers[l], index: l, disabled: result.disabledHeads[l], mask: result.mask, labels: null, captions: false, selected: null, size: 64, palette: 'viridis', onSelect };
}

describe('the heads grid’s row memo', () => {
  const onSelect = () => {};

  it('keeps the rows before a switched-off head, and redraws its own row and every row after it', () => {
    const before = runWith([]);
    const after = runWith([{ layer: 1, head: 2 }]);
    expect(sameRow(rowProps(before, 0, onSelect), rowProps(after, 0, onSelect))).toBe(true);
    expect(sameRow(rowProps(before, 1, onSelect), rowProps(after, 1, onSelect))).toBe(false); // its head is off now
    expect(sameRow(rowProps(before, 2, onSelect), rowProps(after, 2, onSelect))).toBe(false); // new input, new weights
  });

  it('keeps every row when the same heads are off in a new run object (a set of the same heads is the same)', () => {
    const a = runWith([{ layer: 2, head: 0 }]);
    const b = runWith([{ layer: 2, head: 0 }]);
    for (const l of [0, 1, 2]) expect(sameRow(rowProps(a, l, onSelect), rowProps(b, l, onSelect)), `row ${l}`).toBe(true);
  });

  it('redraws a row whose selection, size or labels change', () => {
    const run = runWith([]);
    const base = rowProps(run, 0, onSelect);
    expect(sameRow(base, { ...base, selected: 1 })).toBe(false);
    expect(sameRow(base, { ...base, size: 48 })).toBe(false);
    expect(sameRow(base, { ...base, captions: true })).toBe(false);
  });
});
