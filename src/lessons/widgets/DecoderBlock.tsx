import { useId, useMemo, useState } from 'react';
import { tokenize } from '../../engine';
import { useT } from '../../i18n/translate';
import { lessonHref } from '../../shared/route';
import { TRAINED_SHAPE } from '../../state/modelChoice';
import { useLabFields } from '../../state/useLabFields';
import type { WidgetProps } from '../types';
import { FAMILIES, FAMILY_IDS, maskPicture, sublayerShapes, type FamilyId, type Stack, type SublayerKind } from './decoderFamilies';
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

/**
 * The three Transformer families side by side (a toggle picks one): the stacks each has, the sub-layers of one block
 * in order (each with its residual connection and LayerNorm), the mask every attention uses, and the shapes for the
 * lab's width, head count, layer count and sentence. The encoder–decoder view adds a slider for the target length T.
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
  const stacks = FAMILIES[family];
  const dk = embedDim / numHeads;

  const stackView = (stack: Stack) => {
    const rows = stack.id === 'encoder' ? lengths.source : lengths.target;
    const titleId = `${uid}-${stack.id}`;
    return (
      <section key={stack.id} className={`lw-decoding-stack lw-decoding-stack--${stack.id}`} aria-labelledby={titleId} data-stack={stack.id}>
        <h4 id={titleId} className="lw-decoding-stack__title">
          {t(`lw.decoding.block.stack.${stack.id}`, { n: numLayers })}
        </h4>
        <p className="lw-decoding-note">{t(`lw.decoding.block.reads.${stack.id}`, { rows, d: embedDim })}</p>
        <ol className="lw-decoding-sublayers">
          {stack.sublayers.map((kind) => (
            <li key={kind} className={`lw-decoding-sublayer lw-decoding-sublayer--${kind}`} data-sublayer={kind}>
              <div className="lw-decoding-sublayer__head">
                <MaskPicture kind={kind} />
                <p className="lw-decoding-sublayer__name">{t(`lw.decoding.block.sublayer.${kind}`, { h: numHeads })}</p>
              </div>
              {kind !== 'ffn' && (
                <p className="lw-decoding-note" data-testid={`mask-${stack.id}-${kind}`}>
                  {t(`lw.decoding.block.mask.${kind}`)}
                </p>
              )}
              <p className="lw-decoding-shapes">
                {sublayerShapes(kind, stack.id, sizes, lengths).map((line, i) => (
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
                <p className="lw-decoding-residual">{t('lw.decoding.block.residual')}</p>
              </li>
          ))}
        </ol>
        <p className="lw-decoding-note lw-decoding-stack__out">{t(outputKey(family, stack))}</p>
      </section>
    );
  };

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
      <div className="lw-decoding-stacks">{stacks.map(stackView)}</div>
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
