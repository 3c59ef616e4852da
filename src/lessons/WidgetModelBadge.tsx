import { appHref } from '../components/model/ModelPicker';
import { useT } from '../i18n/translate';
import { navigate } from '../shared/route';
import { useLab } from '../state/labStore';
import { kindOf } from '../state/modelChoice';
import { useLabFields } from '../state/useLabFields';
import type { WidgetId } from './types';
import { isLabModel, WIDGET_MODELS, type LabWidgetModel } from './widgets/widgetModels';

/** Sets the lab to the widget's model (the untrained encoder keeps the lessons' width, heads and seed) and goes there. */
function openLabOn(model: LabWidgetModel): void {
  useLab.getState().set({ model: model.kind, page: model.page });
  navigate({ kind: 'lab' });
  // The lesson was scrolled to the widget; the lab starts at its top, with the sentence and the model picker.
  window.scrollTo({ top: 0 });
}

/**
 * The model a lesson widget runs, named on the widget: the untrained encoder (with its current size), the trained
 * language model, numbers of its own, or no model. For the lab's two models, a link to the model's card and a button
 * that opens the lab on that very model.
 */
export function WidgetModelBadge({ widget }: { readonly widget: WidgetId }) {
  const t = useT();
  // A widget id this version does not know (WidgetSlot says so) has no model to name.
  const model = WIDGET_MODELS[widget] as (typeof WIDGET_MODELS)[WidgetId] | undefined;
  const { embedDim, numHeads, numLayers, seed } = useLabFields('embedDim', 'numHeads', 'numLayers', 'seed');
  if (model === undefined) return null;
  if (!isLabModel(model)) {
    return (
      <p className="widget-model" data-model={model.kind}>
        <span className="widget-model__name">{t(`lessons.badge.${model.kind}`)}</span>
      </p>
    );
  }
  const { fixedShape, cardHref } = kindOf(model.kind).traits;
  // A model of a fixed shape is named by it; the untrained encoder by the lessons' width, heads, layers and seed.
  const name = fixedShape
    ? t('lessons.badge.trained', { layers: fixedShape.numLayers, heads: fixedShape.numHeads })
    : t('lessons.badge.untrained', { d: embedDim, h: numHeads, n: numLayers, seed });
  return (
    <p className="widget-model" data-model={model.kind}>
      <span className="widget-model__name">{name}</span>{' '}
      {cardHref !== null && (
        <>
          <a href={appHref(cardHref)} target="_blank" rel="noreferrer">
            {t('lessons.badge.card')}
          </a>{' '}
        </>
      )}
      <button type="button" className="widget-model__open" onClick={() => openLabOn(model)}>
        {t(model.page === 'walkthrough' ? 'lessons.badge.openWalkthrough' : 'lessons.badge.open')}
      </button>
    </p>
  );
}
