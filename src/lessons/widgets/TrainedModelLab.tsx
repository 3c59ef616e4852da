import { SentenceInput } from '../../components/controls/SentenceInput';
import { HeadsGrid } from '../../components/headsgrid';
import { exampleSettings, ModelStatusLine, TRAINED_EXAMPLE_IDS, TRAINED_EXAMPLES, type TrainedExampleId } from '../../components/model';
import { PredictionsPanel } from '../../components/predictions';
import { SelectedHeadPanel } from '../../components/selectedhead';
import { HeadSwitchList } from '../../components/headswitches';
import { engineErrorMessage } from '../../i18n/engineErrorMessage';
import { useT } from '../../i18n/translate';
import { DEFAULT_SETTINGS } from '../../state/labStore';
import { nextTokenRun } from '../../models/registry';
import { ModelRunScope } from '../../run/RunScope';
import { useLabComputation, useModelShape } from '../../run/useLabComputation';
import { useLabFields } from '../../state/useLabFields';
import type { WidgetProps } from '../types';
import './trained.css';

/** The examples a placement may offer: the lab's default sentence, or one of the trained model's examples. */
export type TrainedLabExample = 'plain' | TrainedExampleId;
const EXAMPLE_IDS: readonly TrainedLabExample[] = ['plain', ...TRAINED_EXAMPLE_IDS];

function isExample(id: string): id is TrainedLabExample {
  return (EXAMPLE_IDS as readonly string[]).includes(id);
}

/** The example text of an id: 'plain' is the lab's default sentence. */
export function exampleText(id: TrainedLabExample): string {
  return id === 'plain' ? DEFAULT_SETTINGS.text : TRAINED_EXAMPLES[id];
}

/** The config's examples, in order ("repeatEn,repeatZh"); unknown ids are skipped, none given: 'plain'. */
export function examplesOf(config: WidgetProps['config']): TrainedLabExample[] {
  const raw = typeof config?.example === 'string' ? config.example : '';
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter(isExample);
  return ids.length > 0 ? ids : ['plain'];
}

/**
 * The trained language model on the student's sentence, whatever model the lesson's other widgets run: the
 * sentence, its next-token predictions ("before → after" once a head is off), one on/off checkbox per head of every
 * layer, the heads grid (click a head to see its map below) and the download's state. Config: example (string, one
 * or more of plain, repeatEn, repeatZh, nextWord, comma-separated; default plain): a "use this example" button each.
 */
export function TrainedModelLab({ config }: WidgetProps) {
  return (
    <ModelRunScope model="trained">
      <TrainedModelLabBody examples={examplesOf(config)} />
    </ModelRunScope>
  );
}

function TrainedModelLabBody({ examples }: { readonly examples: readonly TrainedLabExample[] }) {
  const t = useT();
  const result = useLabComputation();
  const set = useLabFields('set').set;
  return (
    <div className="lw-trained">
      <p className="lw-trained__note">{t('lw.trained.intro')}</p>
      <ModelStatusLine />
      <ul className="lw-trained__examples">
        {examples.map((id) => (
          <li key={id}>
            <button type="button" onClick={() => set(exampleSettings(exampleText(id)))}>
              {t(`lw.trained.example.${id}`)}
            </button>{' '}
            <q lang={id === 'repeatZh' ? 'zh-CN' : 'en'}>{exampleText(id)}</q>
          </li>
        ))}
      </ul>
      <p className="lw-trained__note">{t('lw.trained.exampleNote')}</p>
      <SentenceInput />
      {!result.ok ? (
        <p className="lw-trained__note" role="status">
          {engineErrorMessage(t, result.error)}
        </p>
      ) : (
        <>
          {nextTokenRun(result) ? (
            <PredictionsPanel result={result} />
          ) : (
            <p className="lw-trained__note" role="status" data-testid="trained-lab-waiting">
              {t('lw.trained.waiting')}
            </p>
          )}
          <HeadSwitches />
          <div className="lw-trained__scroll">
            <HeadsGrid thumbnailSize={56} />
          </div>
          <div className="lw-trained__scroll">
            <SelectedHeadPanel size={280} />
          </div>
        </>
      )}
    </div>
  );
}

/** One checkbox per head of every layer (checked = in the computation; the one HeadSwitchList), and "all heads on". */
function HeadSwitches() {
  const t = useT();
  const { numLayers, numHeads } = useModelShape();
  const { disabledHeads, toggleHead, allHeadsOn } = useLabFields('disabledHeads', 'toggleHead', 'allHeadsOn');
  return (
    <HeadSwitchList
      className="lw-trained__heads"
      legend={t('lw.trained.heads.legend')}
      layers={numLayers}
      heads={numHeads}
      off={disabledHeads}
      layerName={(layer) => t('lw.trained.heads.layer', { n: layer + 1 })}
      label={(_, head) => t('lw.trained.heads.head', { n: head + 1 })}
      ariaLabel={(layer, head) => t('lw.trained.heads.toggle', { layer: layer + 1, head: head + 1 })}
      onToggle={(layer, head) => toggleHead(layer, head)}
    >
      <button type="button" className="lw-trained__all-on" disabled={disabledHeads.length === 0} onClick={() => allHeadsOn()}>
        {t('lw.trained.heads.allOn')}
      </button>
      <p className="lw-trained__note">{t('lw.trained.heads.hint')}</p>
    </HeadSwitchList>
  );
}
