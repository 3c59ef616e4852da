import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatValue } from '../../src/components/heatmap/heatmapModel';
import { scaledDotProductAttention, sliceCols } from '../../src/engine';
import { useUi } from '../../src/state/uiStore';
import { ScalingCompare } from '../../src/lessons/widgets/ScalingCompare';
import { peakStats } from '../../src/lessons/widgets/ScalingCompareStats';
import { dkExponentFor, SqrtDk } from '../../src/lessons/widgets/SqrtDk';
import { computeLab } from '../../src/run/computeLab';
import { DEFAULT_SETTINGS, settingsOf, useLab } from '../../src/state/labStore';
import { DEFAULT_WALKTHROUGH, useWalkthrough } from '../../src/state/walkthroughStore';
import { settleExperiments } from './settleExperiments';

const TEXT = 'the cat sat on the mat';

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT });
  useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  act(() => useUi.setState({ locale: 'en' }));
});

/** The selected head of layer 1, as the engine computes it, with and without ÷√d_k. */
function expected(head: number) {
  const lab = computeLab(settingsOf(useLab.getState()));
  if (!lab.ok) throw lab.error;
  const { embedDim, numHeads } = useLab.getState();
  const dk = embedDim / numHeads;
  const attention = lab.layers[0].attention;
  const [q, k, v] = [attention.q, attention.k, attention.v].map((m) => sliceCols(m, head * dk, dk));
  const scaled = attention.heads[head];
  const unscaled = scaledDotProductAttention(q, k, v, { scale: false });
  return { scaled: peakStats(scaled.weights, []), unscaled: peakStats(unscaled.weights, []) };
}

const stat = (version: 'scaled' | 'unscaled', measure: string) => document.querySelector(`tr[data-measure="${measure}"] td[data-version="${version}"]`)!.textContent;

describe('sqrt-dk', () => {
  it('accepts only the widths the experiment offers', () => {
    expect(dkExponentFor(2)).toBe(1);
    expect(dkExponentFor(512)).toBe(9);
    for (const bad of [1, 3, 100, 1024, -4, 2.5, '64', undefined]) expect(dkExponentFor(bad)).toBeNull();
  });

  it('config.dk sets the experiment’s d_k on mount; Var(q·k) follows it', async () => {
    render(<SqrtDk config={{ dk: 512 }} />);
    await settleExperiments();
    expect(useWalkthrough.getState().dkExponent).toBe(9);
    expect(screen.getByTestId('wt-dk')).toHaveTextContent('d_k = 512');
    expect(screen.getByTestId('wt-variance').textContent).toMatch(/^Var\(q·k\) over 4000 random pairs: (4[6-9]\d|5\d\d)\.\d unscaled, (0\.9\d|1\.0\d) after ÷√d_k\.$/);
  });

  it('an unusable config.dk leaves the slider where it was', () => {
    render(<SqrtDk config={{ dk: 100 }} />);
    expect(useWalkthrough.getState().dkExponent).toBe(DEFAULT_WALKTHROUGH.dkExponent);
    expect(screen.getByTestId('wt-dk')).toHaveTextContent('d_k = 64');
  });
});

describe('scaling-compare', () => {
  it('shows both maps of the selected head for the lab sentence, with the engine’s peak numbers', async () => {
    render(<ScalingCompare />);
    await settleExperiments();
    const scaledMap = screen.getByRole('figure', { name: 'With ÷√d_k (what the model uses)' });
    const unscaledMap = screen.getByRole('figure', { name: 'Without ÷√d_k' });
    expect(within(scaledMap).getByRole('application')).toHaveAccessibleName('With ÷√d_k (what the model uses): 6 queries × 6 keys');
    expect(within(unscaledMap).getByRole('application')).toHaveAccessibleName('Without ÷√d_k: 6 queries × 6 keys');
    for (const word of ['cat', 'sat', 'mat']) expect(screen.getByRole('option', { name: `${['the', 'cat', 'sat', 'on', 'the', 'mat'].indexOf(word) + 1}. ${word}` })).toBeInTheDocument();
    expect(screen.getByTestId('scaling-compare-setup')).toHaveTextContent('Layer 1, head 1: d_k = 8, so the model multiplies the scores by 1/√8 ≈ 0.354.');
    const e = expected(0);
    expect(stat('scaled', 'mean-max')).toBe(formatValue(e.scaled.meanMax, 3));
    expect(stat('unscaled', 'mean-max')).toBe(formatValue(e.unscaled.meanMax, 3));
    expect(stat('scaled', 'mean-entropy')).toBe(formatValue(e.scaled.meanEntropy, 3));
    expect(stat('unscaled', 'mean-entropy')).toBe(formatValue(e.unscaled.meanEntropy, 3));
    expect(screen.getByText(/uniform weights over 6 keys have entropy ln 6 ≈ 1\.792/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('with d_k = 64 the unscaled rows are far peakier than the scaled ones', async () => {
    useLab.setState({ embedDim: 64, numHeads: 1, selectedHead: 0 });
    render(<ScalingCompare />);
    await settleExperiments();
    expect(screen.getByTestId('scaling-compare-setup')).toHaveTextContent('d_k = 64');
    expect(Number(stat('unscaled', 'mean-max'))).toBeGreaterThan(Number(stat('scaled', 'mean-max')) + 0.2);
    expect(Number(stat('unscaled', 'mean-entropy'))).toBeLessThan(Number(stat('scaled', 'mean-entropy')) - 0.5);
  });

  it('the head picker selects the lab’s head, and the numbers follow it', async () => {
    render(<ScalingCompare />);
    await settleExperiments();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Head' }), 'Head 3 of 4');
    await settleExperiments();
    expect(useLab.getState().selectedHead).toBe(2);
    expect(screen.getByTestId('scaling-compare-setup')).toHaveTextContent('Layer 1, head 3');
    expect(stat('unscaled', 'mean-max')).toBe(formatValue(expected(2).unscaled.meanMax, 3));
  });

  it('the query picker shows that row’s max weight and entropy', async () => {
    render(<ScalingCompare />);
    await settleExperiments();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Query row' }), '3. sat');
    expect(screen.getByRole('rowheader', { name: 'Max weight in row “sat”' })).toBeInTheDocument();
    const { scaled, unscaled } = expected(0);
    expect(stat('unscaled', 'row-max')).toBe(formatValue(unscaled.rows[2].max, 3));
    expect(stat('unscaled', 'row-entropy')).toBe(formatValue(unscaled.rows[2].entropy, 3));
    expect(stat('scaled', 'row-max')).toBe(formatValue(scaled.rows[2].max, 3));
  });

  it('says so when there is no sentence', () => {
    useLab.setState({ text: '   ' });
    render(<ScalingCompare />);
    expect(screen.getByRole('status')).toHaveTextContent('There is no sentence to show yet');
  });
});
