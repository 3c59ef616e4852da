import { elementName } from '../../components/share/embedSnippet';
import { EMBED_WIDGETS, type EmbedWidget } from '../../shared/embedContract';
import { AttentionWidgetElement } from './AttentionWidgetElement';

/** The element class for one widget: AttentionWidgetElement with its `widget` fixed. */
export function elementClass(widget: EmbedWidget): typeof AttentionWidgetElement {
  return class extends AttentionWidgetElement {
    static override widget: EmbedWidget = widget;
  };
}

/**
 * Defines attention-<widget> for every embed widget (attention-heatmap, attention-heads-grid, …). Names already
 * defined (the script included twice, or another version first) are left alone rather than throwing.
 */
export function defineElements(registry: CustomElementRegistry = customElements): readonly string[] {
  const defined: string[] = [];
  for (const widget of EMBED_WIDGETS) {
    const name = elementName(widget);
    if (registry.get(name)) continue;
    registry.define(name, elementClass(widget));
    defined.push(name);
  }
  return defined;
}
