import { render } from '@testing-library/react';
import { LessonMap } from '../../src/lessons/LessonMap';
import { useProgress } from '../../src/lessons/progressStore';
import { useUi } from '../../src/state/uiStore';

beforeEach(() => {
  useProgress.getState().resetProgress();
});

describe.each(['en', 'zh'] as const)('the lesson map cards (%s)', (locale) => {
  it('typeset the summaries’ inline TeX instead of printing $W^O$', () => {
    useUi.setState({ locale });
    const { container } = render(<LessonMap />);
    const summaries = Array.from(container.querySelectorAll('.lesson-card__summary'));
    expect(summaries).toHaveLength(12);
    for (const s of summaries) {
      // What is drawn: KaTeX's MathML copy (for screen readers) carries the TeX source as an annotation.
      const drawn = s.cloneNode(true) as HTMLElement;
      drawn.querySelectorAll('.katex-mathml').forEach((m) => m.remove());
      expect(drawn.textContent ?? '').not.toMatch(/\$|\\text|\\sqrt|\^\{?\w/);
    }
    // Lesson 5 (W^O) and lesson 8 (q^T k / sqrt d) have formulas in their summaries.
    expect(summaries[4].querySelector('.katex')).not.toBeNull();
    expect(summaries[7].querySelector('.katex')).not.toBeNull();
  });
});
