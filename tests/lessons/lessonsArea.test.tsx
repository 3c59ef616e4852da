import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/App';
import { useUi } from '../../src/state/uiStore';
import { LESSONS } from '../../src/lessons/content';
import { useProgress } from '../../src/lessons/progressStore';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';

function goTo(hash: string) {
  act(() => {
    window.history.pushState(null, '', `/${hash}`);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
  useProgress.getState().resetProgress();
  window.history.replaceState(null, '', '/');
});

describe('the lessons in the app', () => {
  it('the Lessons tab opens the map with all twelve lessons', async () => {
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Lessons' }));
    expect(await screen.findByRole('heading', { name: 'The course' })).toBeInTheDocument();
    const map = screen.getByRole('list', { name: 'Lesson map' });
    expect(within(map).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByTestId('course-progress')).toHaveTextContent('0 of 12 lessons visited');
  });

  it('opening a lesson marks it visited; the pager moves to the next one; the map shows it', async () => {
    goTo('#/lessons/masking');
    render(<App />);
    const title = LESSONS[3].title.en;
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getAllByText('Lesson 4').length).toBeGreaterThan(0);
    expect(useProgress.getState().visited).toEqual(['masking']);
    await userEvent.click(screen.getAllByRole('link', { name: new RegExp(`Next.*${LESSONS[4].title.en}`) })[0]);
    expect(await screen.findByRole('heading', { level: 2, name: LESSONS[4].title.en })).toBeInTheDocument();
    goTo('#/lessons');
    const card = (await screen.findByRole('list', { name: 'Lesson map' })).querySelector('[data-lesson="masking"]') as HTMLElement;
    expect(within(card).getByTestId('lesson-visited')).toHaveTextContent('Visited');
  });

  it('an unknown lesson name shows the map with a message, as text', async () => {
    goTo('#/lessons/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    render(<App />);
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no lesson called “<img src=x onerror=alert(1)>”');
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('the lab tab leaves the lessons and keeps the settings', async () => {
    goTo('#/lessons/multi-head');
    useLab.setState({ numHeads: 2 });
    render(<App />);
    await screen.findByRole('heading', { level: 2, name: LESSONS[4].title.en });
    await userEvent.click(screen.getByRole('button', { name: 'Lab' }));
    expect(window.location.hash).toBe('');
    expect(useLab.getState().numHeads).toBe(2);
    expect(screen.getByRole('heading', { name: 'Layer 1, head 1' })).toBeInTheDocument();
  });

  it('shows the lesson in Chinese when the interface is Chinese', async () => {
    useUi.setState({ locale: 'zh' });
    goTo('#/lessons/position');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 2, name: LESSONS[8].title.zh })).toBeInTheDocument();
    expect(screen.getAllByText('第 9 课').length).toBeGreaterThan(0);
  });
});

describe('resetting progress', () => {
  it('asks first, and only "yes" forgets the visits', async () => {
    useProgress.getState().visit('masking');
    goTo('#/lessons');
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset my progress' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep my progress' }));
    expect(useProgress.getState().visited).toEqual(['masking']);
    await userEvent.click(screen.getByRole('button', { name: 'Reset my progress' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, reset' }));
    expect(useProgress.getState().visited).toEqual([]);
    expect(screen.getByTestId('course-progress')).toHaveTextContent('0 of 12 lessons visited');
  });
});
