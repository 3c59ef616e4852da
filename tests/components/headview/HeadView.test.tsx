import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeadView } from '../../../src/components/headview/HeadView';
import { HeadViewPanel } from '../../../src/components/headview/HeadViewPanel';
import { maxAbsDifference } from '../../../src/engine';
import { useUi } from '../../../src/state/uiStore';
import { computeLab, type LabComputation } from '../../../src/run/computeLab';
import { DEFAULT_SETTINGS, settingsOf, useLab } from '../../../src/state/labStore';
import { formatDelta } from '../../../src/components/headview/difference';
import { maxLineWeight } from '../../../src/models/pipeline/headLines';

// The default sentence: "The animal did not cross the street because it was too tired." → 13 tokens, 4 heads, 2 layers.
const N = 13;
const HEADS = DEFAULT_SETTINGS.numHeads;

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
});

function expected(): LabComputation {
  const r = computeLab(settingsOf(useLab.getState()));
  if (!r.ok) throw r.error;
  return r;
}

function lines(container: HTMLElement, filter = ''): SVGLineElement[] {
  return Array.from(container.querySelectorAll<SVGLineElement>(`line[data-head]${filter}`));
}

function line(container: HTMLElement, head: number, query: number, key: number): SVGLineElement {
  const el = container.querySelector<SVGLineElement>(`line[data-head="${head}"][data-query="${query}"][data-key="${key}"]`);
  if (!el) throw new Error(`no line for head ${head}, ${query} → ${key}`);
  return el;
}

const opacity = (el: Element) => Number(el.getAttribute('stroke-opacity'));

/** Every canvas gets one stand-in 2-D context that records each stroke's globalAlpha (jsdom has no canvas). */
function fakeLinesContext() {
  const strokes: number[] = [];
  const fake = {
    canvas: { height: 0 },
    setTransform: vi.fn(),
    clearRect: vi.fn(),
    drawImage: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(function (this: { globalAlpha: number }) {
      strokes.push(this.globalAlpha);
    }),
    globalAlpha: 1,
    lineWidth: 1,
    strokeStyle: '',
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => fake) as never);
  return { strokes, fake };
}
const caption = () => screen.getByText(/no difference|max \|Δ\|/);

