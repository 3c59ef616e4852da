import { HEIGHT_MESSAGE } from '../../shared/embedContract';
import { MAX_AUTO_HEIGHT } from './embedSnippet';

/**
 * The height from an embed's { type: 'attention-lab:height', height } message (see embedContract.ts), clamped to
 * 1 … MAX_AUTO_HEIGHT and rounded up; null for anything else. The same rule as the host-page script in the snippet.
 */
export function heightFromMessage(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, height } = data as { readonly type?: unknown; readonly height?: unknown };
  if (type !== HEIGHT_MESSAGE || typeof height !== 'number' || !(height > 0) || !Number.isFinite(height)) return null;
  return Math.min(Math.ceil(height), MAX_AUTO_HEIGHT);
}
