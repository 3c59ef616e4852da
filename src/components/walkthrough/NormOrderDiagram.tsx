import { useId } from 'react';
import { useT } from '../../i18n/translate';
import { useSvgId } from '../heatmap/useSvgId';
import { useWalkthrough, type WalkthroughStepId } from '../../state/walkthroughStore';

type NodeKind = 'io' | 'mha' | 'add' | 'ln' | 'ffn';
interface FlowNode {
  readonly text: string;
  readonly kind: NodeKind;
  readonly steps: readonly WalkthroughStepId[];
}

const MHA_STEPS: readonly WalkthroughStepId[] = ['qkv', 'scores', 'scale', 'mask', 'softmax', 'weightedValues', 'concat', 'outputProjection'];

function nodes(normFirst: boolean, input: string, output: string): { list: FlowNode[]; skips: [number, number][] } {
  const x: FlowNode = { text: input, kind: 'io', steps: ['tokens', 'embeddings'] };
  const mha: FlowNode = { text: 'MHA', kind: 'mha', steps: MHA_STEPS };
  const add1: FlowNode = { text: '+', kind: 'add', steps: ['residual1'] };
  const add2: FlowNode = { text: '+', kind: 'add', steps: ['residual2'] };
  const ln1: FlowNode = { text: 'LN₁', kind: 'ln', steps: ['norm1'] };
  const ln2: FlowNode = { text: 'LN₂', kind: 'ln', steps: ['norm2'] };
  const ffn: FlowNode = { text: 'FFN', kind: 'ffn', steps: ['ffn'] };
  const out: FlowNode = { text: output, kind: 'io', steps: [] };
  // Skip arcs [from, to] by index: the residual path bypasses each sub-layer.
  return normFirst
    ? { list: [x, ln1, mha, add1, ln2, ffn, add2, out], skips: [[0, 3], [3, 6]] }
    : { list: [x, mha, add1, ln1, ffn, add2, ln2, out], skips: [[0, 2], [3, 5]] };
}

const STEP_X = 64;
const BOX = 44;
const TOP = 40;

/** The encoder block as boxes and arrows, with the post-LN / pre-LN switch; the current step's box is highlighted. */
export function NormOrderDiagram({ current, normFirst: shown }: { readonly current: WalkthroughStepId; readonly normFirst?: boolean }) {
  const t = useT();
  const switched = useWalkthrough((s) => s.normFirst);
  // The order the walkthrough shows (a model built pre-LN has its own), else the switch's.
  const normFirst = shown ?? switched;
  const { list, skips } = nodes(normFirst, t('walkthrough.flow.input'), t('walkthrough.flow.output'));
  const width = STEP_X * list.length;
  const cx = (i: number) => i * STEP_X + STEP_X / 2;
  // Unique per instance: a lesson can show this diagram twice on one page.
  const titleId = useId();
  const arrowId = useSvgId('wt-arrow');
  return (
    <section className="wt-experiment" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('walkthrough.flow.title')}</h3>
      <NormOrderSwitch />
      <svg className="wt-flow" width={width} height={TOP + BOX + 12} role="img" aria-label={`${t('walkthrough.flow.title')}: ${list.map((n) => n.text).join(' → ')}`} data-order={normFirst ? 'pre' : 'post'}>
        <defs>
          <marker id={arrowId} viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto">
            <path d="M0,0 L8,4 L0,8 z" className="wt-flow__head" />
          </marker>
        </defs>
        {list.slice(1).map((_, i) => (
          <line key={`a${i}`} className="wt-flow__arrow" x1={cx(i) + BOX / 2} x2={cx(i + 1) - BOX / 2 - 2} y1={TOP + BOX / 2} y2={TOP + BOX / 2} markerEnd={`url(#${arrowId})`} />
        ))}
        {skips.map(([a, b]) => (
          <path key={`s${a}`} className="wt-flow__skip" d={`M${cx(a)},${TOP} C${cx(a)},${TOP - 34} ${cx(b)},${TOP - 34} ${cx(b)},${TOP - 2}`} fill="none" markerEnd={`url(#${arrowId})`} />
        ))}
        {list.map((n, i) => (
          <g key={i} className={`wt-flow__node wt-flow__node--${n.kind}${n.steps.includes(current) ? ' is-current' : ''}`} data-node={n.text}>
            {n.kind === 'add' ? <circle cx={cx(i)} cy={TOP + BOX / 2} r={BOX / 3} /> : <rect x={cx(i) - BOX / 2} y={TOP} width={BOX} height={BOX} rx={6} />}
            <text x={cx(i)} y={TOP + BOX / 2 + 5} textAnchor="middle">
              {n.text}
            </text>
          </g>
        ))}
      </svg>
      {normFirst && <p className="wt-note">{t('walkthrough.order.preNote')}</p>}
    </section>
  );
}

/** Post-LN / pre-LN radio pair, kept in the walkthrough store. */
export function NormOrderSwitch() {
  const t = useT();
  const normFirst = useWalkthrough((s) => s.normFirst);
  const set = useWalkthrough((s) => s.set);
  const name = useId();
  return (
    <fieldset className="wt-order">
      <legend>{t('walkthrough.order')}</legend>
      <label>
        <input type="radio" name={name} checked={!normFirst} onChange={() => set({ normFirst: false })} /> {t('walkthrough.order.post')}
      </label>
      <label>
        <input type="radio" name={name} checked={normFirst} onChange={() => set({ normFirst: true })} /> {t('walkthrough.order.pre')}
      </label>
    </fieldset>
  );
}
