import { isStepId, StepCard } from '../../components/walkthrough/StepCard';
import { useT } from '../../i18n/translate';
import { POST_LN_STEPS } from '../../state/walkthroughStore';
import type { WidgetProps } from '../types';
import './model.css';

/**
 * The walkthrough-step widget: the walkthrough's StepCard, set up by the lesson's config. Config: step (a
 * WalkthroughStepId); without it, the card follows the walkthrough store's step (a "try" button can set it).
 */
export function WalkthroughStep({ config }: WidgetProps) {
  const configured = config?.step;
  if (configured !== undefined && !isStepId(configured)) return <InvalidStep value={String(configured)} />;
  return <StepCard step={configured} />;
}

function InvalidStep({ value }: { readonly value: string }) {
  const t = useT();
  return (
    <p role="alert" className="lw-model-error">
      {t('lw.model.step.invalid', { step: value, steps: POST_LN_STEPS.join(', ') })}
    </p>
  );
}
