import { NONE } from '../../../src/playground/components/format';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUi } from '../../../src/state/uiStore';
import { PlaygroundPage } from '../../../src/playground/components';
import { disposePlayground, usePlayground } from '../../../src/playground/playgroundStore';
import { createManualScheduler, type ManualScheduler } from '../../../src/playground/scheduler';
import { createInProcessClient } from '../../../src/playground/trainingClient';

/*
 * The playground page against the real training session on this thread: the manual scheduler decides how many
 * tasks (messages, training chunks) run, so nothing depends on wall time. The fake clock advances 10 ms per call,
 * so a chunk (80 ms of "training") is a handful of steps.
 */

let scheduler: ManualScheduler;

function renderPage(query = '') {
  scheduler = createManualScheduler();
  let clock = 0;
  const now = () => (clock += 10);
  const createClient = () => createInProcessClient(scheduler, { now });
  window.history.replaceState(null, '', `/#/playground${query ? `?${query}` : ''}`);
  return render(<PlaygroundPage query={query} createClient={createClient} />);
}

/** Runs queued work (at most `limit` tasks: a running training never runs out). */
const run = (limit = 50) => act(() => void scheduler.runAll(limit));
const statValue = (name: string): string => document.querySelector(`[data-stat="${name}"]`)?.textContent ?? '';

beforeEach(() => useUi.setState({ locale: 'en' }));
afterEach(() => disposePlayground());

