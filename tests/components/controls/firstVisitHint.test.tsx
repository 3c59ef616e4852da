import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FirstVisitHint } from '../../../src/components/controls/FirstVisitHint';
import { HeaderGuideLink } from '../../../src/components/controls/HeaderGuideLink';
import { FIRST_VISIT_STORAGE_KEY, sanitizeFirstVisit, useFirstVisit } from '../../../src/state/firstVisitStore';
import { useUi } from '../../../src/state/uiStore';

/** A new page load: the store starts undismissed and reads what is saved. */
async function reload(): Promise<void> {
  const saved = localStorage.getItem(FIRST_VISIT_STORAGE_KEY);
  // setState writes what it sets; the saved text is put back for the new page to read.
  useFirstVisit.setState({ dismissed: false });
  if (saved === null) localStorage.removeItem(FIRST_VISIT_STORAGE_KEY);
  else localStorage.setItem(FIRST_VISIT_STORAGE_KEY, saved);
  await act(() => useFirstVisit.persist.rehydrate());
}

beforeEach(async () => {
  localStorage.clear();
  useUi.setState({ locale: 'en' });
  await reload();
  window.history.replaceState(null, '', '/?lang=en');
});

describe('the first-visit entry', () => {
  it('invites a new reader to lesson 1, with a named close button', () => {
    render(<FirstVisitHint />);
    const entry = screen.getByRole('region', { name: 'Getting started' });
    expect(entry).toHaveTextContent('New here? Start with lesson 1: What attention is');
    expect(screen.getByRole('link', { name: 'Start with lesson 1: What attention is' })).toHaveAttribute('href', '#/lessons/what-is-attention');
    expect(screen.getByRole('button', { name: 'Dismiss the getting-started hint' })).toHaveTextContent('Dismiss');
  });

  it('in Chinese', () => {
    useUi.setState({ locale: 'zh' });
    render(<FirstVisitHint />);
    expect(screen.getByRole('region', { name: '入门' })).toHaveTextContent('第一次来？ 从第 1 课“什么是注意力”开始');
    expect(screen.getByRole('link', { name: '从第 1 课“什么是注意力”开始' })).toHaveAttribute('href', '#/lessons/what-is-attention');
    expect(screen.getByRole('button', { name: '关闭入门提示' })).toHaveTextContent('关闭');
  });

  it('Dismiss hides it, and it stays hidden after a reload', async () => {
    const { unmount } = render(<FirstVisitHint />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the getting-started hint' }));
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    unmount();
    await reload();
    render(<FirstVisitHint />);
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
  });

  it('following the link counts as dismissing it, and goes to the lesson', async () => {
    render(<FirstVisitHint />);
    await userEvent.click(screen.getByRole('link', { name: 'Start with lesson 1: What attention is' }));
    expect(window.location.hash).toBe('#/lessons/what-is-attention');
    // The lab's settings stay in the address.
    expect(window.location.search).toBe('?lang=en');
    await reload();
    expect(useFirstVisit.getState().dismissed).toBe(true);
  });

  it.each([
    ['not JSON', '{"state":'],
    ['a dismissed that is not a boolean', JSON.stringify({ state: { dismissed: 'yes' }, version: 1 })],
    ['another version', JSON.stringify({ state: { dismissed: true }, version: 99 })],
    ['an array', '[true]'],
  ])('a corrupt saved value (%s) shows the entry again and is removed', async (_what, text) => {
    localStorage.setItem(FIRST_VISIT_STORAGE_KEY, text);
    await reload();
    render(<FirstVisitHint />);
    expect(screen.getByRole('region', { name: 'Getting started' })).toBeInTheDocument();
    expect(localStorage.getItem(FIRST_VISIT_STORAGE_KEY)).toBeNull();
  });

  it('keeps only the dismissed flag of what was saved', () => {
    expect(sanitizeFirstVisit({ dismissed: true, dismiss: 'boom' })).toEqual({ dismissed: true });
    expect(sanitizeFirstVisit(null)).toBeNull();
    expect(sanitizeFirstVisit({ dismissed: 1 })).toBeNull();
  });

  // Last: once a write fails, the app's storage keeps everything in memory for the rest of the page (this file).
  it('a storage that refuses writes (full, or blocked) still lets the reader dismiss it', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    render(<FirstVisitHint />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the getting-started hint' }));
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    setItem.mockRestore();
  });
});

describe('the header’s guide link', () => {
  it('goes to the instructor guide, in both languages', () => {
    const { unmount } = render(<HeaderGuideLink />);
    expect(screen.getByRole('link', { name: 'Instructor guide' })).toHaveAttribute('href', '#/guide');
    unmount();
    useUi.setState({ locale: 'zh' });
    render(<HeaderGuideLink />);
    expect(screen.getByRole('link', { name: '教师指南' })).toHaveAttribute('href', '#/guide');
  });
});
