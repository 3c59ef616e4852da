import { act, render, screen, within } from '@testing-library/react';
import { App } from '../../src/App';
import { useFirstVisit } from '../../src/state/firstVisitStore';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { useUi } from '../../src/state/uiStore';

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
  useFirstVisit.setState({ dismissed: false });
  window.history.replaceState(null, '', '/');
});

describe('the app explains itself', () => {
  it('the lab shows the first-visit entry at the top, above the lab’s controls', () => {
    render(<App />);
    const entry = screen.getByRole('region', { name: 'Getting started' });
    const controls = screen.getByLabelText('Your sentence (English or Chinese)');
    expect(entry.compareDocumentPosition(controls) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('not once dismissed, and not outside the lab', () => {
    useFirstVisit.setState({ dismissed: true });
    const { unmount } = render(<App />);
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    unmount();
    useFirstVisit.setState({ dismissed: false });
    window.history.replaceState(null, '', '/#/guide');
    render(<App />);
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
  });

  it('the header links the instructor guide, in both languages', () => {
    render(<App />);
    const header = document.querySelector<HTMLElement>('.app-header')!;
    expect(within(header).getByRole('link', { name: 'Instructor guide' })).toHaveAttribute('href', '#/guide');
    act(() => useUi.getState().setLocale('zh'));
    expect(within(header).getByRole('link', { name: '教师指南' })).toHaveAttribute('href', '#/guide');
  });
});
