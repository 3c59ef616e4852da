import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_MODEL_FILE_BYTES } from '../../../src/engine/train';
import { useUi } from '../../../src/state/uiStore';
import { PlaygroundPage } from '../../../src/playground/components';
import { disposePlayground, usePlayground } from '../../../src/playground/playgroundStore';
import { createManualScheduler, type ManualScheduler } from '../../../src/playground/scheduler';
import { createInProcessClient } from '../../../src/playground/trainingClient';

/*
 * What a student sees when they open a model file the playground refuses: the refusal in their language, naming
 * the problem with any value of the file cut short, the model they had still there, and every button working.
 */

const REVERSAL = JSON.parse(readFileSync(path.resolve(__dirname, '../../../public/models/reversal.json'), 'utf8')) as { config: object };

const FILES = {
  deep: `{"format":"attention-lab-tiny-transformer","version":1,"config":${'['.repeat(2000)}${']'.repeat(2000)}}`,
  longFormat: JSON.stringify({ format: 'a'.repeat(1_000_000), version: 1 }),
  atLimits: JSON.stringify({ ...REVERSAL, config: { ...REVERSAL.config, seqLen: 1024, vocab: 4096 } }),
  notJson: 'just some notes',
};

let scheduler: ManualScheduler;

function renderPage() {
  scheduler = createManualScheduler();
  let clock = 0;
  const createClient = () => createInProcessClient(scheduler, { now: () => (clock += 10) });
  window.history.replaceState(null, '', '/#/playground');
  render(<PlaygroundPage query="" createClient={createClient} />);
  act(() => void scheduler.runAll(50));
}

/** Picks a file in "Open a model file…" and lets the worker answer. */
async function openFile(name: string, text: string): Promise<void> {
  const input = screen.getByLabelText(useUi.getState().locale === 'en' ? 'Open a model file…' : '打开模型文件…');
  await userEvent.upload(input, new File([text], name, { type: 'application/json' }));
  // The file is read (a promise), then its text goes to the session.
  await act(async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      scheduler.runAll(50);
    }
  });
}

const alertText = (): string => Array.from(screen.getByRole('alert').querySelectorAll('p'), (p) => p.textContent).join(' | ');

function expectEverythingWorks(): void {
  expect(usePlayground.getState().status).toBe('error');
  expect(usePlayground.getState().config).toMatchObject({ task: 'reversal', seqLen: 16, vocab: 10 });
  for (const name of [/^(Start|Resume|开始|继续)$/, /^(Step|单步)$/, /^(Reset|重置)$/, /^(Load trained model|加载训练好的模型)$/]) {
    expect(screen.getByRole('button', { name })).toBeEnabled();
  }
  expect(document.querySelector('.playground-files__input')).toBeEnabled();
}

beforeEach(() => useUi.setState({ locale: 'en' }));
afterEach(() => disposePlayground());

describe('a refused model file, as the student sees it', () => {
  it.each<[string, string, string, string]>([
    [
      'deep.json',
      FILES.deep,
      'The model file was refused: deep.json is not a model file: its lists and objects are nested more than 16 levels deep.',
      '模型文件被拒绝：deep.json 不是模型文件：它的列表和对象嵌套超过了 16 层。',
    ],
    [
      'long.json',
      FILES.longFormat,
      `The model file was refused: long.json is not an Attention Lab model file: its format is "${'a'.repeat(37)}…", not "attention-lab-tiny-transformer".`,
      `模型文件被拒绝：long.json 不是 Attention Lab 的模型文件：它的格式是 "${'a'.repeat(37)}…"，而不是 "attention-lab-tiny-transformer"。`,
    ],
    [
      'big.json',
      FILES.atLimits,
      'The model file was refused: big.json holds a model too large to train here: it would need about 23454 MB of memory, and the playground allows at most 512 MB.',
      '模型文件被拒绝：big.json 中的模型太大，无法在这里训练：它大约需要 23454 MB 内存，而训练场最多允许 512 MB。',
    ],
    [
      'notes.json',
      FILES.notJson,
      'The model file was refused: notes.json is not a model file: it is not valid JSON.',
      '模型文件被拒绝：notes.json 不是模型文件：它不是有效的 JSON。',
    ],
  ])('%s: named in English and in Chinese; the model stays and every button works', async (name, text, english, chinese) => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Step' }));
    act(() => void scheduler.runAll(50));
    await openFile(name, text);
    expect(alertText()).toBe(`${english} | The model you had is still here.`);
    expect(screen.getByText('Nothing was loaded; the reason is below.')).toBeInTheDocument();
    expect(document.querySelector('[data-stat="step"]')?.textContent).toBe('1');
    expectEverythingWorks();
    act(() => useUi.setState({ locale: 'zh' }));
    expect(alertText()).toBe(`${chinese} | 原来的模型仍然保留着。`);
    // Step trains the model that was kept, and clears the refusal.
    await userEvent.click(screen.getByRole('button', { name: '单步' }));
    act(() => void scheduler.runAll(50));
    expect(document.querySelector('[data-stat="step"]')?.textContent).toBe('2');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a file over 10 MB is refused before it is read', async () => {
    renderPage();
    const huge = new File(['x'.repeat(MAX_MODEL_FILE_BYTES + 1024 * 1024)], 'huge.json', { type: 'application/json' });
    const read = vi.spyOn(huge, 'text');
    await userEvent.upload(screen.getByLabelText('Open a model file…'), huge);
    expect(read).not.toHaveBeenCalled();
    expect(alertText()).toBe(
      'The model file was refused: huge.json is too large to be a model of this playground (11.0 MB; at most 10 MB). | The model you had is still here.',
    );
    expectEverythingWorks();
  });
});
