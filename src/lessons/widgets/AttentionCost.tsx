import { useId, useState } from 'react';
import { useT } from '../../i18n/translate';
import type { WidgetProps } from '../types';
import {
  attentionOps,
  BYTES_PER_NUMBER,
  crossoverLength,
  exponentOf,
  formatBytes,
  LENGTH_EXPONENTS,
  recurrentOps,
  scoreBytes,
  scoreEntries,
  WIDTH_EXPONENTS,
} from './attentionCostMath';
import { CostChart } from './AttentionCostChart';
import { formatCount } from '../../components/generation';
import './decoding.css';

const DEFAULT_N = 10; // 1,024 tokens
const DEFAULT_D = 9; // 512, the base Transformer's width

/**
 * What attention costs as the sequence grows: sliders for n (16 … 32,768) and d (32 … 4,096), both on a log scale;
 * the n × n score matrix of one head in one layer (entries, bytes in float32 and float16); the operations per layer of
 * self-attention (n²·d) against a recurrent layer (n·d²), and a log–log chart where the two cross at n = d.
 * Config: n, d (numbers, rounded to the nearest power of two in range; defaults 1,024 and 512).
 */
export function AttentionCost({ config }: WidgetProps) {
  const t = useT();
  const uid = useId();
  const [nExp, setNExp] = useState(() => exponentOf(config?.n, LENGTH_EXPONENTS, DEFAULT_N));
  const [dExp, setDExp] = useState(() => exponentOf(config?.d, WIDTH_EXPONENTS, DEFAULT_D));
  const n = 2 ** nExp;
  const d = 2 ** dExp;
  const entries = scoreEntries(n);
  const attention = attentionOps(n, d);
  const recurrent = recurrentOps(n, d);
  const cross = crossoverLength(d);
  const comparison = n === d ? t('lw.decoding.cost.equal', { n: formatCount(n) }) : n > d ? t('lw.decoding.cost.attentionMore', { ratio: formatCount(n / d), n: formatCount(n), d: formatCount(d) }) : t('lw.decoding.cost.attentionLess', { ratio: formatCount(d / n), n: formatCount(n), d: formatCount(d) });

  const slider = (id: string, labelText: string, value: number, range: { readonly min: number; readonly max: number }, onChange: (v: number) => void, shown: string) => (
    <div className="lw-decoding-slider">
      <label htmlFor={`${uid}-${id}`}>{labelText}</label>
      <input
        id={`${uid}-${id}`}
        type="range"
        min={range.min}
        max={range.max}
        step={1}
        value={value}
        aria-valuetext={shown}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output htmlFor={`${uid}-${id}`}>{shown}</output>
    </div>
  );

  return (
    <div className="lw-decoding-cost">
      {slider('n', t('lw.decoding.cost.nLabel'), nExp, LENGTH_EXPONENTS, setNExp, `n = ${formatCount(n)}`)}
      {slider('d', t('lw.decoding.cost.dLabel'), dExp, WIDTH_EXPONENTS, setDExp, `d = ${formatCount(d)}`)}

      <dl className="lw-decoding-facts">
        <div>
          <dt>{t('lw.decoding.cost.matrix')}</dt>
          <dd data-testid="cost-entries">{t('lw.decoding.cost.entries', { n: formatCount(n), entries: formatCount(entries) })}</dd>
        </div>
        <div>
          <dt>{t('lw.decoding.cost.memory')}</dt>
          <dd data-testid="cost-bytes">
            {t('lw.decoding.cost.bytes', {
              f32: formatCount(scoreBytes(n, BYTES_PER_NUMBER.float32)),
              f32h: formatBytes(scoreBytes(n, BYTES_PER_NUMBER.float32)),
              f16: formatCount(scoreBytes(n, BYTES_PER_NUMBER.float16)),
              f16h: formatBytes(scoreBytes(n, BYTES_PER_NUMBER.float16)),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('lw.decoding.cost.ops')}</dt>
          <dd data-testid="cost-ops">{t('lw.decoding.cost.opsValues', { attention: formatCount(attention), recurrent: formatCount(recurrent) })}</dd>
        </div>
        <div>
          <dt>{t('lw.decoding.cost.steps')}</dt>
          <dd data-testid="cost-steps">{t('lw.decoding.cost.stepsValues', { n: formatCount(n) })}</dd>
        </div>
      </dl>
      <p className="lw-decoding-lead" data-testid="cost-comparison">
        {comparison}
      </p>

      <CostChart n={n} d={d} ariaLabel={t('lw.decoding.cost.chartLabel', { d: formatCount(d), cross: formatCount(cross), n: formatCount(n) })} />
      <ul className="lw-decoding-legend">
        <li>
          <span className="lw-decoding-swatch lw-decoding-swatch--attention" aria-hidden="true" /> {t('lw.decoding.cost.legendAttention')}
        </li>
        <li>
          <span className="lw-decoding-swatch lw-decoding-swatch--recurrent" aria-hidden="true" /> {t('lw.decoding.cost.legendRecurrent')}
        </li>
        <li>
          <span className="lw-decoding-swatch lw-decoding-swatch--marker" aria-hidden="true" /> {t('lw.decoding.cost.legendMarker', { cross: formatCount(cross) })}
        </li>
      </ul>
      <p className="lw-decoding-note">{t('lw.decoding.cost.note')}</p>
    </div>
  );
}
