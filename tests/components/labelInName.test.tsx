import { act, render, screen, within } from '@testing-library/react';
import { HeadsGrid } from '../../src/components/headsgrid/HeadsGrid';
import { HeadToggles } from '../../src/components/headview/HeadToggles';
import { TokenChips } from '../../src/components/controls/TokenChips';
import type { Token } from '../../src/engine';
import { translate } from '../../src/i18n/translate';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { lmModelStore } from '../../src/models/trained/lmModelStore';
import { useUi, type Locale } from '../../src/state/uiStore';
import { checkLabelInName } from '../a11y/labelInName';
import { labelledModel, labelledTrained } from './headlabels/labelledModel';

// WCAG 2.5.3 (label in name): each control named by aria-label says, inside its name, the words it shows. axe found
// the head view's "Only this" named "Keep only head 1 of layer 1 on"; the same check over the lab's other controls
// that show words and carry a name of their own.

const LOCALES: readonly Locale[] = ['en', 'zh'];
const noop = () => {};

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
});

afterEach(() => {
  act(() => lmModelStore.setState({ status: 'idle' }));
});

const setLocale = (locale: Locale) => act(() => useUi.setState({ locale }));

describe.each(LOCALES)('label in name (%s)', (locale) => {
  beforeEach(() => setLocale(locale));

  it('head view: each "Only this" button’s name starts with "Only this" and still names its head and layer', () => {
    const { container } = render(<HeadToggles numHeads={4} disabled={new Set([1])} layerNumber={2} labels={['previous token 0.91', null, null, null]} onToggle={noop} onOnly={noop} onAllOn={noop} />);
    const shown = translate(locale, 'headview.only');
    const buttons = screen.getAllByRole('button', { name: new RegExp(`^${shown}`) });
    expect(buttons).toHaveLength(4);
    buttons.forEach((button, head) => {
      expect(button).toHaveTextContent(shown);
      expect(button).toHaveAccessibleName(translate(locale, 'headview.onlyLabel', { n: head + 1, layer: 2 }));
      expect(button.getAttribute('aria-label')).toMatch(locale === 'en' ? `head ${head + 1} of layer 2` : `第 2 层只保留头 ${head + 1}`);
    });
    const result = checkLabelInName(container);
    expect(result.checked).toBe(4);
    expect(result.problems).toEqual([]);
  });

  it('heads grid: a switched-off head with a caption, and a layer’s average with every head off, name the caption and the badge', async () => {
    const model = labelledModel();
    useLab.setState({ text: 'the cat sat on the mat. the cat sat.', disabledHeads: [0, 1, 2, 3].map((head) => ({ layer: 0, head })) });
    act(() => lmModelStore.setState({ status: 'ready', trained: labelledTrained(model) }));
    const { container } = render(<HeadsGrid />);
    const caption = locale === 'en' ? 'previous token 0.91' : '前一词元 0.91';
    const thumb = await screen.findByRole('button', { name: new RegExp(`· ${caption.replace('.', '\\.')}[, ]`) });
    const badge = translate(locale, 'headsGrid.off');
    expect(thumb).toHaveTextContent(caption);
    expect(within(thumb).getByText(badge)).toBeInTheDocument();
    expect(thumb).toHaveAccessibleName(translate(locale, 'headsGrid.button.off', { name: `${translate(locale, 'headsGrid.button.head', { layer: 1, head: 2 })} · ${caption}` }));
    const average = screen.getByRole('button', { name: translate(locale, 'headsGrid.button.off', { name: translate(locale, 'headsGrid.button.average', { layer: 1 }) }) });
    expect(average).toHaveTextContent(badge);
    const result = checkLabelInName(container);
    expect(result.checked).toBeGreaterThanOrEqual(5); // layer 1: four heads and the average are off
    expect(result.problems).toEqual([]);
  });

  it('token chips in padding mode: each toggle’s name holds the number and the word it shows, pressed or not', () => {
    const tokens: Token[] = ['⟨start⟩', 'The', ' cat'].reduce<Token[]>((list, text) => {
      const start = list.at(-1)?.end ?? 0;
      return [...list, { text, start, end: start + text.length }];
    }, []);
    useLab.setState({ maskMode: 'padding', paddingTokens: [1] });
    const { container } = render(<TokenChips tokens={tokens} />);
    const toggles = screen.getAllByRole('button');
    expect(toggles).toHaveLength(3);
    expect(toggles[1]).toHaveAttribute('aria-pressed', 'true');
    expect(toggles[1]).toHaveAccessibleName(translate(locale, 'tokens.padding.toggle', { index: 2, text: 'The' }));
    expect(screen.getByText(translate(locale, 'tokens.padding.on'))).toBeInTheDocument();
    const result = checkLabelInName(container);
    expect(result.checked).toBe(3);
    expect(result.problems).toEqual([]);
  });
});
