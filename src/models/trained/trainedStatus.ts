import { percentRead, QUIET, type KindText, type ModelStatus, type StatusPlace } from '../modelStatus';
import { modelUrl, type LmLoadState } from './lmModelStore';

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

/** The sentence an element shows for a failed load of the model file at `url`. */
export function modelFailureText(state: LoadError, url: string): KindText {
  switch (modelFailureCause(state)) {
    case 'refused':
      return { key: 'element.model.refused', params: { origin: new URL(url).origin } };
    case 'not-found':
      return { key: 'element.model.notFound', params: { url } };
    case 'status':
      return { key: 'element.model.status', params: { url, status: state.httpStatus ?? state.detail } };
    case 'damaged':
      return { key: 'element.model.damaged', params: { url, detail: state.detail } };
    case 'mismatch':
      return { key: 'model.error.mismatch', params: { detail: state.detail } };
  }
}

/**
 * The trained model's file: its download with progress while the untrained model stands in, or why it failed (on a
 * page in the lab's words; in a custom element, what the instructor can act on). An element stays quiet while it loads.
 */
export function trainedStatus(state: LmLoadState, place: StatusPlace): ModelStatus {
  if (place === 'embed') return QUIET;
  if (state.status === 'error') {
    return { phase: 'failed', texts: [place === 'element' ? modelFailureText(state, modelUrl()) : { key: `model.error.${state.reason}`, params: { detail: state.detail } }], retry: true };
  }
  if (state.status !== 'loading' || place === 'element') return QUIET;
  const known = state.total !== null && state.total > 0 ? state.total : null;
  const line: KindText = known ? { key: 'model.loading', params: { percent: percentRead(state.received, known) } } : { key: 'model.loadingBytes', params: { mb: (state.received / 1e6).toFixed(1) } };
  return { phase: 'loading', texts: [line, { key: 'model.loadingNote' }], progress: known ? { received: state.received, total: known } : null };
}
