import { truncateLabel } from '../../components/heatmap/heatmapModel';
import { defaultConfig } from '../../engine/train';
import { useT, type Translate } from '../../i18n/translate';
import { usePlayground } from '../playgroundStore';
import { PLAYGROUND_LIMITS, type PlaygroundNotice, type PlaygroundParams } from '../types';

/** Longest part of a refused value that is shown: a link can hold anything. */
const VALUE_PREVIEW = 40;

const preview = (value: string): string => truncateLabel(value, VALUE_PREVIEW);

const LIMIT_OF: Readonly<Record<string, keyof typeof PLAYGROUND_LIMITS>> = {
  layers: 'layers',
  heads: 'heads',
  width: 'width',
  lr: 'learningRate',
  seed: 'seed',
};

export function noticeText(t: Translate, notice: PlaygroundNotice, params: PlaygroundParams): string {
  const value = preview(notice.value);
  const param = preview(notice.param);
  switch (notice.reason) {
    case 'unknown':
      return t('pg.notice.unknown', { param });
    case 'unknown-more':
      return t('pg.notice.unknown-more', { count: notice.value });
    case 'repeated':
      return t('pg.notice.repeated', { param, value, fallback: preview(notice.fallback) });
    case 'heads-do-not-divide':
      return t('pg.notice.heads-do-not-divide', { value, width: params.width, heads: notice.fallback });
  }
  if (notice.param === 'task') return t('pg.notice.task', { value });
  if (notice.param === 'input') {
    const { seqLen, vocab } = defaultConfig(params.task);
    return t('pg.notice.input', { value, n: seqLen, max: vocab - 1 });
  }
  const limits = LIMIT_OF[notice.param];
  if (notice.reason === 'out-of-range' && limits !== undefined) {
    return t('pg.notice.out-of-range', { param, value, min: PLAYGROUND_LIMITS[limits].min, max: PLAYGROUND_LIMITS[limits].max });
  }
  return t('pg.notice.invalid', { param, value });
}

/** Settings from the link (or the form) that were refused, each saying what is used instead; dismissible. */
export function PlaygroundNotices() {
  const t = useT();
  const notices = usePlayground((s) => s.notices);
  const params = usePlayground((s) => s.params);
  const dismiss = usePlayground((s) => s.dismissNotices);
  if (notices.length === 0) return null;
  return (
    <div className="notice playground-notices" role="status">
      <p className="playground-notices__title">{t('pg.notices.title')}</p>
      <ul>
        {notices.map((n, i) => (
          <li key={`${n.param}-${n.reason}-${i}`}>{noticeText(t, n, params)}</li>
        ))}
      </ul>
      <button type="button" className="secondary" onClick={dismiss}>
        {t('pg.notices.dismiss')}
      </button>
    </div>
  );
}
