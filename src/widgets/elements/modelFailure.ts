import type { Translate } from '../../i18n/translate';
import type { LmLoadState } from '../../models/trained/lmModelStore';

type LoadError = Extract<LmLoadState, { status: 'error' }>;

/**
 * Why an element's trained model is missing, as an instructor can act on it: refused (the request failed: another
 * site's file without CORS, or no server), not found (404), another HTTP status, a damaged file, or a file of
 * another shape.
 */
export type ModelFailureCause = 'refused' | 'not-found' | 'status' | 'damaged' | 'mismatch';

export function modelFailureCause(state: LoadError): ModelFailureCause {
  switch (state.reason) {
    case 'broken':
      return 'damaged';
    case 'mismatch':
      return 'mismatch';
    case 'network':
      if (state.httpStatus === undefined) return 'refused';
      return state.httpStatus === 404 ? 'not-found' : 'status';
  }
}

/** The sentence an element shows for a failed load of the model file at `url`, in the element's language. */
export function modelFailureText(t: Translate, state: LoadError, url: string): string {
  switch (modelFailureCause(state)) {
    case 'refused':
      return t('element.model.refused', { origin: new URL(url).origin });
    case 'not-found':
      return t('element.model.notFound', { url });
    case 'status':
      return t('element.model.status', { url, status: state.httpStatus ?? state.detail });
    case 'damaged':
      return t('element.model.damaged', { url, detail: state.detail });
    case 'mismatch':
      return t('model.error.mismatch', { detail: state.detail });
  }
}
