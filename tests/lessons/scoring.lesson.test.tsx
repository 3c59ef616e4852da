import { act, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localMMask, tokenize } from '../../src/engine';
import { useUi } from '../../src/state/uiStore';
import { otherAttention } from '../../src/lessons/content/other-attention';
import { LessonPage } from '../../src/lessons/LessonPage';
import { useProgress } from '../../src/lessons/progressStore';
import type { Block, Question } from '../../src/lessons/types';
import { DEFAULT_SOURCE, DEFAULT_TARGET } from '../../src/lessons/widgets/CrossAttentionModel';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { settleExperiments } from './settleExperiments';

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: 'the cat sat on the mat' });
  useProgress.getState().resetProgress();
  act(() => useUi.setState({ locale: 'en' }));
});

const question = (id: string): Question =>
  otherAttention.blocks.flatMap((b) => (b.kind === 'question' && b.question.id === id ? [b.question] : []))[0];
const correct = (q: Question) => q.choices.filter((c) => c.correct).map((c) => c.id);
const tryBlock = otherAttention.blocks.find((b): b is Extract<Block, { kind: 'try' }> => b.kind === 'try')!;
const tryButton = (text: string) => Array.from(document.querySelectorAll<HTMLButtonElement>('.lesson-try button')).find((b) => b.textContent?.includes(text))!;
const widget = (id: string) => document.querySelector<HTMLElement>(`figure[data-widget="${id}"]`)!;

describe('lesson other-attention: the facts it states', () => {
  it('local-m with D = 2: the first query sees keys 1, 2, 3 (the window is cut off, not moved), as the marked answer says', () => {
    for (const length of [5, 6, 10]) {
      const mask = localMMask(length, length, 2);
      const open = Array.from({ length }, (_, j) => j).filter((j) => mask.blocked[j] === 0).map((j) => j + 1);
      expect(open, `${length} tokens`).toEqual([1, 2, 3]);
    }
    expect(correct(question('local-m-keys'))).toEqual(['clipped']);
    expect(question('local-m-keys').reveal).toEqual({ widget: 'score-compare', config: { d: 2, focus: 'local-m' } });
  });

  it('the cross-attention question’s token counts are the tokenizer’s: 7 target and 6 source tokens', () => {
    expect(tokenize(DEFAULT_TARGET).tokens).toHaveLength(7);
    expect(tokenize(DEFAULT_SOURCE).tokens).toHaveLength(6);
    expect(question('cross-shape').prompt.en).toContain(DEFAULT_TARGET);
    expect(question('cross-shape').prompt.en).toContain(DEFAULT_SOURCE);
    expect(correct(question('cross-shape'))).toEqual(['t-by-s']);
  });

  it('the "try it" sentence has the 18 tokens its note promises', () => {
    expect(tokenize(tryBlock.preset.lab?.text ?? '').tokens).toHaveLength(18);
    expect(tryBlock.note?.en).toContain('18 tokens');
  });

  it('quotes Luong et al. 2015, Table 4: global dot 18.6, general 17.3, location 18.1; local-p general 19.0', () => {
    const table = otherAttention.blocks.find((b): b is Extract<Block, { kind: 'table' }> => b.kind === 'table')!;
    const text = (c: unknown) => (typeof c === 'object' && c !== null && 'en' in c ? (c as { en: string }).en : String(c));
    expect(table.rows.map((r) => r.map(text))).toEqual([
      ['global', 'dot', '18.6'],
      ['global', 'general', '17.3'],
      ['global', 'location', '18.1'],
      ['local-p', 'general', '19.0'],
    ]);
    expect(otherAttention.sources.map((s) => s.url)).toContain('https://arxiv.org/abs/1508.04025');
  });
});

describe('lesson other-attention on the page', () => {
  it.each(['en', 'zh'] as const)('renders both widgets without an error or NaN (%s)', async (locale) => {
    act(() => useUi.setState({ locale }));
    render(<LessonPage lesson={otherAttention} />);
    await settleExperiments();
    expect(document.querySelectorAll('figure[data-widget]')).toHaveLength(2);
    expect(document.querySelector('.lesson-widget__error')).toBeNull();
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('the "try it" button puts its sentence into score-compare: 18 tokens, local-m keeps 3·18 − 2 = 52 cells', async () => {
    render(<LessonPage lesson={otherAttention} />);
    await settleExperiments();
    const compare = widget('score-compare');
    expect(within(compare).getByTestId('score-compare-setup')).toHaveTextContent('6 tokens');
    await userEvent.click(tryButton('Use a longer sentence'));
    await settleExperiments();
    expect(within(compare).getByTestId('score-compare-setup')).toHaveTextContent('18 tokens');
    expect(within(compare).getByTestId('score-compare-count-local-m')).toHaveTextContent('52 of 324 cells get a weight above 0.');
  });

  it('answering the local-m question reveals score-compare with D = 2 and local-m in detail', async () => {
    render(<LessonPage lesson={otherAttention} />);
    await settleExperiments();
    const card = document.querySelector<HTMLElement>('[data-question="local-m-keys"]')!;
    expect(within(card).queryByTestId('score-compare-detail')).toBeNull();
    await userEvent.click(card.querySelector<HTMLInputElement>('[data-choice="clipped"] input')!);
    await settleExperiments();
    await userEvent.click(within(card).getByRole('button', { name: 'Commit my answer' }));
    await settleExperiments();
    // Six tokens, |s − t| ≤ 2: 6 + 2·5 + 2·4 = 24 open cells.
    expect(within(card).getByTestId('score-compare-count-local-m')).toHaveTextContent('24 of 36 cells get a weight above 0.');
    expect(within(within(card).getByTestId('score-compare-detail')).getByRole('application')).toHaveAccessibleName(/^Local-m with D = 2/);
    expect(card.textContent).toContain('Every other key is blocked and gets weight exactly 0.');
  });
});
