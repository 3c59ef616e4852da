import { render, screen } from '@testing-library/react';
import { LessonMap } from '../../src/lessons/LessonMap';
import { useUi } from '../../src/state/uiStore';

beforeEach(() => useUi.setState({ locale: 'en' }));

describe('the lesson map with an unknown lesson name', () => {
  it('quotes a 100 KB name cut short, not in full', () => {
    render(<LessonMap unknownSlug={'x'.repeat(100_000)} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent!.length).toBeLessThan(200);
    expect(alert).toHaveTextContent(/^There is no lesson called “x+…”\. Choose one from the list below\.$/);
  });
});
