import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { translate } from '../../src/i18n/translate';
import { WIDGET_IDS, type WidgetId } from '../../src/lessons/types';
import { WidgetModelBadge } from '../../src/lessons/WidgetModelBadge';
import { WIDGET_MODELS } from '../../src/lessons/widgets/widgetModels';
import { parseRoute } from '../../src/shared/route';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { useUi } from '../../src/state/uiStore';

// Issue: a student meets two models and the lessons said "the lab" for both. Every widget now names the model it
// runs, and for the lab's two models links the card and opens the lab on that very model.

beforeEach(() => {
  act(() => {
    useLab.setState({ ...DEFAULT_SETTINGS, model: 'trained', page: 'lab' });
    useUi.setState({ locale: 'en' });
  });
  window.history.replaceState(null, '', '/#/lessons/multi-head');
  // jsdom has no scrolling: record the call instead.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the model badge on a lesson widget', () => {
  it('names the untrained encoder with the size it runs at, and follows a change of heads', () => {
    render(<WidgetModelBadge widget="heads-playground" />);
    expect(screen.getByText(translate('en', 'lessons.badge.untrained', { d: 32, h: 4, n: 2, seed: 7 }))).toBeInTheDocument();
    act(() => useLab.setState({ numHeads: 8 }));
    expect(screen.getByText(/width 32, 8 heads, 2 layers, seed 7/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Model card' })).toHaveAttribute('href', expect.stringMatching(/models\/untrained\/README\.md$/));
  });

  it('opens the lab on the untrained encoder, with the 8 heads chosen in the lesson, from a lab set to the trained model', async () => {
    act(() => useLab.setState({ numHeads: 8 }));
    render(<WidgetModelBadge widget="head-split" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the lab on this model' }));
    const lab = useLab.getState();
    expect(lab.model).toBe('untrained');
    expect(lab.numHeads).toBe(8);
    expect(lab.page).toBe('lab');
    expect(parseRoute(window.location.hash)).toEqual({ kind: 'lab' });
    // The lab starts at its top, not where the lesson was scrolled to.
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('names the trained language model on the trained-model widget and opens the lab on it', async () => {
    act(() => useLab.setState({ model: 'untrained' }));
    render(<WidgetModelBadge widget="trained-model-lab" />);
    expect(screen.getByText('Runs the trained language model: 2 layers × 4 heads.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Model card' })).toHaveAttribute('href', expect.stringMatching(/models\/lm\/README\.md$/));
    await userEvent.click(screen.getByRole('button', { name: 'Open the lab on this model' }));
    expect(useLab.getState().model).toBe('trained');
  });

  it('opens the walkthrough for the walkthrough step', async () => {
    render(<WidgetModelBadge widget="walkthrough-step" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the walkthrough on this model' }));
    expect(useLab.getState()).toMatchObject({ model: 'untrained', page: 'walkthrough' });
  });

  it('says when a widget runs numbers of its own (the KV-cache demo layer) or no model at all, with no button', () => {
    const { unmount } = render(<WidgetModelBadge widget="kv-cache" />);
    expect(screen.getByText(translate('en', 'lessons.badge.own'))).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    render(<WidgetModelBadge widget="attention-cost" />);
    expect(screen.getByText(translate('en', 'lessons.badge.none'))).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is in Chinese in the Chinese interface', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    render(<WidgetModelBadge widget="generation" />);
    expect(screen.getByText('运行的是训练好的语言模型：2 层 × 4 个头。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '在实验台中打开这个模型' })).toBeInTheDocument();
  });

  it('covers every widget, and only the widgets that run a lab model offer to open the lab', () => {
    const byKind = (kind: string): WidgetId[] => WIDGET_IDS.filter((id) => WIDGET_MODELS[id].kind === kind);
    expect(Object.keys(WIDGET_MODELS).sort()).toEqual([...WIDGET_IDS].sort());
    expect(byKind('trained')).toEqual(['trained-model-lab', 'generation']);
    expect(byKind('untrained')).toContain('mini-lab');
    expect(byKind('own')).toContain('kv-cache');
  });
});
