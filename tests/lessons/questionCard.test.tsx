import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUi } from '../../src/state/uiStore';
import { useProgress } from '../../src/lessons/progressStore';
import { QuestionCard } from '../../src/lessons/QuestionCard';
import type { Question } from '../../src/lessons/types';

const question: Question = {
  id: 'largest-weight',
  prompt: { en: 'Which key gets the largest weight?', zh: '哪个键的权重最大？' },
  choices: [
    { id: 'aligned', text: { en: 'The aligned key', zh: '方向一致的键' }, correct: true, feedback: { en: 'Its dot product is largest.', zh: '它的点积最大。' } },
    { id: 'longest', text: { en: 'The longest key', zh: '最长的键' }, correct: false, feedback: { en: 'Length alone is not enough.', zh: '只看长度不够。' } },
  ],
  reveal: { widget: 'no-such-widget' as never },
};

beforeEach(() => {
  useUi.setState({ locale: 'en' });
  useProgress.getState().resetProgress();
});

describe('a predict-then-reveal question', () => {
  it('asks for a choice before committing, then shows the feedback, the others and the reveal', async () => {
    render(<QuestionCard slug="what-is-attention" question={question} />);
    expect(screen.getByText(/appears after you commit/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Commit my answer' }));
    expect(screen.getByText('Choose an answer first.')).toBeInTheDocument();
    expect(useProgress.getState().answers).toEqual({});

    await userEvent.click(screen.getByLabelText('The longest key'));
    await userEvent.click(screen.getByRole('button', { name: 'Commit my answer' }));
    expect(screen.getByText('Not quite.')).toBeInTheDocument();
    expect(screen.getAllByText('Length alone is not enough.').length).toBeGreaterThan(0);
    expect(screen.getByText('Its dot product is largest.')).toBeInTheDocument();
    expect(screen.getByLabelText('The aligned key')).toBeDisabled();
    // The reveal slot renders (here: the clear message for a widget id that does not exist).
    expect(screen.getByRole('alert')).toHaveTextContent('not available');
    expect(useProgress.getState().answers).toEqual({ 'what-is-attention/largest-weight': 'longest' });
  });

  it('shows a saved answer as committed, and "answer again" reopens it', async () => {
    useProgress.getState().answer('what-is-attention', 'largest-weight', 'aligned');
    render(<QuestionCard slug="what-is-attention" question={question} />);
    expect(screen.getByText('Right.')).toBeInTheDocument();
    expect(screen.getByLabelText('The aligned key')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Answer again' }));
    expect(screen.getByLabelText('The aligned key')).toBeEnabled();
    expect(screen.queryByText('Right.')).not.toBeInTheDocument();
    expect(useProgress.getState().answers).toEqual({});
  });

  it('treats a saved answer for a choice that no longer exists as unanswered', () => {
    useProgress.getState().answer('what-is-attention', 'largest-weight', 'removed-choice');
    render(<QuestionCard slug="what-is-attention" question={question} />);
    expect(screen.getByRole('button', { name: 'Commit my answer' })).toBeInTheDocument();
  });

  it('speaks Chinese when the interface does', async () => {
    useUi.setState({ locale: 'zh' });
    render(<QuestionCard slug="what-is-attention" question={question} />);
    await userEvent.click(screen.getByLabelText('方向一致的键'));
    await userEvent.click(screen.getByRole('button', { name: '提交我的答案' }));
    expect(screen.getByText('答对了。')).toBeInTheDocument();
  });
});
