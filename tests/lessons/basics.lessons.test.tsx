import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUi } from '../../src/state/uiStore';
import { queriesKeysValues } from '../../src/lessons/content/queries-keys-values';
import { scaledDotProduct } from '../../src/lessons/content/scaled-dot-product';
import { whatIsAttention } from '../../src/lessons/content/what-is-attention';
import { LessonPage } from '../../src/lessons/LessonPage';
import { useProgress } from '../../src/lessons/progressStore';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { DEFAULT_WALKTHROUGH, useWalkthrough } from '../../src/state/walkthroughStore';
import { settleExperiments } from './settleExperiments';

const LESSONS = [whatIsAttention, queriesKeysValues, scaledDotProduct];

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: 'the cat sat on the mat' });
  useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  useProgress.getState().resetProgress();
  act(() => useUi.setState({ locale: 'en' }));
});

// By text, not accessible name: jsdom's computed style stumbles over the KaTeX markup inside some labels.
const tryButton = (text: string) => Array.from(document.querySelectorAll<HTMLButtonElement>('.lesson-try button')).find((b) => b.textContent?.includes(text))!;
const widget = (id: string) => document.querySelector<HTMLElement>(`figure[data-widget="${id}"]`)!;

describe.each(LESSONS.map((l) => [l.slug, l] as const))('lesson %s', (_slug, lesson) => {
  it.each(['en', 'zh'] as const)('renders every widget without an error or NaN (%s)', (locale) => {
    act(() => useUi.setState({ locale }));
    render(<LessonPage lesson={lesson} />);
    const placed = lesson.blocks.filter((b) => b.kind === 'widget');
    expect(document.querySelectorAll('figure[data-widget]')).toHaveLength(placed.length);
    expect(screen.queryByText(/stopped with an error|出错|not available/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/NaN/);
  });
});

describe('the lessons’ “try it” buttons drive the widgets on the page', () => {
  it('lesson 3: one head of width 64 shows in scaling-compare, and the walkthrough opens the scaling step', async () => {
    render(<LessonPage lesson={scaledDotProduct} />);
    await settleExperiments();
    const compare = widget('scaling-compare');
    expect(within(compare).getByTestId('scaling-compare-setup')).toHaveTextContent('d_k = 8');
    await userEvent.click(tryButton('Use one head of width 64'));
    await settleExperiments();
    expect(within(compare).getByTestId('scaling-compare-setup')).toHaveTextContent('d_k = 64');
    await userEvent.click(tryButton('Back to 4 heads of width 8'));
    await settleExperiments();
    expect(within(compare).getByTestId('scaling-compare-setup')).toHaveTextContent('d_k = 8');
    await userEvent.click(tryButton('Open the scaling step on my sentence'));
    await settleExperiments();
    expect(widget('walkthrough-step').querySelector('[data-step]')).toHaveAttribute('data-step', 'scale');
  });

  it('lesson 1: the first question reveals the plane with the query on “tired”', async () => {
    render(<LessonPage lesson={whatIsAttention} />);
    const card = document.querySelector<HTMLElement>('[data-question="aligned-key"]')!;
    // By choice id: the wording of choices is tuned for length, the id is what the lesson means.
    await userEvent.click(card.querySelector<HTMLInputElement>('[data-choice="most-not-all"] input')!);
    await userEvent.click(within(card).getByRole('button', { name: 'Commit my answer' }));
    expect(within(card).getByTestId('vector-drag-summary')).toHaveTextContent('Largest weight: “tired”');
  });
});
