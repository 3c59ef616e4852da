import { ResidualExperiment, ScalingExperiment } from '../components/walkthrough/Experiments';
import { useWalkthroughData } from '../components/walkthrough';
import { StepCard } from '../components/walkthrough/StepCard';
import type { WalkthroughStepId } from '../state/walkthroughStore';
import '../components/walkthrough/walkthrough.css';

/*
 * The embed widgets built from the walkthrough, in their own chunk: they bring KaTeX and the experiments, which
 * a heatmap embed never needs.
 */

export function StepWidget({ step }: { readonly step: WalkthroughStepId }) {
  return <StepCard step={step} />;
}

export function SqrtDkWidget() {
  return <ScalingExperiment />;
}

/** The residual experiment runs on the selected layer's input; without a computation there is nothing to run (the status says why). */
export function ResidualWidget() {
  const data = useWalkthroughData();
  return data ? <ResidualExperiment data={data} /> : null;
}
