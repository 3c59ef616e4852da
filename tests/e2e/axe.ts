import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/*
 * Every axe run of the suite starts here, so every run checks the same rules. axe 4.13 ships
 * label-content-name-mismatch (WCAG 2.5.3, "label in name": a control's accessible name contains the words it shows)
 * as experimental and off; axe 4.14 turns it on. It is switched on through options, not withRules: withRules would
 * run only the rules it names. A caller that narrows the run (include, exclude) keeps this option; a caller must not
 * call .options() again or .disableRules(), which replace it.
 */
export const LAB_AXE_OPTIONS = { rules: { 'label-content-name-mismatch': { enabled: true } } } as const;

/** An AxeBuilder over the page with the project's rule set. */
export function labAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options(LAB_AXE_OPTIONS);
}
