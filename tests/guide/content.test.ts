import * as content from '../../src/guide/content';
import * as examples from '../../src/guide/examples';
import { TABLE_LABELS } from '../../src/guide/labels';
import { PARAM_DOCS } from '../../src/guide/params';
import type { Bi } from '../../src/guide/types';
import { WIDGET_DOCS } from '../../src/guide/widgets';
import { parseRoute } from '../../src/shared/route';
import { parseRichText } from '../../src/shared/richText';
import { parsePlaygroundQuery, playgroundQuery } from '../../src/playground/playgroundUrl';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';
import { parseQuery, URL_LIMITS, URL_PARAMS } from '../../src/state/url/urlState';
import { DEFAULT_EMBED_OPTIONS, EMBED_CONTROLS, EMBED_PARAMS, EMBED_WIDGETS } from '../../src/shared/embedContract';

const isBi = (v: unknown): v is Bi => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).sort().join() === 'en,zh';

/** Every Bi anywhere in a value, with a path for the failure message. */
function bilingualTexts(value: unknown, path: string, out: { path: string; text: Bi }[] = []): { path: string; text: Bi }[] {
  if (isBi(value)) out.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => bilingualTexts(v, `${path}[${i}]`, out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) bilingualTexts(v, `${path}.${k}`, out);
  return out;
}

/** What a reader sees outside `code`. */
const proseOf = (text: string): string =>
  parseRichText(text)
    .filter((p) => p.kind === 'text' || p.kind === 'bold')
    .map((p) => ('text' in p ? p.text : ''))
    .join(' ');
const HAN = /\p{Script=Han}/u;
const LATIN_WORD = /[A-Za-z]{3,}/;
const row = (name: string) => PARAM_DOCS.find((p) => p.name === name)!;

describe('the parameter table', () => {
  it('has one row for every lab and embed parameter, in link order', () => {
    expect(PARAM_DOCS.map((p) => p.name)).toEqual([...URL_PARAMS, ...EMBED_PARAMS]);
    expect(PARAM_DOCS.filter((p) => p.group === 'lab').map((p) => p.name)).toEqual([...URL_PARAMS]);
    expect(PARAM_DOCS.filter((p) => p.group === 'embed').map((p) => p.name)).toEqual([...EMBED_PARAMS]);
  });

  it('takes defaults and limits from the code', () => {
    expect(row('text').default.en).toBe(`\`${DEFAULT_SETTINGS.text}\``);
    expect(row('text').values.en).toContain(String(URL_LIMITS.maxTextLength));
    expect(row('d').default.en).toBe(`\`${DEFAULT_SETTINGS.embedDim}\``);
    expect(row('d').values.en).toContain(`\`${URL_LIMITS.maxEmbedDim}\``);
    expect(row('h').values.en).toContain(`\`${URL_LIMITS.maxHeads}\``);
    expect(row('layers').values.en).toContain(`\`${URL_LIMITS.maxLayers}\``);
    expect(row('seed').values.en).toContain(`\`${URL_LIMITS.maxSeed}\``);
    expect(row('pad').values.en).toContain(`\`${URL_LIMITS.maxTokenIndex}\``);
    expect(row('widget').default.en).toBe(`\`${DEFAULT_EMBED_OPTIONS.widget}\``);
    expect(row('step').default.en).toBe(`\`${DEFAULT_EMBED_OPTIONS.step}\``);
    for (const w of EMBED_WIDGETS) expect(row('widget').values.en).toContain(`\`${w}\``);
    for (const c of EMBED_CONTROLS) expect(row('controls').values.en).toContain(`\`${c}\``);
  });

  it('documents defaults the parser really uses: a link with every default reads back to DEFAULT_SETTINGS', () => {
    const value = (name: string) => parseRichText(row(name).default.en).find((p) => p.kind === 'code');
    const query = ['d', 'h', 'layers', 'seed', 'pe', 'mask', 'layer', 'head', 'view', 'page']
      .map((name) => `${name}=${encodeURIComponent((value(name) as { text: string }).text)}`)
      .join('&');
    const parsed = parseQuery(query);
    expect(parsed.notices).toEqual([]);
    expect({ ...DEFAULT_SETTINGS, ...parsed.settings }).toEqual(DEFAULT_SETTINGS);
  });
});

