import type { Translate } from '../../i18n/translate';
import type { Gpt2State } from '../../models/gpt2/gpt2Store';
import { gigabytes } from '../../models/gpt2/readCheckpoint';

/** Why a checkpoint was refused, in the reader's language for the common refusals, else the engine's own sentence. */
export function gpt2ErrorText(t: Translate, state: Extract<Gpt2State, { status: 'error' }>): string {
  const reason = state.reason;
  if (!reason) return state.message;
  switch (reason.kind) {
    case 'files-missing':
      return t(`gpt2.refused.missing.${reason.missing}`);
    case 'other-site':
      return t('gpt2.refused.otherSite', { link: reason.link, origin: reason.origin });
    case 'too-big':
      return t('gpt2.refused.tooBig', { needed: gigabytes(reason.needed), limit: gigabytes(reason.limit) });
    case 'no-worker':
      return t('gpt2.refused.noWorker');
    case 'http':
      return t(reason.status === 404 ? 'gpt2.refused.notFound' : 'gpt2.refused.http', { url: reason.url, status: reason.status });
  }
}
