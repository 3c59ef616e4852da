import type { MessageKey } from '../../i18n/catalog';

/**
 * The label of the one Start / Pause button, which says what pressing it does now: Resume once the model has taken
 * steps (trained here or loaded). The status line quotes the same label, so the two never disagree.
 */
export function startButtonKey(running: boolean, step: number): MessageKey {
  if (running) return 'pg.pause';
  return step > 0 ? 'pg.resume' : 'pg.start';
}
