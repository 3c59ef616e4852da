// Head labels in the views, with a trained-model result (labelledModel: layer 1's head 1 attends to the start token,
// head 2 to the previous position): captions under the heads grid's thumbnails and in their accessible names, the
// head view's checkboxes, the selected head's heading, the definitions one click away; numbers as the engine's; no
// "NaN" or "undefined"; nothing for the untrained model. The probe runs in slices on timers: tests wait for its
// scores with findBy (no timing is asserted).
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeadsGrid } from '../../../src/components/headsgrid/HeadsGrid';
import { HeadView } from '../../../src/components/headview/HeadView';
import { SelectedHeadPanel } from '../../../src/components/selectedhead/SelectedHeadPanel';
import { headLabelsOf, inductionScores, inductionSettingsFor, MAX_TOKENS, type CausalLmRun, type HeadLabels } from '../../../src/engine';
import { computeLab } from '../../../src/run/computeLab';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { lmModelStore } from '../../../src/models/trained/lmModelStore';
import { useUi } from '../../../src/state/uiStore';
import { labelledModel, labelledTrained } from './labelledModel';

const TEXT = 'the cat sat on the mat. the cat sat.';
const model = labelledModel();

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT });
  act(() => {
    useUi.setState({ locale: 'en' });
    lmModelStore.setState({ status: 'ready', trained: labelledTrained(model) });
  });
});

afterEach(() => {
  act(() => lmModelStore.setState({ status: 'idle' }));
});

/** The engine's labels for the lab's run of the current settings, with the probe's scores (or without). */
function expected(withProbe: boolean): HeadLabels {
  const result = computeLab(useLab.getState(), MAX_TOKENS, model);
  if (!result.ok || result.kind !== 'causal_lm') throw new Error('expected the trained model\'s run');
  const probe = inductionScores(model, inductionSettingsFor(model.weights.nPositions));
  return headLabelsOf(result as CausalLmRun, withProbe ? probe : null, { inductionLength: 5 });
}

/** Waits for the probe's scores: the guide then names the induction bar, max(0.3, 3 × 0.114) = 0.34 for this context. */
const probed = async (kind = 'induction') => {
  const bar = (expected(true).thresholds.induction as number).toFixed(2);
  expect(bar).toBe('0.34');
  await screen.findAllByText(new RegExp(`${kind} ${bar.replace('.', '\\.')}`));
};

const thumbs = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('data-layer') && b.getAttribute('data-head') !== 'average');
const noBrokenText = (root: HTMLElement) => {
  const texts = [root.textContent ?? '', ...Array.from(root.querySelectorAll('[aria-label]'), (el) => el.getAttribute('aria-label') ?? '')];
  for (const text of texts) expect(text).not.toMatch(/NaN|undefined|null|\{\w+\}/);
};

