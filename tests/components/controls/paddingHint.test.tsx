import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../src/App';
import { translate } from '../../../src/i18n/translate';
import { MaskLab } from '../../../src/lessons/widgets/MaskLab';
import { DEFAULT_EMBED_OPTIONS } from '../../../src/shared/embedContract';
import { computeLab } from '../../../src/run/computeLab';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { useUi, type Locale } from '../../../src/state/uiStore';
import { EmbedControls } from '../../../src/widgets/EmbedControls';

// The padding hint sits next to the token chips, above them in a lesson and an embed, below them in the lab: it
// must not send the student the wrong way, and it must describe the chips as what they are (numbered buttons).

const LOCALES: readonly Locale[] = ['en', 'zh'];
const POINTS_DOWN = /below|beneath|underneath|下面|下方|下列|以下/i;
const POINTS_UP = /above|上面|上方|以上/i;
const NAMES_BUTTONS: Readonly<Record<Locale, RegExp>> = { en: /numbered token button/, zh: /带编号的词元按钮/ };

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: 'the cat sat on the mat', maskMode: 'padding' });
});

function setLocale(locale: Locale): void {
  act(() => useUi.setState({ locale }));
}

/** The hint and the chips on screen; `chipsFirst` when the chips come before the hint in the document. */
function hintAndChips(locale: Locale) {
  const hint = screen.getByText(translate(locale, 'mask.hint.padding'));
  const chips = screen.getByRole('list', { name: translate(locale, 'tokens.label') });
  const chipsFirst = (chips.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  return { hint, chips, chipsFirst };
}

function expectHintAgreesWithChips(locale: Locale, chipsFirstExpected: boolean): void {
  const { hint, chips, chipsFirst } = hintAndChips(locale);
  expect(chipsFirst).toBe(chipsFirstExpected);
  expect(hint.textContent).not.toMatch(chipsFirst ? POINTS_DOWN : POINTS_UP);
  expect(hint.textContent).toMatch(NAMES_BUTTONS[locale]);
  // What the hint calls numbered buttons are toggle buttons that show their number.
  const buttons = within(chips).getAllByRole('button');
  expect(buttons).toHaveLength(6);
  buttons.forEach((b, i) => {
    expect(b).toHaveAttribute('aria-pressed', 'false');
    expect(b.textContent?.startsWith(String(i + 1))).toBe(true);
  });
}

describe.each(LOCALES)('the padding hint (%s)', (locale) => {
  beforeEach(() => setLocale(locale));

  it('in the lab the chips come first, and the hint does not say they are below', () => {
    render(<App />);
    expectHintAgreesWithChips(locale, true);
  });

  it('in the mask lesson the chips come after the hint, and it does not say they are above', () => {
    render(<MaskLab />);
    expectHintAgreesWithChips(locale, false);
  });

  it('in an embed with the mask control the chips come after the hint, and it does not say they are above', () => {
    const result = computeLab(useLab.getState());
    if (!result.ok) throw result.error;
    render(<EmbedControls options={{ ...DEFAULT_EMBED_OPTIONS, controls: ['mask'] }} tokens={result.tokens} />);
    expectHintAgreesWithChips(locale, false);
  });
});

describe('the token chips in padding mode', () => {
  it('are toggle buttons whose pressed state and visible flag follow the padding', async () => {
    setLocale('en');
    render(<MaskLab />);
    const cat = screen.getByRole('button', { name: 'Token 2 “cat”: mark as padding' });
    await userEvent.click(cat);
    expect(cat).toHaveAttribute('aria-pressed', 'true');
    // The flag sits beside the toggle, not in it, so the toggle's name holds all it shows (label in name, WCAG 2.5.3).
    expect(cat.closest('li')).toHaveTextContent(/padding$/);
    expect(cat).toHaveTextContent(/^2 cat$/);
    expect(useLab.getState().paddingTokens).toEqual([1]);
    await userEvent.click(cat);
    expect(cat).toHaveAttribute('aria-pressed', 'false');
    expect(cat.closest('li')).not.toHaveTextContent(/padding$/);
    expect(useLab.getState().paddingTokens).toEqual([]);
  });
});
