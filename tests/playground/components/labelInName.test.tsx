import { act, render, screen } from '@testing-library/react';
import { translate } from '../../../src/i18n/translate';
import { PlaygroundPage } from '../../../src/playground/components';
import { disposePlayground } from '../../../src/playground/playgroundStore';
import { createManualScheduler, type ManualScheduler } from '../../../src/playground/scheduler';
import { createInProcessClient } from '../../../src/playground/trainingClient';
import { useUi, type Locale } from '../../../src/state/uiStore';
import { checkLabelInName } from '../../a11y/labelInName';

// WCAG 2.5.3 (label in name): the sample's head thumbnails show "L1 H2" under the map; axe found them named
// "Show layer 1, head 2" ("显示第 1 层第 2 个头"), without the words they show.

let scheduler: ManualScheduler;

function renderPage(query: string) {
  scheduler = createManualScheduler();
  let clock = 0;
  const createClient = () => createInProcessClient(scheduler, { now: () => (clock += 10) });
  window.history.replaceState(null, '', `/#/playground?${query}`);
  return render(<PlaygroundPage query={query} createClient={createClient} />);
}

afterEach(() => disposePlayground());

describe.each<Locale>(['en', 'zh'])('playground head thumbnails (%s)', (locale) => {
  it('each name starts with the caption the thumbnail shows, and still says which layer and head', () => {
    act(() => useUi.setState({ locale }));
    const { container } = renderPage('task=reversal&layers=2&heads=2&width=32&lr=0.01&seed=1');
    act(() => void scheduler.runAll(50));
    const picks = Array.from(container.querySelectorAll('.playground-heads__pick'));
    expect(picks).toHaveLength(4);
    for (const [i, pick] of picks.entries()) {
      const layer = Math.floor(i / 2) + 1;
      const head = (i % 2) + 1;
      expect(pick).toHaveTextContent(`L${layer} H${head}`);
      expect(pick).toHaveAccessibleName(translate(locale, 'pg.sample.pick', { layer, head }));
    }
    expect(screen.getByRole('button', { name: locale === 'en' ? 'L2 H1: show layer 2, head 1' : 'L2 H1：显示第 2 层第 1 个头' })).toBeInTheDocument();
    const result = checkLabelInName(container);
    expect(result.checked).toBeGreaterThanOrEqual(4);
    expect(result.problems).toEqual([]);
  });
});
