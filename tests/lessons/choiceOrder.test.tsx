import { render } from '@testing-library/react';
import { orderedChoices } from '../../src/lessons/choiceOrder';
import { useProgress } from '../../src/lessons/progressStore';
import { QuestionCard } from '../../src/lessons/QuestionCard';
import type { Question } from '../../src/lessons/types';
import { useUi } from '../../src/state/uiStore';

const letters = ['a', 'b', 'c', 'd', 'e'];
const question: Question = {
  id: 'five-choices',
  prompt: { en: 'Pick one', zh: '选一个' },
  choices: letters.map((id, i) => ({ id, text: { en: `Choice ${id}`, zh: `选项 ${id}` }, correct: i === 0, feedback: { en: `Because ${id}.`, zh: `因为 ${id}。` } })),
};

const shownOrder = (container: HTMLElement) => Array.from(container.querySelectorAll('[data-choice]')).map((el) => el.getAttribute('data-choice'));

beforeEach(() => {
  useProgress.getState().resetProgress();
  useUi.setState({ locale: 'en' });
});

describe('the order choices are shown in', () => {
  it('is the seeded shuffle, not the order the author wrote', () => {
    const { container } = render(<QuestionCard slug="masking" question={question} />);
    const expected = orderedChoices('masking', question).map((c) => c.id);
    expect(shownOrder(container)).toEqual(expected);
    expect(expected).not.toEqual(letters);
  });

  it('is the same in Chinese and after a remount (a reload)', () => {
    const first = render(<QuestionCard slug="masking" question={question} />);
    const en = shownOrder(first.container);
    first.unmount();
    useUi.setState({ locale: 'zh' });
    const again = render(<QuestionCard slug="masking" question={question} />);
    expect(shownOrder(again.container)).toEqual(en);
  });

  it('differs between questions (it is seeded by the question, not one fixed permutation)', () => {
    const orders = new Set(['q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map((id) => orderedChoices('masking', { ...question, id }).map((c) => c.id).join('')));
    expect(orders.size).toBeGreaterThan(1);
  });
});
