// The score maps are computed in src/run/experiments (scoreMaps.ts); here only what the widget needs to read its config.
export { isScoringId, SCORING_IDS, type ScoreMap, type ScoringId } from '../../run/experiments';

/** A half-width from a slider or a config: a whole number clamped to [min, max]; anything unusable → fallback. */
export function clampHalfWidth(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  const chosen = Number.isFinite(n) ? Math.round(n) : fallback;
  return Math.min(Math.max(chosen, min), Math.max(min, max));
}
