import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatValue } from '../../src/components/heatmap/heatmapModel';
import { position } from '../../src/lessons/content/position';
import { LessonPage } from '../../src/lessons/LessonPage';
import { useProgress } from '../../src/lessons/progressStore';
import { WidgetSlot } from '../../src/lessons/WidgetSlot';
import type { WidgetConfig } from '../../src/lessons/types';
import { ropeWidgets } from '../../src/lessons/widgets/rope';
import { ROPE_KEY, ROPE_MAX_POSITION, ROPE_QUERY, ROPE_SHIFTS, ROPE_WIDTH } from '../../src/lessons/widgets/RopeRotation';
import { pairScore, ropeTheta } from '../../src/lessons/widgets/ropeMath';
import { useUi } from '../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: 'the cat sat on the mat' });
  useProgress.getState().resetProgress();
  act(() => useUi.setState({ locale: 'en' }));
});

const show = (config?: WidgetConfig) => render(<WidgetSlot widget="rope-rotation" config={config} />);
const score = () => screen.getByTestId('rope-score').textContent;
/** What the widget should print for positions m, n of pair i. */
const expected = (m: number, n: number, pair = 0) => formatValue(pairScore(ROPE_QUERY, m, ROPE_KEY, n, ropeTheta(pair, ROPE_WIDTH)), 3);
const tableScores = () => screen.getAllByText((_, el) => el?.getAttribute('data-cell') === 'score').map((el) => el.textContent);
const slider = (name: RegExp) => screen.getByRole('slider', { name });

describe('rope-rotation', () => {
  it('is registered under its id and renders in both languages without NaN or a missing text', () => {
    expect(Object.keys(ropeWidgets)).toEqual(['rope-rotation']);
    for (const locale of ['en', 'zh'] as const) {
      act(() => useUi.setState({ locale }));
      const { container, unmount } = show();
      expect(container.querySelector('.lesson-widget__error')).toBeNull();
      expect(container.textContent).not.toMatch(/NaN|undefined|lw\.rope\./);
      unmount();
    }
  });

  it('starts at m = 2, n = 5 and prints the score of the two rotated arrows', () => {
    show();
    expect(slider(/^Query position m/)).toHaveValue('2');
    expect(slider(/^Key position n/)).toHaveValue('5');
    expect(score()).toBe(expected(2, 5));
    expect(screen.getByTestId('rope-angles')).toHaveTextContent('Query turned by m·θ = 2.000 rad, key by n·θ = 5.000 rad. Offset m − n = -3.');
  });

  it('moving one slider changes the offset and the score', () => {
    show();
    const before = score();
    fireEvent.change(slider(/^Query position m/), { target: { value: '9' } });
    expect(screen.getByTestId('rope-angles')).toHaveTextContent('Offset m − n = 4.');
    expect(score()).toBe(expected(9, 5));
    expect(score()).not.toBe(before);
  });

  it('"Shift both +1" turns both arrows but leaves the score where it was', async () => {
    show({ m: 3, n: 11 });
    const before = score();
    const picture = screen.getByRole('img');
    const described = picture.getAttribute('aria-label');
    await userEvent.click(screen.getByRole('button', { name: 'Shift both +1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Shift both +1' }));
    expect(slider(/^Query position m/)).toHaveValue('5');
    expect(slider(/^Key position n/)).toHaveValue('13');
    expect(score()).toBe(before);
    expect(score()).toBe(expected(5, 13));
    // The arrows did turn: the description's angles changed, the angle between them did not.
    expect(picture.getAttribute('aria-label')).not.toBe(described);
    expect(picture.getAttribute('aria-label')?.split(';')[1]).toBe(described?.split(';')[1]);
  });

  it('every row of the table (the same offset further along) shows the current score', () => {
    show({ m: 7, n: 1, pair: 1 });
    expect(tableScores()).toHaveLength(ROPE_SHIFTS.length);
    for (const s of tableScores()) expect(s).toBe(expected(7, 1, 1));
    expect(score()).toBe(expected(7, 1, 1));
  });

  it('the pair select changes θ and so the score; the buttons stop at the sliders’ ends', async () => {
    show({ m: 0, n: ROPE_MAX_POSITION });
    expect(screen.getByRole('button', { name: 'Shift both −1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Shift both +1' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Feature pair/ }), '2');
    expect(score()).toBe(expected(0, ROPE_MAX_POSITION, 2));
    expect(screen.getByRole('combobox', { name: /^Feature pair/ })).toHaveDisplayValue('i = 2: θ = 0.01 rad per position');
  });

  it('clamps a config outside the range instead of showing nonsense', () => {
    show({ m: -4, n: 500, pair: 9 });
    expect(slider(/^Query position m/)).toHaveValue('0');
    expect(slider(/^Key position n/)).toHaveValue(String(ROPE_MAX_POSITION));
    expect(screen.getByRole('combobox', { name: /^Feature pair/ })).toHaveValue('3');
  });

  it('the table scrolls inside a focusable, named box', () => {
    show();
    const box = screen.getByRole('region', { name: 'Scores with both positions shifted' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table')).toBeInTheDocument();
  });
});

describe('lesson position: the optional RoPE section', () => {
  it('is marked optional, asks its question before the widget that answers it, and the widget starts at the question’s positions', () => {
    const at = (pred: (i: number) => boolean) => position.blocks.findIndex((_, i) => pred(i));
    const heading = at((i) => { const b = position.blocks[i]; return b.kind === 'heading' && b.text.en.startsWith('Optional'); });
    const question = at((i) => { const b = position.blocks[i]; return b.kind === 'question' && b.question.id === 'rope-shift'; });
    const widget = at((i) => { const b = position.blocks[i]; return b.kind === 'widget' && b.widget === 'rope-rotation'; });
    expect(heading).toBeGreaterThan(-1);
    expect(position.blocks[heading + 1].kind).toBe('callout');
    expect(heading).toBeLessThan(question);
    expect(question).toBeLessThan(widget);
    const block = position.blocks[widget];
    expect(block.answers).toBe('rope-shift');
    expect(block.kind === 'widget' && block.config).toEqual({ m: 2, n: 5 });
  });

  it.each(['en', 'zh'] as const)('renders the whole lesson without a widget error or NaN (%s)', (locale) => {
    act(() => useUi.setState({ locale }));
    render(<LessonPage lesson={position} />);
    expect(document.querySelector('figure[data-widget="rope-rotation"]')).not.toBeNull();
    expect(document.querySelector('.lesson-widget__error')).toBeNull();
    expect(document.body.textContent).not.toMatch(/NaN/);
  });
});
