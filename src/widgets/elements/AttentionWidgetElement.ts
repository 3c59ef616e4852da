import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { createUiStore } from '../../state/uiStore';
import { createLabStore, type LabSettings } from '../../state/labStore';
import { createWalkthroughStore } from '../../state/walkthroughStore';
import { DEFAULT_EMBED_WIDGET, type EmbedOptions, type EmbedWidget } from '../../shared/embedContract';
import { CONTROL_FIELDS } from '../lockGuard';
import { parseEmbedQuery, type EmbedPageNotice, type ParsedEmbedQuery } from '../parseEmbedQuery';
import { ElementRoot, type WidgetStores } from './ElementRoot';
import { surroundingLocale } from './elementLocale';
import { ELEMENT_ATTRIBUTES, elementQuery } from './elementQuery';
import { LAB_ATTRIBUTE, labAddress } from './labAttribute';
import { settingsPatch } from './settingsPatch';
import { attachWidgetStyles, installDocumentFonts, ROOT_CLASS } from './widgetStyles';

/** The lab next to the widgets script (both are built into the app's folder), for the "Open in Attention Lab" link. */
const LAB_URL = new URL(/* @vite-ignore */ './index.html', import.meta.url).href;

function sameOptions(a: EmbedOptions, b: EmbedOptions): boolean {
  return a.widget === b.widget && a.step === b.step && a.controls.join() === b.controls.join() && a.locked.join() === b.locked.join();
}

/** The new notices, reusing the old objects for unchanged ones: a notice the reader dismissed stays dismissed. */
function reuseNotices(previous: readonly EmbedPageNotice[], next: readonly EmbedPageNotice[]): readonly EmbedPageNotice[] {
  const byValue = new Map(previous.map((n) => [JSON.stringify(n), n]));
  return next.map((n) => byValue.get(JSON.stringify(n)) ?? n);
}

function lockedFields(options: EmbedOptions): ReadonlySet<keyof LabSettings> {
  return new Set(options.locked.flatMap((control) => CONTROL_FIELDS[control]));
}

/**
 * One live widget as a custom element, e.g. <attention-heatmap text="The cat sat" h="2" controls="heads">.
 * Its attributes are an embed link's parameters (same names, same validation, same notices); its React tree lives
 * in an open shadow root with the widgets' styles, and reads stores of its own, so two elements on a page never
 * share a sentence, a head or a language. Subclasses (defineElements) fix `widget`.
 */
export class AttentionWidgetElement extends HTMLElement {
  static widget: EmbedWidget = DEFAULT_EMBED_WIDGET;

  static get observedAttributes(): readonly string[] {
    return [...ELEMENT_ATTRIBUTES, LAB_ATTRIBUTE];
  }

  readonly #container: HTMLDivElement;
  #root: Root | null = null;
  #stores: WidgetStores | null = null;
  /** What the attributes said when last applied; null before the first connection. */
  #applied: ParsedEmbedQuery | null = null;
  #notices: readonly EmbedPageNotice[] = [];
  /** Bumped to remount the view (see #update). */
  #generation = 0;
  #updateQueued = false;

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    attachWidgetStyles(shadow);
    this.#container = document.createElement('div');
    this.#container.className = ROOT_CLASS;
    shadow.append(this.#container);
  }

  get widget(): EmbedWidget {
    return (this.constructor as typeof AttentionWidgetElement).widget;
  }

  connectedCallback(): void {
    // Moved within the page (disconnected and connected in one task): the mounted view simply stays.
    if (this.#root) return;
    // Only the walkthrough step draws formulas; a page without one never loads (or, under a font-src without
    // data:, never reports blocking) the KaTeX fonts.
    if (this.widget === 'walkthrough-step') installDocumentFonts();
    this.#root = createRoot(this.#container);
    this.#update(true);
  }

  disconnectedCallback(): void {
    // Later, not now: the element may be moved rather than removed, and a React page removing it may be mid-render.
    queueMicrotask(() => {
      if (this.isConnected || !this.#root) return;
      this.#root.unmount();
      this.#root = null;
    });
  }

  attributeChangedCallback(): void {
    // Several attributes set in one go (a script, a framework) are applied once.
    if (!this.#root || this.#updateQueued) return;
    this.#updateQueued = true;
    queueMicrotask(() => {
      this.#updateQueued = false;
      if (this.#root) this.#update(false);
    });
  }

  /**
   * Reads the attributes and shows them. The first time (or after a reconnection) the stores start from them; later,
   * only the settings whose attributes changed are set, so what the reader chose with the controls stays.
   */
  #update(mounting: boolean): void {
    const root = this.#root;
    if (!root) return;
    const parsed = parseEmbedQuery(elementQuery(this.widget, (name) => this.getAttribute(name)));
    const locale = parsed.locale ?? surroundingLocale(this);
    const previous = this.#applied;
    if (!this.#stores) {
      this.#stores = { lab: createLabStore(parsed.settings), walkthrough: createWalkthroughStore(), ui: createUiStore(locale) };
    } else if (previous) {
      const patch = settingsPatch(previous.settings, parsed.settings);
      // A locked control's settings are held by the mounted view (guardLockedSettings): release it before changing
      // them, and mount anew, which holds the new values.
      const touchesLock = (Object.keys(patch) as (keyof LabSettings)[]).some((key) => lockedFields(previous.options).has(key));
      if (touchesLock && !mounting) {
        flushSync(() => root.render(null));
        this.#generation += 1;
      }
      if (Object.keys(patch).length > 0) this.#stores.lab.setState(patch);
      if (this.#stores.ui.getState().locale !== locale) this.#stores.ui.setState({ locale });
    }
    const options = previous && sameOptions(previous.options, parsed.options) ? previous.options : parsed.options;
    this.#notices = reuseNotices(this.#notices, parsed.notices);
    this.#applied = { ...parsed, options };
    root.render(createElement(ElementRoot, { key: this.#generation, stores: this.#stores, options, notices: this.#notices, labUrl: labAddress(this.getAttribute(LAB_ATTRIBUTE)) ?? LAB_URL }));
  }
}
