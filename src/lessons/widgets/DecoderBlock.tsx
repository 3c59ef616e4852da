import { useId, useMemo, useState } from 'react';
import { tokenize } from '../../engine';
import { useT } from '../../i18n/translate';
import { lessonHref } from '../../shared/route';
import { TRAINED_SHAPE } from '../../models/trained/trainedShape';
import { useLabFields } from '../../state/useLabFields';
import type { WidgetProps } from '../types';
import {
  activationName,
  FAMILIES,
  FAMILY_IDS,
  hasFinalNorm,
  maskPicture,
  sublayerShapes,
  unitSteps,
  type BlockSizes,
  type Family,
  type FamilyId,
  type SequenceLengths,
  type Stack,
  type StackId,
  type SublayerKind,
  type UnitStep,
} from './decoderFamilies';
import './decoding.css';

/** The decoder's target length in the encoder–decoder view: a slider, since the lab has one sentence only. */
const TARGET_RANGE = { min: 1, max: 24, initial: 5 } as const;

function isFamily(value: unknown): value is FamilyId {
  return typeof value === 'string' && (FAMILY_IDS as readonly string[]).includes(value);
}

/** A small picture of a mask: filled = the query may read the key, hatched = blocked. Decorative: the text says it. */
function MaskPicture({ kind }: { readonly kind: SublayerKind }) {
  const cells = maskPicture(kind);
  if (!cells) return null;
  return (
    <span className="lw-decoding-maskpic" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${cells[0].length}, 0.55rem)` }}>
      {cells.flatMap((row, i) => row.map((allowed, j) => <span key={`${i}-${j}`} className={allowed ? 'is-allowed' : 'is-blocked'} />))}
    </span>
  );
}

/** What comes out of a stack: where its output goes in this family. */
function outputKey(family: FamilyId, stack: Stack) {
  if (family === 'encoder-decoder') return stack.id === 'encoder' ? 'lw.decoding.block.output.encoderFeeds' : 'lw.decoding.block.output.decoderWithCross';
  return stack.id === 'encoder' ? 'lw.decoding.block.output.encoderOnly' : 'lw.decoding.block.output.decoderOnly';
}

interface SublayerProps {
  readonly kind: SublayerKind;
  readonly stack: StackId;
  readonly spec: Family;
  readonly sizes: BlockSizes;
  readonly lengths: SequenceLengths;
}

/** The sub-layer itself: its name (the FFN's with its activation), its mask and its shapes. */
function SublayerCore({ kind, stack, spec, sizes, lengths }: SublayerProps) {
  const t = useT();
  return (
    <div className="lw-decoding-sublayer__core" data-step="sublayer">
      <div className="lw-decoding-sublayer__head">
        <MaskPicture kind={kind} />
        <p className="lw-decoding-sublayer__name">{t(`lw.decoding.block.sublayer.${kind}`, { h: sizes.heads, act: activationName(spec.activation) })}</p>
      </div>
      {kind !== 'ffn' && (
        <p className="lw-decoding-note" data-testid={`mask-${stack}-${kind}`}>
          {t(`lw.decoding.block.mask.${kind}`)}
        </p>
      )}
      <p className="lw-decoding-shapes">
        {sublayerShapes(kind, stack, sizes, lengths, spec.activation).map((line, i) => (
          <span key={line.name} className="lw-decoding-shapes__item">
            {i > 0 && <span aria-hidden="true"> · </span>}
            <code>{line.name}</code> <span className="lw-decoding-shape">{line.value}</span>
          </span>
        ))}
      </p>
      {kind === 'cross' && (
        <p className="lw-decoding-note">
          <a href={lessonHref('other-attention')}>{t('lw.decoding.block.crossLink')}</a>
        </p>
      )}
    </div>
  );
}

/**
 * One sub-layer with its LayerNorm and residual add, drawn in the order they run for the family: post-LN
 * sub-layer → add → LayerNorm, pre-LN LayerNorm → sub-layer → add. Each step is a text line, not a colour.
 */
function SublayerUnit(props: SublayerProps) {
  const t = useT();
  const { kind, spec } = props;
  const step = (s: UnitStep) => {
    if (s === 'sublayer') return <SublayerCore key={s} {...props} />;
    const className = s === 'norm' ? 'lw-decoding-step lw-decoding-step--norm' : 'lw-decoding-step lw-decoding-residual';
    return (
      <p key={s} className={className} data-step={s}>
        {t(`lw.decoding.block.step.${s}.${spec.norm}`)}
      </p>
    );
  };
  return (
    <li className={`lw-decoding-sublayer lw-decoding-sublayer--${kind}`} data-sublayer={kind}>
      {unitSteps(spec.norm).map(step)}
    </li>
  );
}

interface StackViewProps {
  readonly familyId: FamilyId;
  readonly stack: Stack;
  readonly sizes: BlockSizes;
  readonly lengths: SequenceLengths;
  readonly layers: number;
}

/** One stack: what it reads, its block's sub-layers in order, the final LayerNorm where pre-LN needs one, its output. */
function StackView({ familyId, stack, sizes, lengths, layers }: StackViewProps) {
  const t = useT();
  const uid = useId();
  const spec = FAMILIES[familyId];
  const rows = stack.id === 'encoder' ? lengths.source : lengths.target;
  const titleId = `${uid}-${stack.id}`;
  return (
    <section className={`lw-decoding-stack lw-decoding-stack--${stack.id}`} aria-labelledby={titleId} data-stack={stack.id}>
      <h4 id={titleId} className="lw-decoding-stack__title">
        {t(`lw.decoding.block.stack.${stack.id}`, { n: layers })}
      </h4>
      <p className="lw-decoding-note">{t(`lw.decoding.block.reads.${stack.id}`, { rows, d: sizes.dModel })}</p>
      <ol className="lw-decoding-sublayers">
        {stack.sublayers.map((kind) => (
          <SublayerUnit key={kind} kind={kind} stack={stack.id} spec={spec} sizes={sizes} lengths={lengths} />
        ))}
      </ol>
      {hasFinalNorm(spec.norm) && (
        <p className="lw-decoding-step lw-decoding-step--norm lw-decoding-step--final" data-step="final-norm">
          {t('lw.decoding.block.step.finalNorm', { n: layers })}
        </p>
      )}
      <p className="lw-decoding-note lw-decoding-stack__out">{t(outputKey(familyId, stack))}</p>
    </section>
  );
}

/**
 * The three Transformer families side by side (a toggle picks one), each drawn as the model it is named after: the
 * stacks it has, the sub-layers of one block in order, each with its LayerNorm and residual add where that family
 * puts them (post-LN: after the add; pre-LN: before the sub-layer, plus a final LayerNorm), the feed-forward
 * network's activation, the mask every attention uses, and the shapes for the lab's width, head count, layer count and
 * sentence. The encoder–decoder view adds a slider for the target length T.
 * Config: family ('encoder-only' | 'decoder-only' | 'encoder-decoder', default 'encoder-decoder').
 */
export function DecoderBlock({ config }: WidgetProps) {
  const t = useT();
  const uid = useId();
  const { embedDim, numHeads, numLayers, text } = useLabFields('embedDim', 'numHeads', 'numLayers', 'text');
  const [family, setFamily] = useState<FamilyId>(isFamily(config?.family) ? config.family : 'encoder-decoder');
  const [target, setTarget] = useState<number>(TARGET_RANGE.initial);
  const sentenceLength = useMemo(() => tokenize(text, { overflow: 'truncate' }).tokens.length, [text]);

  // The lab's untrained encoder: its feed-forward layer is 4 × d_model wide, as in the original (2048 = 4 · 512).
  const sizes = { dModel: embedDim, heads: numHeads, ffn: 4 * embedDim };
  const L = Math.max(1, sentenceLength);
  // Encoder–decoder: your sentence is the source, the decoder has written T tokens. One stack alone reads your sentence.
  const lengths = family === 'encoder-decoder' ? { source: L, target } : { source: L, target: L };
  const spec = FAMILIES[family];
  const dk = embedDim / numHeads;

  return (
    <div className="lw-decoding-block" data-family={family}>
      <div className="lw-decoding-buttons" role="group" aria-label={t('lw.decoding.block.familyGroup')}>
        {FAMILY_IDS.map((id) => (
          <button key={id} type="button" aria-pressed={family === id} onClick={() => setFamily(id)}>
            {t(`lw.decoding.block.family.${id}`)}
          </button>
        ))}
      </div>
      <p className="lw-decoding-lead" data-testid="decoder-block-summary">
        {t(`lw.decoding.block.summary.${family}`)}
      </p>
      <p className="lw-decoding-note" data-testid="decoder-block-drawn">
        {t(`lw.decoding.block.asDrawn.${family}`)} {t(`lw.decoding.block.norm.${spec.norm}`)}
      </p>
      <p className="lw-decoding-note" data-testid="decoder-block-sizes">
        {t('lw.decoding.block.sizes', { d: embedDim, h: numHeads, dk, ff: sizes.ffn, n: numLayers, L })}
      </p>
      {family === 'encoder-decoder' && (
        <div className="lw-decoding-slider">
          <label htmlFor={`${uid}-target`}>{t('lw.decoding.block.targetLabel')}</label>
          <input
            id={`${uid}-target`}
            type="range"
            min={TARGET_RANGE.min}
            max={TARGET_RANGE.max}
            step={1}
            value={target}
            onChange={(e) => setTarget(Number(e.target.value))}
          />
          <output htmlFor={`${uid}-target`}>T = {target}</output>
        </div>
      )}
      <div className="lw-decoding-stacks">
        {spec.stacks.map((stack) => (
          <StackView key={stack.id} familyId={family} stack={stack} sizes={sizes} lengths={lengths} layers={numLayers} />
        ))}
      </div>
      {family === 'encoder-decoder' && <p className="lw-decoding-note">{t('lw.decoding.block.crossNote', { T: target, S: L })}</p>}
      {family === 'decoder-only' && (
        <p className="lw-decoding-note" data-testid="decoder-block-trained">
          {t('lw.decoding.block.trained', {
            d: TRAINED_SHAPE.embedDim,
            h: TRAINED_SHAPE.numHeads,
            dk: TRAINED_SHAPE.embedDim / TRAINED_SHAPE.numHeads,
            n: TRAINED_SHAPE.numLayers,
            // The trained model's card: feed-forward 512 = 4 × 128.
            ff: 4 * TRAINED_SHAPE.embedDim,
          })}
        </p>
      )}
    </div>
  );
}
