import { kindText, type Translate } from '../../i18n/translate';
import { gpt2ErrorText as refusalText } from '../../models/gpt2/gpt2Status';
import type { Gpt2State } from '../../models/gpt2/gpt2Store';

/** Why a checkpoint was refused, in the reader's language for the common refusals, else the engine's own sentence. */
export function gpt2ErrorText(t: Translate, state: Extract<Gpt2State, { status: 'error' }>): string {
  return kindText(t, refusalText(state));
}
