import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlaygroundPage } from '../../../src/playground/components';
import { disposePlayground, usePlayground } from '../../../src/playground/playgroundStore';
import { createManualScheduler, type ManualScheduler } from '../../../src/playground/scheduler';
import { createInProcessClient } from '../../../src/playground/trainingClient';
import { useUi } from '../../../src/state/uiStore';

/*
 * "Load trained model" replaced a model the student had trained for 650 steps without a word, and after a load
 * the button said Resume while the status said "Press Start". The real session runs on this thread (manual
 * scheduler); fetch answers with the shipped reversal model.
 */

const REVERSAL_FILE = readFileSync(path.resolve(__dirname, '../../../public/models/reversal.json'), 'utf8');
const FILE_STEP = (JSON.parse(REVERSAL_FILE) as { step: number }).step;

let scheduler: ManualScheduler;
let fetchFn: ReturnType<typeof vi.fn>;

function renderPage() {
  scheduler = createManualScheduler();
  let clock = 0;
  const createClient = () => createInProcessClient(scheduler, { now: () => (clock += 10) });
  window.history.replaceState(null, '', '/#/playground');
  render(<PlaygroundPage query="" createClient={createClient} />);
  run();
}

const run = (limit = 50) => act(() => void scheduler.runAll(limit));
/** Lets the fake download answer, then runs the session until the load is answered. */
const finishLoad = async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  run(200);
};
const loadButton = (name = 'Load trained model') => screen.getByRole('button', { name });
const question = () => screen.queryByRole('alertdialog');

beforeEach(() => {
  useUi.setState({ locale: 'en' });
  fetchFn = vi.fn(() => Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(REVERSAL_FILE) }));
  vi.stubGlobal('fetch', fetchFn);
});
afterEach(() => {
  disposePlayground();
  vi.unstubAllGlobals();
});

describe('Load trained model', () => {
  it('loads at once when nothing was trained, and then the button and the status both say Resume', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(loadButton());
    expect(question()).toBeNull();
    await finishLoad();
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(usePlayground.getState().step).toBe(FILE_STEP);
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByText(`The trained model is loaded (${FILE_STEP} training steps). Press Resume to train it further.`)).toBeInTheDocument();
    expect(screen.queryByText(/Press Start/)).toBeNull();
  });

  it('asks first when the student has trained; “Keep mine” keeps the model', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Step' }));
    run();
    await user.click(screen.getByRole('button', { name: 'Step' }));
    run();
    expect(usePlayground.getState().step).toBe(2);

    await user.click(loadButton());
    const dialog = screen.getByRole('alertdialog', { name: 'Replace your model?' });
    expect(dialog).toHaveAccessibleDescription(
      'You have trained the model on screen (now at step 2). Loading the trained model replaces it, and its training is lost unless you save it first with “Save model (.json)”.',
    );
    expect(screen.getByRole('button', { name: 'Keep mine' })).toHaveFocus();
    expect(fetchFn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(question()).toBeNull();
    expect(loadButton()).toHaveFocus();
    await finishLoad();
    expect(fetchFn).not.toHaveBeenCalled();
    expect(usePlayground.getState().step).toBe(2);
  });

  it('“Replace” loads; with nothing trained since that load, the next load does not ask', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Step' }));
    run();
    await user.click(loadButton());
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(question()).toBeNull();
    await finishLoad();
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(usePlayground.getState().step).toBe(FILE_STEP);

    await user.click(loadButton());
    expect(question()).toBeNull();
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('Escape keeps the model; Reset while asking takes the question away', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Step' }));
    run();
    await user.click(loadButton());
    await user.keyboard('{Escape}');
    expect(question()).toBeNull();
    expect(usePlayground.getState().step).toBe(1);

    await user.click(loadButton());
    expect(question()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    run();
    expect(question()).toBeNull();
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('asks in Chinese, and the Chinese status quotes the button too', async () => {
    useUi.setState({ locale: 'zh' });
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByText('就绪：一个权重随机、尚未训练的模型。按“开始”。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '单步' }));
    run();
    await user.click(loadButton('加载训练好的模型'));
    expect(screen.getByRole('alertdialog', { name: '替换你的模型吗？' })).toHaveAccessibleDescription(
      '屏幕上的模型是你训练过的（目前在第 1 步）。加载训练好的模型会替换它；除非先用“保存模型（.json）”保存，否则这些训练会丢失。',
    );
    await user.click(screen.getByRole('button', { name: '替换' }));
    await finishLoad();
    expect(screen.getByRole('button', { name: '继续' })).toBeInTheDocument();
    expect(screen.getByText(`已加载训练好的模型（训练了 ${FILE_STEP} 步）。按“继续”可以在此基础上接着训练。`)).toBeInTheDocument();
  });
});