describe('the playground page', () => {
  it('builds an untrained reversal model, shows it and writes the canonical link', () => {
    renderPage();
    expect(screen.getByRole('status', { name: '' })).toBeDefined();
    expect(screen.getByText('Building a fresh model…')).toBeInTheDocument();
    run();
    expect(screen.getByText('Ready: an untrained model with random weights. Press Start.')).toBeInTheDocument();
    expect(statValue('step')).toBe('0');
    expect(window.location.hash).toBe('#/playground?task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1');
    expect(screen.getByLabelText('Task')).toHaveValue('reversal');
    // The sample's map: 16 × 16 for reversal's 16 digits, captioned with its layer, head and step.
    expect(screen.getByText('Layer 1, head 1 at step 0')).toBeInTheDocument();
    const table = screen.getByRole('region', { name: /Input, target/ });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('cell')).toHaveLength(3 * 16);
  });

  it('Start trains: the step counter, the chart and the speed move; Pause stops them', async () => {
    const user = userEvent.setup();
    renderPage();
    run();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    run(6);
    const afterFirst = Number(statValue('step'));
    expect(afterFirst).toBeGreaterThan(0);
    run(6);
    const afterSecond = Number(statValue('step'));
    expect(afterSecond).toBeGreaterThan(afterFirst);
    expect(Number(document.querySelector('.playground-chart svg')?.getAttribute('data-points'))).toBe(afterSecond);
    expect(statValue('speed')).toMatch(/^\d+(\.\d)?$/);
    expect(statValue('loss')).toMatch(/^\d+\.\d+$/);

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    run(50);
    const paused = Number(statValue('step'));
    expect(scheduler.pending).toBe(0);
    expect(screen.getByText(`Paused at step ${paused}.`)).toBeInTheDocument();
    // A paused run has no speed: the last figure would read as still training.
    expect(statValue('speed')).toBe(NONE);
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Step' }));
    run();
    expect(Number(statValue('step'))).toBe(paused + 1);
    expect(screen.getByText(`Layer 1, head 1 at step ${paused + 1}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    run();
    expect(statValue('step')).toBe('0');
    expect(screen.getByText('The chart fills in once training starts.', { selector: '.playground-chart__summary' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
  });

  it('a bad link shows a notice per refused value and builds with working values', async () => {
    renderPage('task=nope&lr=abc&heads=3&layers=99&x=1');
    run();
    const notices = screen.getByText('Some settings could not be used').parentElement as HTMLElement;
    const items = within(notices).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(
      expect.arrayContaining([
        'There is no task “nope”; the tasks are reversal, copy, sort and induction.',
        'lr = “abc” is not a valid value; the default is used.',
        'layers = “99” is outside the allowed range (1 to 4); the default is used.',
        '3 heads do not divide the width 32; 2 heads are used instead.',
        '“x” is not a playground setting; it was ignored.',
      ]),
    );
    expect(items).toHaveLength(5);
    expect(usePlayground.getState().params).toMatchObject({ task: 'reversal', layers: 1, heads: 2, learningRate: 0.01 });
    expect(screen.getByRole('button', { name: 'L1 H2: show layer 1, head 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Some settings could not be used')).toBeNull();
  });

  it('changing the task builds that task’s model with its own architecture', async () => {
    const user = userEvent.setup();
    renderPage();
    run();
    await user.selectOptions(screen.getByLabelText('Task'), 'induction');
    run();
    expect(screen.getByLabelText('Layers')).toHaveValue('2');
    expect(window.location.hash).toBe('#/playground?task=induction&layers=2&heads=1&width=32&lr=0.005&seed=1');
    // Two layers of one head: a thumbnail each, the causal mask hatched in the large map.
    expect(screen.getAllByRole('button', { name: /^L\d H1: show layer \d, head 1$/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'L2 H1: show layer 2, head 1' }));
    expect(screen.getByText('Layer 2, head 1 at step 0')).toBeInTheDocument();
    // Heads offered are only those that divide the width.
    const heads = Array.from((screen.getByLabelText('Heads per layer') as HTMLSelectElement).options).map((o) => o.value);
    expect(heads).toEqual(['1', '2', '4', '8']);
  });

  it('a seed that is not a whole number is refused in the form; a good one rebuilds', async () => {
    const user = userEvent.setup();
    renderPage();
    run();
    const seed = screen.getByLabelText('Seed');
    await user.clear(seed);
    await user.type(seed, '-3');
    await user.click(screen.getByRole('button', { name: 'Use seed' }));
    expect(screen.getByRole('alert')).toHaveTextContent('“-3” is not a whole number from 0 to 4294967295; the seed stays 1.');
    expect(seed).toHaveAttribute('aria-invalid', 'true');
    await user.clear(seed);
    await user.type(seed, '42');
    await user.click(screen.getByRole('button', { name: 'Use seed' }));
    run();
    expect(usePlayground.getState().params.seed).toBe(42);
    expect(window.location.hash).toMatch(/seed=42$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is in Chinese when the interface is', () => {
    useUi.setState({ locale: 'zh' });
    renderPage();
    run();
    expect(screen.getByRole('heading', { level: 2, name: '训练一个小型 Transformer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始' })).toBeInTheDocument();
    expect(screen.getByText('就绪：一个权重随机、尚未训练的模型。按“开始”。')).toBeInTheDocument();
  });

  it('shows the maps for an input the student types, refuses one that does not fit, and goes back', async () => {
    const user = userEvent.setup();
    renderPage();
    run();
    const field = screen.getByLabelText('Try your own input');
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('type exactly 16 digits, each from 0 to 9');
    await user.clear(field);
    await user.type(field, '0000 1111 2222 3333');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    run();
    expect(screen.getByRole('heading', { name: 'Attention on your input' })).toBeInTheDocument();
    const inputRow = within(screen.getByRole('region', { name: /Input, target/ })).getAllByRole('row')[0];
    expect(within(inputRow).getAllByRole('cell').map((c) => c.textContent).join('')).toBe('0000111122223333');
    expect(window.location.hash).toMatch(/&input=0000111122223333$/);
    expect(screen.getByLabelText('Try your own input')).toHaveValue('0000111122223333');
    await user.click(screen.getByRole('button', { name: 'Back to the held-out input' }));
    run();
    expect(screen.getByRole('heading', { name: 'Attention on one held-out input' })).toBeInTheDocument();
    expect(window.location.hash).not.toContain('input=');
  });

  it('the causal mask switch rebuilds the model with the mask, hatches the future in the map, and is in the link', async () => {
    const user = userEvent.setup();
    renderPage();
    run();
    // The legend names masked cells only when the map has some.
    expect(screen.queryByText(/masked/i, { selector: '.attention-heatmap *' })).toBeNull();
    await user.click(screen.getByLabelText('Causal mask: no looking ahead'));
    run();
    expect(usePlayground.getState().config?.causal).toBe(true);
    expect(window.location.hash).toBe('#/playground?task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1&causal=1');
    // Query q sees keys 0…q only: the trainer's weights are exactly 0 above the diagonal.
    const weights = usePlayground.getState().sample?.attention[0][0];
    expect(weights).toBeDefined();
    for (let q = 0; q < 16; q++) for (let k = q + 1; k < 16; k++) expect(weights?.[q * 16 + k]).toBe(0);
    expect(screen.getByText(/masked/i, { selector: '.attention-heatmap *' })).toBeInTheDocument();
  });

  it('the held-out evaluations are readable as a table, newest first', async () => {
    const user = userEvent.setup();
    renderPage();
    run();
    await user.click(screen.getByRole('button', { name: 'Step' }));
    run();
    await user.click(screen.getByText('The newest 2 of 2 held-out evaluations as a table'));
    const details = screen.getByText('The newest 2 of 2 held-out evaluations as a table').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(true);
    const rows = within(details).getAllByRole('row');
    expect(rows.map((r) => within(r).queryAllByRole('cell')[0]?.textContent ?? 'header')).toEqual(['header', '1', '0']);
    const held = usePlayground.getState().heldOut;
    expect(within(rows[1]).getAllByRole('cell')[2].textContent).toBe(`${((held?.accuracy ?? 0) * 100).toFixed(1)} %`);
  });

  it('keyboard focus stays on Start when it becomes Pause, and back', async () => {
    const user = userEvent.setup();
    renderPage();
    run();
    screen.getByRole('button', { name: 'Start' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pause' }));
    await user.keyboard('{Enter}');
    run(50);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^(Resume|Start)$/ }));
  });
});
