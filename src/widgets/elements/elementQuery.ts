import { URL_PARAMS } from '../../state/url/urlState';
import { EMBED_PARAMS, type EmbedWidget } from '../../shared/embedContract';

/**
 * The attributes an element reads, named and validated like an embed link's parameters: the lab's own (without
 * `page`, a lab tab that means nothing in a widget) and the embed's (without `widget`: the element's name says it).
 */
export const ELEMENT_ATTRIBUTES: readonly string[] = [...URL_PARAMS.filter((p) => p !== 'page'), ...EMBED_PARAMS.filter((p) => p !== 'widget')];

/**
 * The embed query string an element's attributes stand for, e.g. `text=The+cat&h=2&widget=heatmap`: each present
 * attribute once (an element cannot repeat one), values exactly as written, then the element's widget.
 */
export function elementQuery(widget: EmbedWidget, attribute: (name: string) => string | null): string {
  const params = new URLSearchParams();
  for (const name of ELEMENT_ATTRIBUTES) {
    const value = attribute(name);
    if (value !== null) params.append(name, value);
  }
  params.append('widget', widget);
  return params.toString();
}
