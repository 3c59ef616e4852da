import type { EngineError } from '../engine';
import type { Translate } from './translate';

/** An engine error in the interface language; codes without their own text fall back to the English message. */
export function engineErrorMessage(t: Translate, error: EngineError): string {
  switch (error.code) {
    case 'empty-input':
      return t('input.empty');
    case 'heads-do-not-divide':
      return t('error.heads-do-not-divide', error.details);
    case 'too-many-tokens':
      return t('error.too-many-tokens', error.details);
    default:
      return t('error.generic', { message: error.message });
  }
}
