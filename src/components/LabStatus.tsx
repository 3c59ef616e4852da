import { MAX_TOKENS } from '../engine';
import { engineErrorMessage } from '../i18n/engineErrorMessage';
import { kindMessage, useT } from '../i18n/translate';
import { traitsOfRun } from '../models/registry';
import type { LabComputationState } from '../run/useLabComputation';

/** One line about the computation: a friendly prompt, an error in words, truncation, or "updating…". */
export function LabStatus({ state }: { readonly state: LabComputationState }) {
  const t = useT();
  const { result, pending } = state;
  let message: string | null = null;
  if (!result.ok) message = engineErrorMessage(t, result.error);
  else if (result.truncated && traitsOfRun(result).causal) message = kindMessage(t, traitsOfRun(result).messages.truncated, { total: result.totalTokens, limit: result.tokenLimit });
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