describe('HeadView: head checkboxes', () => {
  it('has one native checkbox per head, labelled with its number, all on at first', () => {
    render(<HeadView />);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(HEADS);
    boxes.forEach((box, i) => {
      expect(box).toHaveAccessibleName(`Head ${i + 1}`);
      expect(box).toBeChecked();
    });
    expect(screen.getByRole('group', { name: 'Heads of layer 1' })).toBeInTheDocument();
  });

  it('unchecking a head ablates it for real: it enters store.disabledHeads and the layer output changes', async () => {
    const user = userEvent.setup();
    render(<HeadViewPanel />);
    expect(caption()).toHaveTextContent('All heads on: no difference.');

    await user.click(screen.getByRole('checkbox', { name: 'Head 2' }));
    expect(useLab.getState().disabledHeads).toEqual([{ layer: 0, head: 1 }]);
    const box = screen.getByRole('checkbox', { name: 'Head 2' });
    expect(box).not.toBeChecked();
    expect(within(box.closest('li')!).getByText('off — removed from the computation')).toBeInTheDocument();

    const r = expected();
    const max = maxAbsDifference(r.layers[0].output, r.baseline[0].output);
    expect(max).toBeGreaterThan(0);
    expect(await screen.findByText(`max |Δ| = ${formatDelta(max)}. Heads off in this layer: 2.`)).toBeInTheDocument();
    const shown = Number(/max \|Δ\| = ([0-9]+(?:\.[0-9]+)?(?:e[+−-]?[0-9]+)?)/.exec(caption().textContent ?? '')![1].replace('−', '-'));
    expect(Math.abs(shown - max) / max).toBeLessThan(0.01);
  });

  it('re-checking the head restores zero difference', async () => {
    const user = userEvent.setup();
    render(<HeadViewPanel />);
    await user.click(screen.getByRole('checkbox', { name: 'Head 3' }));
    expect(caption()).toHaveTextContent(/^max \|Δ\| = /);
    await user.click(screen.getByRole('checkbox', { name: 'Head 3' }));
    expect(useLab.getState().disabledHeads).toEqual([]);
    expect(caption()).toHaveTextContent('All heads on: no difference.');
    const r = expected();
    expect(maxAbsDifference(r.layers[0].output, r.baseline[0].output)).toBe(0);
  });

  it('"only this" keeps one head of this layer on and leaves other layers alone; "All heads on" undoes it', async () => {
    const user = userEvent.setup();
    useLab.setState({ disabledHeads: [{ layer: 1, head: 0 }] });
    const { container } = render(<HeadView />);
    await user.click(screen.getByRole('button', { name: 'Only this: keep only head 3 of layer 1 on' }));
    expect(useLab.getState().disabledHeads).toEqual(expect.arrayContaining([{ layer: 0, head: 0 }, { layer: 0, head: 1 }, { layer: 0, head: 3 }, { layer: 1, head: 0 }]));
    expect(useLab.getState().disabledHeads).toHaveLength(4);
    expect(screen.getAllByRole('checkbox').map((b) => (b as HTMLInputElement).checked)).toEqual([false, false, true, false]);
    expect(new Set(lines(container).map((l) => l.dataset.head))).toEqual(new Set(['2']));

    await user.click(screen.getByRole('button', { name: 'All heads on' }));
    expect(useLab.getState().disabledHeads).toEqual([{ layer: 1, head: 0 }]);
    expect(lines(container)).toHaveLength(HEADS * N * N);
  });

  it('says so when every head of the layer is off, and draws no line', async () => {
    useLab.setState({ disabledHeads: [{ layer: 0, head: 0 }, { layer: 0, head: 1 }, { layer: 0, head: 2 }, { layer: 0, head: 3 }] });
    const { container } = render(<HeadView />);
    expect(screen.getByText(/Every head of this layer is off/)).toBeInTheDocument();
    expect(lines(container)).toHaveLength(0);
  });
});

describe('HeadView: lines', () => {
  it('draws a line for each query–key pair of each active head, with opacity = attention weight', () => {
    const { container } = render(<HeadView />);
    const heads = expected().layers[0].attention.heads;
    for (let h = 0; h < HEADS; h++) expect(lines(container, `[data-head="${h}"]`)).toHaveLength(N * N);
    // "it" (query 8) → "animal" (key 1), and a couple of others, in two heads.
    for (const [h, q, k] of [
      [0, 8, 1],
      [2, 8, 1],
      [1, 0, 12],
      [3, 12, 0],
    ]) {
      expect(opacity(line(container, h, q, k))).toBeCloseTo(heads[h].weights.data[q * N + k], 6);
    }
    // Line ends sit at the centres of the token rows (22 px each).
    const l = line(container, 0, 8, 1);
    expect(Number(l.getAttribute('y1'))).toBe(8 * 22 + 11);
    expect(Number(l.getAttribute('y2'))).toBe(1 * 22 + 11);
  });

  it('draws no line for a disabled head and keeps the others', async () => {
    const user = userEvent.setup();
    const { container } = render(<HeadView />);
    await user.click(screen.getByRole('checkbox', { name: 'Head 3' }));
    expect(lines(container, '[data-head="2"]')).toHaveLength(0);
    for (const h of [0, 1, 3]) expect(lines(container, `[data-head="${h}"]`)).toHaveLength(N * N);
  });

  it('hovering a query token shows only its outgoing lines; leaving shows all again', async () => {
    const user = userEvent.setup();
    const { container } = render(<HeadView />);
    const it8 = screen.getByRole('button', { name: 'Query 9: it' });
    await user.hover(it8);
    const shown = lines(container);
    expect(shown).toHaveLength(HEADS * N);
    expect(shown.every((l) => l.dataset.query === '8')).toBe(true);
    expect(screen.getByRole('img', { name: 'Attention lines from query “it” to every key' })).toBeInTheDocument();

    // The summary names the key each head attends to most.
    const w = expected().layers[0].attention.heads[0].weights;
    const row = Array.from(w.data.slice(8 * N, 9 * N));
    const best = row.indexOf(Math.max(...row));
    const tokens = expected().tokens.map((t) => t.text);
    expect(screen.getByText('Query “it” attends most to:')).toBeInTheDocument();
    expect(screen.getByText(`Head 1 → “${tokens[best]}” (${row[best].toFixed(3)})`)).toBeInTheDocument();

    await user.unhover(it8);
    expect(lines(container)).toHaveLength(HEADS * N * N);
  });

  it('hovering a key token shows only the lines coming into it', async () => {
    const user = userEvent.setup();
    const { container } = render(<HeadView />);
    await user.hover(screen.getByRole('button', { name: 'Key 2: animal' }));
    const shown = lines(container);
    expect(shown).toHaveLength(HEADS * N);
    expect(shown.every((l) => l.dataset.key === '1')).toBe(true);
    const w = expected().layers[0].attention.heads[1].weights;
    expect(opacity(line(container, 1, 5, 1))).toBeCloseTo(w.data[5 * N + 1], 6);
  });

  it('in a later layer draws the weights of the ablated run (its input changed)', () => {
    useLab.setState({ disabledHeads: [{ layer: 0, head: 0 }], selectedLayer: 1 });
    const { container } = render(<HeadView />);
    const r = expected();
    const ablated = r.layers[1].attention.heads[0].weights;
    const baseline = r.baseline[1].attention.heads[0].weights;
    expect(maxAbsDifference(ablated, baseline)).toBeGreaterThan(0);
    expect(opacity(line(container, 0, 3, 4))).toBeCloseTo(ablated.data[3 * N + 4], 6);
    expect(screen.getByRole('heading', { name: /layer 2/ })).toBeInTheDocument();
  });
});

