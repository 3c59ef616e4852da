import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { translate } from '../../src/i18n/translate';
import { WidgetSlot } from '../../src/lessons/WidgetSlot';
import { SCORING_IDS } from '../../src/lessons/widgets/ScoreCompareModel';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { lmModelStore } from '../../src/models/trained/lmModelStore';
import { useUi, type Locale } from '../../src/state/uiStore';
import { checkLabelInName } from '../a11y/labelInName';
import { labelledTrained } from '../components/headlabels/labelledModel';
import { settleExperiments } from './settleExperiments';

// WCAG 2.5.3 (label in name) in the lessons' widgets. axe found lesson 8's pressed score-map thumbnail showing
// "shown below" under the name "Show Local-m in detail"; the trained-model lab's head checkboxes show "H1" ("头 1")
// beside a name that began "Head 1 of layer 2" ("开启第 2 层…").

const LOCALES: readonly Locale[] = ['en', 'zh'];

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: 'the cat sat on the mat' });
});

afterEach(() => {
  act(() => lmModelStore.setState({ status: 'idle' }));
});

describe.each(LOCALES)('label in name (%s)', (locale) => {
  beforeEach(() => act(() => useUi.setState({ locale })));

  it('lesson 8, score-compare: the pressed thumbnail’s name holds "shown below"; every thumbnail names its map', async () => {
    const { container } = render(<WidgetSlot widget="score-compare" />);
    await settleExperiments();
    const names = SCORING_IDS.map((id) => translate(locale, `lw.scoring.compare.name.${id}`));
    const shown = translate(locale, 'lw.scoring.compare.shown');
    const thumb = (name: string, pressed: boolean) => translate(locale, pressed ? 'lw.scoring.compare.showShown' : 'lw.scoring.compare.show', { name });

    const pressed = screen.getByRole('button', { pressed: true, name: new RegExp(shown) });
    expect(pressed).toHaveTextContent(shown);
    expect(checkLabelInName(container).problems).toEqual([]);

    // Another map pressed: its thumbnail now shows the words, and the first one no longer does.
    const other = names[3];
    await userEvent.click(screen.getByRole('button', { name: thumb(other, false) }));
    await settleExperiments();
    const now = screen.getByRole('button', { name: thumb(other, true) });
    expect(now).toHaveAttribute('aria-pressed', 'true');
    expect(now).toHaveTextContent(shown);
    expect(pressed).not.toHaveTextContent(shown);
    for (const name of names.filter((n) => n !== other)) expect(screen.getByRole('button', { name: thumb(name, false) })).toHaveAttribute('aria-pressed', 'false');
    const result = checkLabelInName(container);
    expect(result.checked).toBe(1); // the pressed thumbnail is the one that shows words
    expect(result.problems).toEqual([]);
  });

  it('trained-model lab: each head checkbox’s name starts with its visible label', () => {
    act(() => lmModelStore.setState({ status: 'ready', trained: labelledTrained() }));
    const { container } = render(<WidgetSlot widget="trained-model-lab" />);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(8); // 2 layers × 4 heads
    const first = within(container).getByRole('checkbox', { name: translate(locale, 'lw.trained.heads.toggle', { layer: 2, head: 1 }) });
    expect(first.closest('label')).toHaveTextContent(translate(locale, 'lw.trained.heads.head', { n: 1 }));
    const result = checkLabelInName(container);
    expect(result.checked).toBeGreaterThanOrEqual(8);
    expect(result.problems).toEqual([]);
  });
});
