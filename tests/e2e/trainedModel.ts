import { expect, type Locator, type Page } from '@playwright/test';

/*
 * The lab, its embeds and its custom elements run the trained language model unless a link (or an attribute) says
 * model=untrained, or sets d, h, layers or seed. Its file (public/models/lm/model.bin) arrives a moment after the
 * page: until then the untrained model stands in, and the views draw again when the file is there. A test that
 * stays on the trained model and measures or checks what is drawn waits for it first.
 */

/** How the trained model's start token is labelled: position 1 of each of its runs, and shown nowhere else. */
export const START_TOKEN = '⟨start⟩';

/** Waits until the lab page (English) shows the trained model's run: only that run has next-token predictions. */
export async function waitForTrainedModel(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Next-token predictions' })).toBeVisible({ timeout: 15_000 });
}

/**
 * Waits until a view that draws the sentence's tokens (a heatmap, the head view, a walkthrough step; in an embed
 * frame or a custom element) shows the trained model's run: its start token is among the tokens.
 */
export async function waitForTrainedTokens(view: Locator): Promise<void> {
  await expect(view).toContainText(START_TOKEN, { timeout: 15_000 });
}