describe('HeadView: keyboard', () => {
  it('tokens are a roving tab stop per column; arrows move, Enter pins, Escape unpins', async () => {
    const user = userEvent.setup();
    const { container } = render(<HeadView />);
    const queries = within(screen.getByRole('list', { name: 'Queries' })).getAllByRole('button');
    expect(queries.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    act(() => queries[0].focus());
    expect(lines(container).every((l) => l.dataset.query === '0')).toBe(true);

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Query 2: animal' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Query 2: animal' })).toHaveAttribute('tabindex', '0');
    expect(queries[0]).toHaveAttribute('tabindex', '-1');
    expect(lines(container).every((l) => l.dataset.query === '1')).toBe(true);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Key 2: animal' })).toHaveFocus();
    expect(lines(container).every((l) => l.dataset.key === '1')).toBe(true);

    await user.keyboard('{End}{Enter}');
    const last = screen.getByRole('button', { name: 'Key 13: .' });
    expect(last).toHaveFocus();
    expect(last).toHaveAttribute('aria-pressed', 'true');
    act(() => last.blur());
    // Pinned: its lines stay without focus or hover.
    expect(lines(container)).toHaveLength(HEADS * N);
    expect(lines(container).every((l) => l.dataset.key === '12')).toBe(true);

    act(() => last.focus());
    await user.keyboard('{Escape}');
    expect(last).toHaveAttribute('aria-pressed', 'false');
    act(() => last.blur());
    expect(lines(container)).toHaveLength(HEADS * N * N);
  });

  it('a click pins a token for pointer users; a second click unpins it', async () => {
    const user = userEvent.setup();
    const { container } = render(<HeadView />);
    const tok = screen.getByRole('button', { name: 'Query 4: not' });
    await user.click(tok);
    expect(tok).toHaveAttribute('aria-pressed', 'true');
    await user.unhover(tok);
    expect(lines(container).every((l) => l.dataset.query === '3')).toBe(true);
    await user.click(tok);
    await user.unhover(tok);
    expect(tok).toHaveAttribute('aria-pressed', 'false');
    expect(lines(container)).toHaveLength(HEADS * N * N);
  });
});

