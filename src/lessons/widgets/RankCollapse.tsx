import { useWalkthroughData } from '../../components/walkthrough';
import { ResidualExperiment } from '../../components/walkthrough/Experiments';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { useLabComputation } from '../../run/useLabComputation';
import '../../components/walkthrough/walkthrough.css';
import './model.css';

/**
 * The residual experiment on the student's tokens: a stack of random encoder layers with and without skip
 * connections, and how alike the token vectors become (mean pairwise cosine similarity). Config: none.
 */
export function RankCollapse() {
  const t = useT();
  const lab = useLabComputation();
  const data = useWalkthroughData();
  if (!lab.ok) return <p className="lw-model-message">{engineErrorMessage(t, lab.error)}</p>;
  if (!data) return <p className="lw-model-message">{t('walkthrough.empty')}</p>;
  return (
    <div className="lw-model-rank">
      <p className="lw-model-note">{t('lw.model.rank.intro', { L: data.tokens.length, layer: data.layerIndex + 1 })}</p>
      <div className="lw-model-scroll">
        <ResidualExperiment data={data} />
      </div>
      <p className="lw-model-note">{t('lw.model.rank.reading')}</p>
    </div>
  );
}
