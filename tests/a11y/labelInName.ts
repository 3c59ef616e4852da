/*
 * WCAG 2.5.3 "label in name": a control named by aria-label or aria-labelledby must have, inside that name, the words
 * it shows, so that a speech-input user can say what they see ("click Only this"). axe checks it in the browser
 * (label-content-name-mismatch); this is the same check over a jsdom tree, for unit tests.
 *
 * Both of axe's comparisons are applied, and a control passes only if it passes both:
 *   - axe 4.13: the visible text, with text nodes joined as they are ("2" + "The" → "2the"), axe's punctuation
 *     removed, is a substring of the name, axe's punctuation removed (not "·" nor full-width marks: AXE_PUNCTUATION);
 *   - axe 4.14: the visible text's words (split at anything but letters and digits, Chinese split by Intl.Segmenter,
 *     ASCII parentheticals dropped) are a contiguous run of the name's words.
 * jsdom has no layout, so "visible" is every text node (aria-hidden text is still seen on screen). Text without a
 * letter or digit ("×") is a symbol, not words to say, and is left out, as axe leaves it out.
 */

/** Controls whose name may come from their content, and native controls labelled by a <label>. */
const CONTROLS = 'button, a[href], input, select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="menuitem"], [role="option"]';

export interface LabelInNameResult {
  /** How many controls had both an author-given name and visible text (the check applies to them). */
  readonly checked: number;
  /** One line per control whose name misses its visible text. */
  readonly problems: readonly string[];
}

/** The name that aria-labelledby or aria-label gives (they win over content and <label>), or null. */
export function authorName(el: Element): string | null {
  const ids = el.getAttribute('aria-labelledby');
  if (ids) return ids.split(/\s+/).map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '').join(' ');
  return el.getAttribute('aria-label');
}

/** What the control shows: its own text, or for a form field the text of its <label>. */
export function visibleText(el: Element): string {
  if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) {
    const labels = el.labels ? Array.from(el.labels) : [];
    return labels.map((label) => label.textContent ?? '').join('');
  }
  return el.textContent ?? '';
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What axe 4.13 removes as punctuation (its getPunctuationRegExp): ASCII punctuation, a few signs, and the General
 * and Supplemental Punctuation blocks; not every Unicode punctuation mark. A middle dot "·" or a full-width "，" stays,
 * so a name "… 0.47 · off" does not hold the visible "0.47 off".
 */
const AXE_PUNCTUATION = /[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&\xa3\xa2\xa5\xa7\u20ac()*+,\-./:;<=>?@[\]^_`{|}~\xb1]/g;

/** axe 4.13's comparison: lower case, its punctuation removed, spaces collapsed. */
export function substringForm(text: string): string {
  return squash(text.toLowerCase().replace(AXE_PUNCTUATION, ''));
}

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'word' });

/** axe 4.14's comparison: the words, in order. */
export function words(text: string): string[] {
  let s = text.normalize('NFKD').toLowerCase();
  for (let previous = ''; previous !== s; ) {
    previous = s;
    s = s.replace(/\([^()]*\)/g, '');
  }
  s = squash(s.replace(/[^\p{L}\p{N}]/gu, ' '));
  return Array.from(SEGMENTER.segment(s), (part) => part.segment.trim()).filter(Boolean);
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return true;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((word, j) => haystack[i + j] === word)) return true;
  }
  return false;
}

/** True when the name holds the visible text in both of axe's senses. */
export function nameHoldsLabel(name: string, visible: string): boolean {
  const label = substringForm(visible);
  if (label === '') return true;
  return substringForm(name).includes(label) && containsRun(words(name), words(visible));
}

/** Checks every control under root that has an author-given name and visible text. */
export function checkLabelInName(root: ParentNode): LabelInNameResult {
  const problems: string[] = [];
  let checked = 0;
  for (const el of Array.from(root.querySelectorAll(CONTROLS))) {
    const name = authorName(el);
    const visible = visibleText(el);
    if (name === null || squash(name) === '' || words(visible).length === 0) continue;
    checked += 1;
    if (!nameHoldsLabel(name, visible)) problems.push(`«${squash(name)}» does not contain what it shows: «${squash(visible)}»`);
  }
  return { checked, problems };
}