describe('head labels of the trained model', () => {
  it('the fixture is what the views assume: 2 layers × 4 heads, and its hand-set heads are labelled by the engine', () => {
    const labels = expected(true);
    expect(labels.heads.map((row) => row.length)).toEqual([4, 4]);
    expect(labels.positions).toBe(12); // the context: the text is cut there
    expect(labels.heads[0][0].label?.kind).toBe('firstToken');
    expect(labels.heads[0][0].label?.score).toBeCloseTo(1, 4);
    expect(labels.heads[0][1].label?.kind).toBe('previousToken');
    expect(labels.heads[0][1].label?.score).toBeCloseTo(10 / 11, 3);
  });

  it('heads grid: a caption under each labelled thumbnail, its words at the end of the accessible name', async () => {
    const { container } = render(<HeadsGrid />);
    // The probe's scores join when it has run; wait for them (the guide's induction bar appears then).
    await probed();
    const labels = expected(true);
    const want = labels.heads.flat();
    const buttons = thumbs();
    expect(buttons).toHaveLength(8);
    buttons.forEach((button, k) => {
      const { layer, head, label } = want[k];
      const name = `Layer ${layer + 1}, head ${head + 1}`;
      const caption = button.querySelector('.heads-grid-view__caption');
      expect(caption).not.toBeNull();
      if (label) {
        const kind = { previousToken: 'previous token', firstToken: 'first token', sameToken: 'same token', induction: 'induction' }[label.kind];
        const text = `${kind} ${label.score.toFixed(2)}`;
        expect(caption).toHaveTextContent(text);
        // A caption the grid cuts short (at most three lines) is whole in its tooltip, as in the name.
        expect(caption).toHaveAttribute('title', text);
        expect(button).toHaveAccessibleName(`${name} · ${text}`);
        // WCAG 2.5.3, label in name: the visible words are part of the name.
        expect(button.getAttribute('aria-label')).toContain(caption?.textContent ?? '???');
      } else {
        expect(caption?.textContent).toBe('');
        expect(caption).not.toHaveAttribute('title');
        expect(button).toHaveAccessibleName(name);
      }
    });
    expect(screen.getByRole('button', { name: 'Layer 1, head 1 · first token 1.00' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Layer 1, head 2 · previous token 0.91' })).toBeInTheDocument();
    // The average's thumbnail has an empty caption (the row keeps one height) and its own name.
    expect(screen.getByRole('button', { name: 'Layer 1, average of the heads' })).toBeInTheDocument();
    noBrokenText(container);
  });

  it('heads grid: thumbnails too small for a caption keep the label in their names only', async () => {
    const { container } = render(<HeadsGrid thumbnailSize={40} />);
    await probed();
    expect(container.querySelector('.heads-grid-view__caption')).toBeNull();
    expect(screen.getByRole('button', { name: 'Layer 1, head 1 · first token 1.00' })).toBeInTheDocument();
    expect(screen.getByText('What do the head labels mean?')).toBeInTheDocument();
  });

  it('heads grid: the definitions are one click away, with the even spread and the bars on this text', async () => {
    render(<HeadsGrid />);
    await probed();
    const summary = screen.getByText('What do the head labels mean?');
    const details = summary.closest('details');
    expect(details).not.toBeNull();
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(details).toHaveAttribute('open');
    const guide = within(details as HTMLElement);
    expect(guide.getByText(/to the one just before it, on your text/)).toBeInTheDocument();
    expect(guide.getByText(/to the first one, the start token/)).toBeInTheDocument(); // counted from 1 on screen: no “position 0”
    expect(guide.getByText(/to earlier copies of the same token/)).toBeInTheDocument();
    expect(guide.getByText(/random tokens repeated twice/)).toBeInTheDocument();
    const labels = expected(true);
    const u = (labels.uniform.previousToken as number).toFixed(2);
    const bar = (labels.thresholds.previousToken as number).toFixed(2);
    expect(details).toHaveTextContent(`would already score previous token ${u}; first token ${u}`);
    expect(details).toHaveTextContent('(on your text of 12 tokens, the start token included; induction on the probe)');
    expect(details).toHaveTextContent(`A label needs 3 times that and at least 0.3: previous token ${bar}; first token ${bar}`);
  });

  it('selected head: the heading carries the label; its four scores beside the definitions', async () => {
    useLab.setState({ selectedLayer: 0, selectedHead: 1 });
    const { container } = render(<SelectedHeadPanel />);
    expect(screen.getByRole('heading', { name: 'Layer 1, head 2 · previous token 0.91' })).toBeInTheDocument();
    const labels = expected(true);
    const { scores } = labels.heads[0][1];
    const inductionText = `induction ${(scores.induction as number).toFixed(2)}`;
    await screen.findByText(inductionText);
    const details = screen.getByText('This head’s scores, and what they mean').closest('details') as HTMLElement;
    expect(details).toHaveTextContent(`previous token ${(scores.previousToken as number).toFixed(2)}`);
    expect(details).toHaveTextContent(`first token ${(scores.firstToken as number).toFixed(2)}`);
    expect(details).toHaveTextContent(`same token ${(scores.sameToken as number).toFixed(2)}`);
    noBrokenText(container);
  });

  it('says the induction probe is still running until its scores arrive, then shows them', async () => {
    const fresh = labelledModel(); // its probe has not run yet
    act(() => lmModelStore.setState({ status: 'ready', trained: labelledTrained(fresh) }));
    useLab.setState({ selectedLayer: 0, selectedHead: 0 });
    render(<SelectedHeadPanel />);
    // The first paint comes before the probe's first slice (a timer), so it shows the text-level labels only.
    expect(screen.getByRole('heading', { name: 'Layer 1, head 1 · first token 1.00' })).toBeInTheDocument();
    expect(screen.getByText('induction n/a')).toBeInTheDocument();
    expect(screen.getByText(/The induction probe is still running\./)).toBeInTheDocument();
    expect(await screen.findByText(/^induction \d\.\d\d$/)).toBeInTheDocument();
    expect(screen.queryByText(/still running/)).toBeNull();
  });

  it('selected head: a head without a label keeps its plain heading; the average has no scores', async () => {
    useLab.setState({ selectedLayer: 1, selectedHead: 2 });
    render(<SelectedHeadPanel />);
    await screen.findByText(/^induction \d\.\d\d$/);
    expect(expected(true).heads[1][2].label).toBeNull();
    expect(screen.getByRole('heading', { name: 'Layer 2, head 3' })).toBeInTheDocument();
    act(() => useLab.setState({ selectedHead: 'average' }));
    expect(screen.getByRole('heading', { name: 'Layer 2, average of 4 active heads' })).toBeInTheDocument();
    expect(screen.queryByText('This head’s scores, and what they mean')).toBeNull();
  });

  it('head view: each checkbox is named by the head and its label; the definitions under them', async () => {
    const { container } = render(<HeadView layer={0} />);
    await probed();
    expect(screen.getByRole('checkbox', { name: 'Head 1 · first token 1.00' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Head 2 · previous token 0.91' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Head 3' })).toBeChecked();
    expect(screen.getByText('What do the head labels mean?')).toBeInTheDocument();
    noBrokenText(container);
  });

  it('a head switched off keeps its label (measured with every head on)', async () => {
    render(
      <>
        <HeadsGrid />
        <HeadView layer={0} />
      </>,
    );
    await probed();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Head 2 · previous token 0.91' }));
    expect(useLab.getState().disabledHeads).toEqual([{ layer: 0, head: 1 }]);
    expect(await screen.findByRole('button', { name: 'Layer 1, head 2 · previous token 0.91, off (switched off)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Head 2 · previous token 0.91' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Layer 1, head 1 · first token 1.00' })).toBeInTheDocument();
  });

  it('in Chinese: the same labels in the interface language', async () => {
    act(() => useUi.setState({ locale: 'zh' }));
    const { container } = render(<HeadsGrid />);
    await probed('归纳');
    expect(screen.getByRole('button', { name: '第 1 层，头 1 · 首个词元 1.00' })).toHaveTextContent('首个词元 1.00');
    expect(screen.getByRole('button', { name: '第 1 层，头 2 · 前一词元 0.91' })).toBeInTheDocument();
    expect(screen.getByText('头的标签是什么意思？')).toBeInTheDocument();
    expect(screen.getByText(/每个位置分给第一个位置（起始词元）的平均权重/)).toBeInTheDocument();
    noBrokenText(container);
  });

  it('nothing for the untrained model: no captions, no definitions, plain names', () => {
    useLab.setState({ model: 'untrained' });
    const { container } = render(
      <>
        <HeadsGrid />
        <HeadView layer={0} />
        <SelectedHeadPanel />
      </>,
    );
    expect(container.querySelector('.heads-grid-view__caption')).toBeNull();
    expect(container.querySelector('details')).toBeNull();
    expect(screen.getByRole('button', { name: 'Layer 1, head 1' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Head 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Layer 1, head 1' })).toBeInTheDocument();
    expect(container).not.toHaveTextContent(/previous token|first token|same token/);
  });
});
