import { expect, test, type Page } from '@playwright/test';
import { labAxe } from './axe';
import { watchErrors } from './watchErrors';
import { LESSONS } from '../../src/lessons/content';

// Every lesson, in both languages: it opens by its own link, typesets its formulas, shows its live widgets without a
// NaN or a crashed widget, and a committed answer survives a reload (progress is saved in the browser).

/**
 * True when a live widget shows "NaN" as a number. Prose may name NaN (what PyTorch returns for a fully masked row),
 * and the masking widget shows PyTorch's NaN on purpose, marked data-intended-nan.
 */
async function unintendedNaN(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.lesson-widget')).some((widget) => {
      const clone = widget.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('[data-intended-nan]').forEach((el) => el.remove());
      return /\bNaN\b/.test(clone.textContent ?? '');
    }),
  );
}

for (const locale of ['en', 'zh'] as const) {
  for (const [index, lesson] of LESSONS.entries()) {
    test(`lesson ${index + 1} (${lesson.slug}) in ${locale}: opens, answers a question, keeps the answer after a reload`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(`/?lang=${locale}#/lessons/${lesson.slug}`);
      await expect(page.getByRole('heading', { level: 2, name: lesson.title[locale] })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale === 'zh' ? 'zh-CN' : 'en');
      await expect(page.locator('.lesson .katex').first()).toBeVisible();
      await expect(page.locator('.lesson-widget').first()).toBeVisible();
      await expect(page.locator('.lesson-widget__error')).toHaveCount(0);

      const question = page.locator('.lesson-question').first();
      await question.scrollIntoViewIfNeeded();
      await question.locator('.lesson-question__choice').first().click();
      await question.locator('.lesson-question__commit').click();
      await expect(question.locator('.lesson-feedback')).toBeVisible();
      await expect(question).toHaveAttribute('data-answered', 'true');
      await expect(page.locator('.lesson-widget__error')).toHaveCount(0);
      expect(await unintendedNaN(page)).toBe(false);

      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: lesson.title[locale] })).toBeVisible();
      await expect(page.locator('.lesson-question').first()).toHaveAttribute('data-answered', 'true');
      await expect(page.locator('.lesson-question').first().locator('.lesson-feedback')).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
}

test('the lesson map shows what was visited and answered, after a reload', async ({ page }) => {
  await page.goto('/?lang=en#/lessons');
  await expect(page.getByTestId('course-progress')).toContainText('0 of 12 lessons visited');
  await page.getByRole('link', { name: /Masking/ }).click();
  const question = page.locator('.lesson-question').first();
  await question.locator('.lesson-question__choice').first().click();
  await question.locator('.lesson-question__commit').click();
  await page.getByRole('link', { name: 'All lessons' }).first().click();
  await page.reload();
  const card = page.locator('.lesson-card[data-lesson="masking"]');
  await expect(card.getByTestId('lesson-visited')).toHaveText(/Visited/);
  await expect(card.getByTestId('lesson-answered')).toContainText('1 of');
  await expect(page.getByTestId('course-progress')).toContainText('1 of 12 lessons visited');
});

test('choices appear in one shuffled order, the same in both languages and after a reload', async ({ page }) => {
  const order = async () => page.locator('.lesson-question').first().locator('[data-choice]').evaluateAll((els) => els.map((el) => el.getAttribute('data-choice')));
  await page.goto('/?lang=en#/lessons/masking');
  await expect(page.locator('[data-choice]').first()).toBeVisible();
  const en = await order();
  const masking = LESSONS.find((l) => l.slug === 'masking');
  const first = masking?.blocks.find((b) => b.kind === 'question');
  const written = first?.kind === 'question' ? first.question.choices.map((c) => c.id) : [];
  expect([...en].sort()).toEqual([...written].sort());
  await page.goto('/?lang=zh#/lessons/masking');
  await expect(page.locator('#lesson-title')).toBeVisible();
  expect(await order()).toEqual(en);
  await page.reload();
  await expect(page.locator('#lesson-title')).toBeVisible();
  expect(await order()).toEqual(en);
});

test('a "try it" button sets the lab, and the lab tab shows the same setting', async ({ page }) => {
  await page.goto('/?lang=en#/lessons/masking');
  const tryBlock = page.locator('.lesson-try').filter({ hasText: /causal/i }).first();
  await tryBlock.getByRole('button').click();
  await expect(tryBlock).toContainText('Set.');
  await expect(page).toHaveURL(/mask=causal/);
  await page.getByRole('button', { name: 'Lab', exact: true }).click();
  // The mask's "Causal"; the trained model's own "Causal mask (the model’s own)" checkbox is beside it.
  await expect(page.getByLabel('Causal', { exact: true })).toBeChecked();
});

test('a lesson fits a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const { slug } of LESSONS) {
    await page.goto(`/?lang=zh#/lessons/${slug}`);
    await expect(page.locator('#lesson-title')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, slug).toBeLessThanOrEqual(1);
  }
});

test('lesson pages have no serious accessibility violations, in either language, with answers revealed', async ({ page }) => {
  test.setTimeout(180_000);
  for (const locale of ['en', 'zh'] as const) {
    for (const slug of ['what-is-attention', 'masking', 'multi-head', 'other-attention', 'position', 'decoding']) {
      await page.goto(`/?lang=${locale}#/lessons/${slug}`);
      await expect(page.locator('#lesson-title')).toBeVisible();
      // The English pass already answered it (progress is per browser, not per language).
      const question = page.locator('.lesson-question').first();
      if ((await question.getAttribute('data-answered')) !== 'true') {
        await question.locator('.lesson-question__choice').first().click();
        await question.locator('.lesson-question__commit').click();
      }
      await expect(question.locator('.lesson-feedback')).toBeVisible();
      const results = await labAxe(page).include('.lesson').analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${locale} ${slug} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  }
});
