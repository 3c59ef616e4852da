import { useEffect } from 'react';
import { ScalingExperiment } from '../../components/walkthrough/Experiments';
import '../../components/walkthrough/walkthrough.css';
import { DK_EXPONENT_MAX, DK_EXPONENT_MIN, useWalkthrough } from '../../state/walkthroughStore';
import type { WidgetProps } from '../types';
import './basics.css';

/** log₂ of a d_k the experiment offers (a power of two, 2 … 512), or null for anything else. */
export function dkExponentFor(dk: unknown): number | null {
  if (typeof dk !== 'number' || !Number.isInteger(dk) || dk <= 0) return null;
  const exponent = Math.log2(dk);
  return Number.isInteger(exponent) && exponent >= DK_EXPONENT_MIN && exponent <= DK_EXPONENT_MAX ? exponent : null;
}

/**
 * The walkthrough's √d_k experiment (Var(q·k) and softmax entropy against d_k). It shares the walkthrough's d_k
 * slider; config.dk (a power of two, 2 … 512) sets the slider when the widget appears.
 */
export function SqrtDk({ config }: WidgetProps) {
  const exponent = dkExponentFor(config?.dk);
  const set = useWalkthrough((s) => s.set);
  useEffect(() => {
    if (exponent !== null) set({ dkExponent: exponent });
  }, [exponent, set]);
  return (
    <div className="lw-basics-sqrt">
      <ScalingExperiment />
    </div>
  );
}