describe('the guide text', () => {
  const everything = { content, examples, TABLE_LABELS, PARAM_DOCS, WIDGET_DOCS };

  it('is complete in both languages: no text exists in one and not the other', () => {
    const texts = bilingualTexts(everything, 'guide');
    expect(texts.length).toBeGreaterThan(100);
    for (const { path, text } of texts) {
      expect(text.en.trim(), `${path}.en`).not.toBe('');
      expect(text.zh.trim(), `${path}.zh`).not.toBe('');
      // A Chinese side that is English prose was not translated (code and names alone are fine).
      if (LATIN_WORD.test(proseOf(text.en)) && !path.startsWith('guide.examples')) expect(proseOf(text.zh), `${path}.zh is not Chinese: ${text.zh}`).toMatch(HAN);
    }
  });

  it('has unique section ids, and a heading, prose and code for embedding, auto height, custom elements, hosting and messages', () => {
    const ids = content.GUIDE_SECTIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['iframe', 'auto-height', 'elements', 'hosting', 'messages', 'parameters']) {
      const section = content.GUIDE_SECTIONS.find((s) => s.id === id);
      expect(section, id).toBeDefined();
      if (id !== 'parameters') expect(section!.blocks.some((b) => b.kind === 'code'), id).toBe(true);
    }
    expect(content.GUIDE_SECTIONS.flatMap((s) => s.blocks).filter((b) => b.kind === 'params')).toHaveLength(1);
  });

  it('lists every widget with its custom element', () => {
    expect(WIDGET_DOCS.map((w) => w.id)).toEqual([...EMBED_WIDGETS]);
    expect(WIDGET_DOCS.map((w) => w.element)).toEqual([
      'attention-heatmap',
      'attention-heads-grid',
      'attention-head-view',
      'attention-walkthrough-step',
      'attention-sqrt-dk',
      'attention-residual',
      'attention-predictions',
      'attention-generation',
    ]);
  });

  it('shows examples with the placeholders for this copy of the lab', () => {
    expect(examples.IFRAME_EXAMPLE.en).toMatch(/^<iframe src="\{base\}embed\.html\?text=The\+cat\+sat\+on\+the\+mat&amp;h=2&amp;mask=causal&amp;lang=en&amp;widget=heatmap&amp;controls=text,mask&amp;lock=mask" /);
    expect(examples.AUTO_HEIGHT_EXAMPLE.en).toContain('event.origin !== "{origin}"');
    // The Chinese example is the same snippet with lang=zh and the frame's title in Chinese: nothing else differs.
    expect(examples.IFRAME_EXAMPLE.zh).toContain('lang=zh&amp;widget=heatmap');
    expect(examples.IFRAME_EXAMPLE.zh).toMatch(/title="注意力实验室/);
    const neutral = (snippet: string) => snippet.replace(/lang=(en|zh)/g, 'lang=…').replace(/title="[^"]*"/, 'title="…"');
    expect(neutral(examples.AUTO_HEIGHT_EXAMPLE.zh)).toBe(neutral(examples.AUTO_HEIGHT_EXAMPLE.en));
    expect(examples.ELEMENT_EXAMPLE).toBe(
      '<script type="module" src="{base}attention-lab-widgets.js"></script>\n<attention-heatmap text="The cat sat on the mat" h="2" mask="causal" lang="en" controls="text,mask" lock="mask"><span>The Attention Lab widget has not loaded. If this message stays, the site at {origin} must send the header Access-Control-Allow-Origin for the widget’s script, or use “Download for your site” in the lab’s Embed / share dialog and host the files on your own site.</span></attention-heatmap>',
    );
    expect(examples.SET_TEXT_EXAMPLE.en).toContain("type: 'attention-lab:set-text'");
  });
});

describe('the playground section', () => {
  it('gives a playground link whose settings are all accepted, written the way the playground writes them', () => {
    const section = content.GUIDE_SECTIONS.find((s) => s.id === 'playground');
    const code = section?.blocks.find((b) => b.kind === 'code');
    expect(code?.kind).toBe('code');
    const text = code && code.kind === 'code' && typeof code.code === 'string' ? code.code : '';
    const route = parseRoute(text.slice(text.indexOf('#')));
    expect(route.kind).toBe('playground');
    const query = route.kind === 'playground' ? route.query : '';
    expect(parsePlaygroundQuery(query).notices).toEqual([]);
    expect(playgroundQuery(parsePlaygroundQuery(query).params)).toBe(query);
  });
});
