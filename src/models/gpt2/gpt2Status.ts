import { percentRead, QUIET, type KindText, type ModelStatus, type StatusPlace } from '../modelStatus';
import { canOpenCheckpoints } from './gpt2Client';
import type { Gpt2State } from './gpt2Store';
import { gigabytes } from './readCheckpoint';

/** Why a checkpoint was refused, in the reader's language for the common refusals, else the engine's own sentence. */
export function gpt2ErrorText(state: Extract<Gpt2State, { status: 'error' }>): KindText {
  const reason = state.reason;
  if (!reason) return { plain: state.message };
  switch (reason.kind) {
    case 'files-missing':
      return { key: `gpt2.refused.missing.${reason.missing}` };
    case 'other-site':
      return { key: 'gpt2.refused.otherSite', params: { link: reason.link, origin: reason.origin } };
    case 'too-big':
      return { key: 'gpt2.refused.tooBig', params: { needed: gigabytes(reason.needed), limit: gigabytes(reason.limit) } };
    case 'no-worker':
      return { key: 'gpt2.refused.noWorker' };
    case 'http':
      return { key: reason.status === 404 ? 'gpt2.refused.notFound' : 'gpt2.refused.http', params: { url: reason.url, status: reason.status } };
  }
}

/**
 * Why the untrained model stands in while GPT-2 is chosen: no checkpoint open, reading it with how far, or why it was
 * refused (a page that cannot start its worker says so, not "choose its files"). Quiet once it runs.
 */
export function gpt2Status(state: Gpt2State, place: StatusPlace): ModelStatus {
  if (state.status === 'ready' || place === 'element') return QUIET;
  if (state.status === 'error' || (state.status === 'none' && !canOpenCheckpoints())) {
    const why: KindText = state.status === 'error' ? { key: 'gpt2.error', params: { message: gpt2ErrorText(state) } } : { key: 'gpt2.refused.noWorker' };
    return { phase: 'failed', texts: [why, { key: 'gpt2.standInAfterError' }], retry: false };
  }
  const percent: KindText[] = state.status === 'reading' && state.total ? [{ plain: percentRead(state.received, state.total) }] : [];
  return { phase: 'note', texts: [{ key: state.status === 'none' ? 'gpt2.none' : 'gpt2.standIn' }, ...percent] };
}
