import { MAX_TOKENS } from '../engine';
import { engineErrorMessage } from '../i18n/engineErrorMessage';
import { useT } from '../i18n/translate';
import { Gpt2RunModel } from '../state/gpt2/gpt2RunModel';
import type { LabComputationState } from '../state/useLabComputation';

/** One line about the computation: a friendly prompt, an error in words, truncation, or "updating…". */
export function LabStatus({ state }: { readonly state: LabComputationState }) {
  const t = useT();
  const { result, pending } = state;
  let message: string | null = null;
  if (!result.ok) message = engineErrorMessage(t, result.error);
  else if (result.truncated && result.kind === 'causal_lm') message = t(result.model instanceof Gpt2RunModel ? 'gpt2.truncated' : 'model.truncated', { total: result.totalTokens, limit: result.tokenLimit });
  else if (result.truncated && result.tokenLimit < MAX_TOKENS) message = t('input.truncatedToStayResponsive', { total: result.totalTokens, limit: result.tokenLimit });
  else if (result.truncated) message = t('input.truncated', { total: result.totalTokens, limit: MAX_TOKENS });
  return (
    <div className="lab-status" data-lab-pending={pending ? 'true' : 'false'}>
      {message && (
        <p className={result.ok ? 'notice' : 'notice notice--prompt'} role="status">
          {message}
        </p>
      )}
      <span className="lab-pending" aria-live="polite">
        {pending ? t('status.updating') : ''}
      </span>
    </div>
  );
}
