import { render, screen, within } from '@testing-library/react';
import { LabPage } from '../../src/LabPage';
import { isModelKindId, kindOfLinkValue, modelKind, modelKindIds, registerModelKind, STAND_IN_KIND, traitsOfRun } from '../../src/models/registry';
import { computeLab } from '../../src/run/computeLab';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { labRunSource } from '../../src/run/labRunSource';
import { parseQuery } from '../../src/state/url/urlState';
import { useUi } from '../../src/state/uiStore';
import { FIXTURE_KIND_ID, fixtureLmKind } from './fixtureKind/fixtureLmKind';

/*
 * A new model kind is its folder and one registry line: the fixture kind (tests/models/fixtureKind/) is registered
 * here, and the lab, its links and its views run it with no other change.
 */
let kind: ReturnType<typeof fixtureLmKind>;
let unregister: () => void;

beforeEach(() => {
  kind = fixtureLmKind();
  unregister = registerModelKind(kind);
  useUi.setState({ locale: 'en' });
  useLab.setState({ ...DEFAULT_SETTINGS, model: FIXTURE_KIND_ID, text: 'the cat sat on the mat' });
});

afterEach(() => unregister());

describe('the model-kind registry', () => {
  it('lists a registered kind, reads it from a link, and forgets it when removed', () => {
    expect(modelKindIds()).toContain(FIXTURE_KIND_ID);
    expect(kindOfLinkValue(FIXTURE_KIND_ID)).toBe(kind);
    expect(parseQuery(`?model=${FIXTURE_KIND_ID}`).settings.model).toBe(FIXTURE_KIND_ID);
    expect(() => registerModelKind(fixtureLmKind())).toThrow(/registered already/);
    unregister();
    expect(isModelKindId(FIXTURE_KIND_ID)).toBe(false);
    expect(modelKind(FIXTURE_KIND_ID)).toBe(STAND_IN_KIND);
    // An unknown model in a link falls back to the default, with a notice.
    const parsed = parseQuery(`?model=${FIXTURE_KIND_ID}`);
    expect(parsed.settings.model).toBe(DEFAULT_SETTINGS.model);
    expect(parsed.notices.length).toBeGreaterThan(0);
    unregister = registerModelKind(kind);
  });

  it('the one pipeline runs the kind: its runner computes, the run carries its traits, the same object until a setting changes', () => {
    const source = labRunSource(useLab, 'settings', 512);
    const first = source.getSnapshot();
    if (!first.result.ok) throw first.result.error;
    expect(first.result.kind).toBe('causal_lm');
    expect(first.result.layers).toHaveLength(2);
    expect(traitsOfRun(first.result)).toBe(kind.traits);
    expect(kind.runs.count).toBe(1);
    expect(source.getSnapshot()).toBe(first);
    useLab.getState().toggleHead(1, 2);
    const second = source.getSnapshot();
    if (!second.result.ok) throw second.result.error;
    expect(second.result.disabledHeads[1].has(2)).toBe(true);
    expect(kind.runs.count).toBe(2);
    // The mask choice's "causal" adds nothing to a model with its own causal mask (traits.causal).
    useLab.getState().set({ maskMode: 'causal' });
    const third = source.getSnapshot();
    if (!third.result.ok) throw third.result.error;
    expect(third.result.inputs.mask).toEqual({ kind: 'none' });
  });

  it('the lab draws it from its traits: predictions, its fixed shape, its heads', () => {
    render(<LabPage />);
    expect(screen.getByRole('region', { name: 'Next-token predictions' })).toBeInTheDocument();
    expect(screen.getByText(/size is fixed: width 16, 4 heads, 2 layers/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Layer 2, head 4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Layer 3, head 1' })).not.toBeInTheDocument();
    // Its tokens are its tokenizer's: the start token first, then the words.
    expect(within(screen.getByRole('list', { name: 'Tokens' })).getAllByRole('listitem').length).toBeGreaterThan(1);
    // The picker offers it, named by its label key (no interface text: the key itself).
    expect(screen.getByRole('option', { name: 'model.fixture' })).toBeInTheDocument();
  });

  it('a run made outside the pipeline is asked by its shape (computeLab, the tests’ helper, runs the stand-in for another kind)', () => {
    const run = computeLab(useLab.getState());
    if (!run.ok) throw run.error;
    expect(run.kind).toBe('encoder');
    expect(traitsOfRun(run)).toBe(STAND_IN_KIND.traits);
  });
});