describe('HeadView: long inputs and other languages', () => {
  afterEach(() => vi.restoreAllMocks());

  it('beyond 40 tokens paints the lines on a canvas (no 2-D context in jsdom: nothing breaks)', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    useLab.setState({ text: Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ') });
    const user = userEvent.setup();
    const { container } = render(<HeadView />);
    expect(lines(container)).toHaveLength(0);
    expect(container.querySelector('canvas')).not.toBeNull();
    // Opacity is relative on the canvas: the hint names the weight of the darkest line drawn.
    const weights = expected().layers[0].attention.heads.map((h) => h.weights);
    const max = maxLineWeight(weights, { disabled: new Set(), minWeight: 0.02 });
    expect(screen.getByText(new RegExp(`the darkest line drawn now has weight ${max.toFixed(3)}.*only its 4 strongest lines per head, and none weaker than 0.02`))).toBeInTheDocument();
    await user.hover(screen.getByRole('button', { name: 'Query 11: w10' }));
    expect(screen.getByText('Query “w10” attends most to:')).toBeInTheDocument();
  });

  it('paints the lines with one opacity per (head, opacity) group when a context exists', async () => {
    const { strokes } = fakeLinesContext();
    useLab.setState({ text: Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ') });
    const user = userEvent.setup();
    render(<HeadView />);
    const canvas = document.querySelector('canvas.headview-lines-canvas')!;
    const groups = Number(canvas.getAttribute('data-batches'));
    expect(strokes.length).toBeGreaterThanOrEqual(groups);
    expect(new Set(strokes).size).toBeLessThanOrEqual(groups);
    strokes.length = 0;
    await user.hover(screen.getByRole('button', { name: 'Key 1: w0' }));
    expect(strokes.length).toBeGreaterThan(0);
    expect(strokes.every((a) => a > 0 && a <= 1)).toBe(true);
    expect(Math.max(...strokes)).toBe(1); // the strongest line of the hovered key is fully dark
  });

  it('repaints no line of the shown layer when a head of another layer is switched off: its heads keep their painted layers', () => {
    const { strokes, fake } = fakeLinesContext();
    useLab.setState({ text: Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '), numLayers: 2, selectedLayer: 0 });
    render(<HeadView />);
    expect(strokes.length).toBeGreaterThan(0);
    const heads = screen.getAllByRole('checkbox').length;
    strokes.length = 0;
    fake.drawImage.mockClear();
    act(() => useLab.getState().toggleHead(1, 0));
    expect(strokes).toHaveLength(0);
    expect(fake.drawImage).toHaveBeenCalledTimes(heads); // the kept layers, drawn again
    // A mask changes every head's weights: every layer is painted anew.
    act(() => useLab.setState({ maskMode: 'causal' }));
    expect(strokes.length).toBeGreaterThan(0);
  });

  // jsdom builds 1,024 token buttons here (about 4.5 s on a shared 2-core machine): more than the default 5 s
  // budget once other work runs beside it.
  it('keeps 512 tokens usable: a scrollable column of buttons, no line elements', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    useLab.setState({ text: Array.from({ length: 512 }, (_, i) => `w${i % 50}`).join(' '), embedDim: 8, numHeads: 2, numLayers: 1 });
    const { container } = render(<HeadView />);
    expect(within(screen.getByRole('list', { name: 'Queries' })).getAllByRole('button')).toHaveLength(512);
    expect(within(screen.getByRole('list', { name: 'Keys' })).getAllByRole('button')).toHaveLength(512);
    expect(lines(container)).toHaveLength(0);
    expect(container.querySelector('.headview-scroll')).not.toBeNull();
  });

  it('speaks Chinese', () => {
    useUi.setState({ locale: 'zh' });
    render(<HeadViewPanel />);
    expect(screen.getByRole('checkbox', { name: '头 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '第 1 层的头视图：谁在关注谁' })).toBeInTheDocument();
    expect(screen.getByText('所有头都打开：没有差别。')).toBeInTheDocument();
  });

  it('shows the engine’s message instead of a drawing when the text is empty', () => {
    useLab.setState({ text: '   ' });
    const { container } = render(<HeadViewPanel />);
    expect(screen.getByText(/Type a sentence above/)).toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
  });
});

describe('HeadView: draw one head alone', () => {
  it('draws only that head’s lines and leaves the computation alone; pressing again draws every head', async () => {
    const user = userEvent.setup();
    const { container } = render(<HeadView />);
    const before = expected();
    expect(new Set(lines(container).map((l) => l.dataset.head))).toEqual(new Set(['0', '1', '2', '3']));
    const alone = screen.getByRole('button', { name: 'Draw alone: only the lines of head 3; the computation is unchanged' });
    await user.click(alone);
    expect(alone).toHaveAttribute('aria-pressed', 'true');
    expect(new Set(lines(container).map((l) => l.dataset.head))).toEqual(new Set(['2']));
    expect(screen.getByText(/Only head 3’s lines are drawn/)).toBeInTheDocument();
    // Nothing was switched off: the store and the numbers are as before, every checkbox still ticked.
    expect(useLab.getState().disabledHeads).toEqual([]);
    const after = expected();
    after.layers.forEach((layer, i) => expect(maxAbsDifference(layer.output, before.layers[i].output)).toBe(0));
    screen.getAllByRole('checkbox').forEach((box) => expect(box).toBeChecked());
    await user.click(alone);
    expect(alone).toHaveAttribute('aria-pressed', 'false');
    expect(new Set(lines(container).map((l) => l.dataset.head))).toEqual(new Set(['0', '1', '2', '3']));
  });

  it('a head switched off cannot be drawn alone, and switching the drawn head off draws the others again', async () => {
    const user = userEvent.setup();
    const { container } = render(<HeadView />);
    await user.click(screen.getByRole('button', { name: 'Draw alone: only the lines of head 2; the computation is unchanged' }));
    await user.click(screen.getByRole('checkbox', { name: 'Head 2' }));
    expect(screen.getByRole('button', { name: 'Draw alone: only the lines of head 2; the computation is unchanged' })).toBeDisabled();
    expect(new Set(lines(container).map((l) => l.dataset.head))).toEqual(new Set(['0', '2', '3']));
  });
});

describe('HeadView: the selected head on top', () => {
  const groups = (container: HTMLElement) => Array.from(container.querySelectorAll<SVGGElement>('g[data-head-group]'));

  it('in the lab, draws the head selected for the map last and at full strength, the others faded, and says so', () => {
    act(() => useLab.setState({ selectedLayer: 0, selectedHead: 1 }));
    const { container, unmount } = render(<HeadView emphasiseSelected />);
    const drawn = groups(container);
    expect(drawn.at(-1)?.dataset.headGroup).toBe('1');
    expect(drawn.at(-1)?.getAttribute('opacity')).toBeNull();
    for (const g of drawn.slice(0, -1)) expect(Number(g.getAttribute('opacity'))).toBeLessThan(0.5);
    expect(screen.getByText('selected').closest('li')).toHaveTextContent('Head 2');
    expect(screen.getByText(/Head 2 is the one selected for the map above/)).toBeInTheDocument();
    // Selecting another head moves the emphasis; the average, or a head of another layer, draws every head alike.
    act(() => useLab.setState({ selectedHead: 3 }));
    expect(groups(container).at(-1)?.dataset.headGroup).toBe('3');
    act(() => useLab.setState({ selectedHead: 'average' }));
    expect(groups(container).every((g) => g.getAttribute('opacity') === null)).toBe(true);
    unmount();
    act(() => useLab.setState({ selectedHead: 1, selectedLayer: 1 }));
    render(<HeadView layer={0} emphasiseSelected />);
    expect(screen.queryByText(/is the one selected for the map above/)).toBeNull();
  });

  it('draws every head alike where there is no map above (a widget), and when the selected head is drawn alone or off', async () => {
    act(() => useLab.setState({ selectedLayer: 0, selectedHead: 1 }));
    const { container, unmount } = render(<HeadView />);
    expect(groups(container).every((g) => g.getAttribute('opacity') === null)).toBe(true);
    expect(screen.queryByText('selected')).toBeNull();
    unmount();
    const user = userEvent.setup();
    const view = render(<HeadView emphasiseSelected />);
    await user.click(screen.getByRole('checkbox', { name: 'Head 2' }));
    expect(groups(view.container).every((g) => g.getAttribute('opacity') === null)).toBe(true);
    expect(screen.queryByText(/is the one selected for the map above/)).toBeNull();
  });
});
