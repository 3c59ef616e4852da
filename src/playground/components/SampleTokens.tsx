import { useT } from '../../i18n/translate';
import { useFocusableWhenScrolling } from '../../shared/useFocusableWhenScrolling';
import { IGNORE_TARGET, type SampleView } from '../../engine/train/types';

/**
 * The sample's input, target and the model's prediction, position by position. A wrong prediction is marked by
 * a class (red) and by a ✗ (colour is never the only cue); unscored positions (induction) show a dot.
 */
export function SampleTokens({ sample }: { readonly sample: SampleView }) {
  const t = useT();
  const scroller = useFocusableWhenScrolling<HTMLDivElement>();
  const scored = sample.targets.filter((v) => v !== IGNORE_TARGET).length;
  const right = sample.targets.filter((v, i) => v !== IGNORE_TARGET && sample.predictions[i] === v).length;
  return (
    <div className="sample-tokens">
      <div className="sample-tokens__scroll" ref={scroller} role="region" aria-label={t('pg.sample.tokens')}>
        <table>
          <tbody>
            <tr>
              <th scope="row">{t('pg.sample.input')}</th>
              {sample.inputs.map((v, i) => (
                <td key={i}>{v}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t('pg.sample.target')}</th>
              {sample.targets.map((v, i) =>
                v === IGNORE_TARGET ? (
                  <td key={i} className="sample-tokens__ignored" title={t('pg.sample.ignored')}>
                    <span aria-label={t('pg.sample.ignored')}>·</span>
                  </td>
                ) : (
                  <td key={i}>{v}</td>
                ),
              )}
            </tr>
            <tr>
              <th scope="row">{t('pg.sample.prediction')}</th>
              {sample.predictions.map((v, i) => {
                const target = sample.targets[i];
                const unscored = target === IGNORE_TARGET || target === undefined;
                const wrong = !unscored && v !== target;
                return (
                  <td key={i} className={unscored ? 'sample-tokens__ignored' : wrong ? 'sample-tokens__wrong' : 'sample-tokens__right'}>
                    {v}
                    {wrong && <span aria-hidden="true">✗</span>}
                  </td>
                );
              })}
            </tr>
          </tbody>
        </table>
      </div>
      <p className="sample-tokens__score" data-sample-right={right}>
        {scored === 0 ? t('pg.sample.noneScored') : t('pg.sample.right', { right, total: scored })}
      </p>
    </div>
  );
}
