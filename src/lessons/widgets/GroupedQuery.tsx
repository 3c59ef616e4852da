import { useId, useState } from 'react';
import { headColor } from '../../components/headview/headColors';
import { useT } from '../../i18n/translate';
import { useLabFields } from '../../state/useLabFields';
import { URL_LIMITS } from '../../state/url/urlState';
import { defaultKvHeads, groupedQueryChoice } from './GroupedQueryModel';
import './grouped.css';

/**
 * Multi-query and grouped-query attention at the lab's width: the student picks h query heads and g key/value heads
 * (only divisors of h are offered), sees which query heads share which key/value head, and the K/V projection
 * weights and KV cache per token against ordinary multi-head attention. It reads the lab's width and head count
 * (the first h) and writes nothing. No config.
 */
export function GroupedQuery() {
  const t = useT();
  const { embedDim, numHeads: labHeads } = useLabFields('embedDim', 'numHeads');
  const [asked, setAsked] = useState<{ readonly heads: number; readonly kvHeads: number } | null>(null);
  const headsId = useId();
  const kvId = useId();
  const hintId = useId();

  const askedHeads = asked?.heads ?? labHeads;
  const choice = groupedQueryChoice(embedDim, askedHeads, asked?.kvHeads ?? defaultKvHeads(askedHeads), URL_LIMITS.maxHeads);
  const { numHeads: h, numKvHeads: g, counts } = choice;
  const dk = counts.headDim;
  const onHeads = (heads: number) => setAsked({ heads, kvHeads: asked !== null && heads % asked.kvHeads === 0 ? asked.kvHeads : defaultKvHeads(heads) });

  return (
    <div className="lw-grouped">
      <div className="lw-grouped-row">
        <label className="lw-grouped-field" htmlFor={headsId}>
          {t('lw.grouped.heads')}
        </label>
        <select id={headsId} value={h} onChange={(e) => onHeads(Number(e.target.value))}>
          {choice.headOptions.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <label className="lw-grouped-field" htmlFor={kvId}>
          {t('lw.grouped.kvHeads')}
        </label>
        <select id={kvId} value={g} aria-describedby={hintId} onChange={(e) => setAsked({ heads: h, kvHeads: Number(e.target.value) })}>
          {choice.kvOptions.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <p id={hintId} className="lw-grouped-note">
        {t('lw.grouped.kvHint', { h, choices: choice.kvOptions.join(', ') })}
      </p>
      <p className="lw-grouped-kind" data-testid="grouped-kind">
        {choice.kind === 'gqa' ? t('lw.grouped.kind.gqa', { g, size: counts.groupSize }) : t(`lw.grouped.kind.${choice.kind}`, { h })}
      </p>

      <ul className="lw-grouped-groups" aria-label={t('lw.grouped.diagramLabel')}>
        {choice.groups.map((group) => (
          <li key={group.kvHead} className="lw-grouped-group" style={{ borderColor: headColor(group.kvHead) }}>
            <span className="lw-grouped-sr">{t('lw.grouped.groupText', { kv: group.kvHead + 1, heads: group.queryHeads.map((q) => q + 1).join(', ') })}</span>
            <span className="lw-grouped-chips" aria-hidden="true">
              {group.queryHeads.map((q) => (
                <span key={q} className="lw-grouped-chip" style={{ borderColor: headColor(group.kvHead) }}>
                  {t('lw.grouped.queryChip', { n: q + 1 })}
                </span>
              ))}
            </span>
            <span className="lw-grouped-kv" aria-hidden="true" style={{ backgroundColor: headColor(group.kvHead) }}>
              {t('lw.grouped.kvChip', { kv: group.kvHead + 1 })}
            </span>
          </li>
        ))}
      </ul>

      <p className="lw-grouped-caption">{t('lw.grouped.tableCaption', { d: embedDim, h, dk })}</p>
      <div className="lw-grouped-scroll" role="region" tabIndex={0} aria-label={t('lw.grouped.tableLabel')}>
        <table className="lw-grouped-table">
          <thead>
            <tr>
              <th scope="col">{t('lw.grouped.colWhat')}</th>
              <th scope="col">{t('lw.grouped.colChoice', { g })}</th>
              <th scope="col">{t('lw.grouped.colMha', { h })}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('lw.grouped.rowShape')}</th>
              <td>{`[L × ${g}·${dk}] = [L × ${g * dk}]`}</td>
              <td>{`[L × ${h}·${dk}] = [L × ${h * dk}]`}</td>
            </tr>
            <tr data-testid="grouped-weights">
              <th scope="row">{t('lw.grouped.rowWeights')}</th>
              <td>{`2 · ${embedDim} · ${g} · ${dk} = ${counts.kvProjectionWeights}`}</td>
              <td>{`2 · ${embedDim} · ${h} · ${dk} = ${counts.kvProjectionWeightsMha}`}</td>
            </tr>
            <tr data-testid="grouped-cache">
              <th scope="row">{t('lw.grouped.rowCache')}</th>
              <td>{`2 · ${g} · ${dk} = ${counts.kvCachePerToken}`}</td>
              <td>{`2 · ${h} · ${dk} = ${counts.kvCachePerTokenMha}`}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="lw-grouped-note" data-testid="grouped-saving">
        {g === h ? t('lw.grouped.noSaving') : t('lw.grouped.saving', { ratio: counts.groupSize, d: embedDim })}
      </p>
    </div>
  );
}
