// @vitest-environment node
// The rule that scores a line longer than the model's context: every token once, each seeing enough before it.
import { scoringWindows } from '../../../scripts/lm/windows';

describe('scoringWindows', () => {
  it('scores every position 1..n − 1 exactly once, in windows of at most C ids, each token seeing ≥ ⌊C/2⌋ before it', () => {
    for (let context = 2; context <= 33; context++) {
      for (let count = 0; count <= 3 * context + 5; count++) {
        const windows = scoringWindows(count, context);
        const scored = windows.flatMap((w) => Array.from({ length: w.end - w.scoreFrom }, (_, k) => w.scoreFrom + k));
        expect(scored).toEqual(Array.from({ length: Math.max(0, count - 1) }, (_, k) => k + 1));
        for (const w of windows) {
          expect(w.start).toBeGreaterThanOrEqual(0);
          expect(w.end).toBeLessThanOrEqual(count);
          expect(w.end - w.start).toBeLessThanOrEqual(context);
          expect(w.scoreFrom).toBeGreaterThan(w.start); // the first scored token has something before it
          if (w.start > 0) expect(w.scoreFrom - w.start).toBeGreaterThanOrEqual(Math.floor(context / 2));
        }
      }
    }
  });

  it('is one window for a line that fits, then full-context windows ending on each chunk', () => {
    expect(scoringWindows(10, 32)).toEqual([{ start: 0, end: 10, scoreFrom: 1 }]);
    expect(scoringWindows(30, 24)).toEqual([
      { start: 0, end: 24, scoreFrom: 1 },
      { start: 6, end: 30, scoreFrom: 24 },
    ]);
    expect(scoringWindows(50, 8)).toEqual([
      { start: 0, end: 8, scoreFrom: 1 },
      ...[12, 16, 20, 24, 28, 32, 36, 40, 44, 48].map((end) => ({ start: end - 8, end, scoreFrom: end - 4 })),
      { start: 42, end: 50, scoreFrom: 48 },
    ]);
    expect(scoringWindows(1, 8)).toEqual([]);
    expect(() => scoringWindows(5, 1)).toThrow(RangeError);
  });
});
