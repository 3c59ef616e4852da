import { unzipSync, strFromU8 } from 'fflate';
import { buildSiteArchive, FETCHED_SITE_FILES, SITE_MODEL_CARD_PATH, SITE_MODEL_PATH, SITE_SCRIPT_PATH, type FetchedSiteFile } from '../../../src/components/share/siteArchive';
import { elementSnippet, embedUrl, WIDGETS_SCRIPT } from '../../../src/components/share/embedSnippet';
import { localElementSnippet, siteTarget } from '../../../src/components/share/sitePage';
import { siteReadme } from '../../../src/components/share/siteReadme';
import { siteArchiveFor } from '../../../src/components/share/siteArchiveFor';
import { MODEL_PATH } from '../../../src/models/trained/lmModelStore';
import { DEFAULT_SETTINGS, type LabSettings } from '../../../src/state/labStore';
import { DEFAULT_EMBED_OPTIONS, type EmbedOptions } from '../../../src/shared/embedContract';
import type { Locale } from '../../../src/state/locale';
import { translate } from '../../../src/i18n/translate';

const BASE = 'https://school.example/ai/lab/index.html';
const XSS = '<img src=x onerror=alert(1)>';
const DATE = new Date(2024, 4, 6, 12, 30, 0);

/** Stand-ins for the fetched files: the model's bytes are every byte value, so any change to them shows. */
function fetchedFiles(): Record<FetchedSiteFile, Uint8Array> {
  const model = new Uint8Array(70_000);
  for (let i = 0; i < model.length; i++) model[i] = (i * 131 + (i >> 8)) & 0xff;
  return {
    [SITE_SCRIPT_PATH]: new TextEncoder().encode('export const widgets = 1;\n'.repeat(500)),
    [SITE_MODEL_PATH]: model,
    [SITE_MODEL_CARD_PATH]: new TextEncoder().encode('# The model\n'),
  };
}

const settings: LabSettings = { ...DEFAULT_SETTINGS, text: `The cat "sat" & ${XSS}`, maskMode: 'causal', selectedLayer: 1, selectedHead: 2 };
const options: EmbedOptions = { ...DEFAULT_EMBED_OPTIONS, widget: 'heads-grid', controls: ['text', 'heads'], locked: ['heads'] };
const linkIn = (locale: Locale) => embedUrl(settings, locale, options, BASE);

/** An element's opening tag: its name and attributes (values are escaped, so the first '>' ends it). */
const openingTag = (html: string): string => html.slice(0, html.indexOf('>') + 1);

/** Byte equality (TextEncoder's arrays come from another realm than the test's, so toEqual would not match). */
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** The compression method of each entry (0 = stored, 8 = deflated) and the entries' bytes. */
function open(zip: Uint8Array): { files: Record<string, Uint8Array>; methods: Record<string, number> } {
  const methods: Record<string, number> = {};
  const files = unzipSync(zip, {
    filter: (file) => {
      methods[file.name] = file.compression;
      return true;
    },
  });
  return { files, methods };
}

describe('site archive paths', () => {
  it('are the paths the app serves the files at, and the element script asks for', () => {
    expect(`./${SITE_SCRIPT_PATH}`).toBe(WIDGETS_SCRIPT);
    expect(SITE_MODEL_PATH).toBe(MODEL_PATH);
    expect(SITE_MODEL_CARD_PATH).toBe(MODEL_PATH.replace('model.bin', 'README.md'));
    expect(FETCHED_SITE_FILES).toEqual(['attention-lab-widgets.js', 'models/lm/model.bin', 'models/lm/README.md']);
  });
});

describe('buildSiteArchive', () => {
  it('holds the fetched files at their paths, the page and the README; the model byte for byte, deflated', () => {
    const fetched = fetchedFiles();
    const zip = buildSiteArchive({ fetched, page: '<!doctype html><title>x</title>', readme: 'read me\r\n中文', modified: DATE });
    const { files, methods } = open(zip);
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'attention-lab-widgets.js', 'index.html', 'models/lm/README.md', 'models/lm/model.bin']);
    expect(sameBytes(files['models/lm/model.bin'], fetched['models/lm/model.bin'])).toBe(true);
    expect(sameBytes(files['attention-lab-widgets.js'], fetched['attention-lab-widgets.js'])).toBe(true);
    expect(strFromU8(files['README.txt'])).toBe('read me\r\n中文');
    // Every entry is deflated (the model at the fastest level: its int8 table compresses to about half).
    expect(methods['models/lm/model.bin']).toBe(8);
    expect(methods['attention-lab-widgets.js']).toBe(8);
    expect(methods['index.html']).toBe(8);
  });

  it('is a pure function: the same files and date give the same bytes', () => {
    const input = { fetched: fetchedFiles(), page: 'p', readme: 'r', modified: DATE };
    expect(buildSiteArchive(input)).toEqual(buildSiteArchive(input));
  });
});

describe('the example page', () => {
  it.each(['en', 'zh'] as const)('shows the element exactly as the dialog writes it, loaded from ./attention-lab-widgets.js (%s)', (locale) => {
    const link = linkIn(locale);
    const target = siteTarget(link, 'en');
    expect(target).toEqual({ base: 'https://school.example/ai/lab/', widget: 'heads-grid', locale, embedLink: link });
    const { files } = open(siteArchiveFor(target, fetchedFiles(), DATE));
    const page = strFromU8(files['index.html']);

    // The dialog's snippet: the same element with the same attributes; the script's src and the fallback differ.
    const [dialogScript, dialogElement] = elementSnippet('heads-grid', link, BASE).split('\n');
    expect(dialogScript).toBe('<script type="module" src="https://school.example/ai/lab/attention-lab-widgets.js"></script>');
    const fallback = translate(locale, 'share.download.page.fallback');
    const local = localElementSnippet(target, fallback);
    // The same opening tag plus lab=…: on the course site the element's "Open in Attention Lab" goes back to the app.
    const withLab = openingTag(dialogElement).replace(/>$/, ' lab="https://school.example/ai/lab/index.html">');
    expect(local).toBe(`<script type="module" src="./attention-lab-widgets.js"></script>\n${withLab}<span>${fallback}</span></attention-heads-grid>`);
    expect(page).toContain(local);
    expect(page).not.toContain('school.example/ai/lab/attention-lab-widgets.js');
    // Nothing in the page sends the instructor to the lab's site for CORS: the copy is on their own site.
    expect(page).not.toContain('Access-Control-Allow-Origin');

    // As a document: one live element with the configured attributes, the sentence as text (no injected <img>).
    const doc = new DOMParser().parseFromString(page, 'text/html');
    expect(doc.documentElement.lang).toBe(locale === 'zh' ? 'zh-CN' : 'en');
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(doc.querySelector('script')!.getAttribute('src')).toBe('./attention-lab-widgets.js');
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    const elements = doc.querySelectorAll('attention-heads-grid');
    expect(elements).toHaveLength(1);
    const element = elements[0];
    expect(element.getAttribute('text')).toBe(settings.text);
    expect(element.getAttribute('lang')).toBe(locale);
    expect(element.getAttribute('controls')).toBe('text,heads');
    expect(element.getAttribute('lock')).toBe('heads');
    expect(element.getAttribute('mask')).toBe('causal');
    expect(element.hasAttribute('widget')).toBe(false);
    expect(element.getAttribute('lab')).toBe('https://school.example/ai/lab/index.html');
    // The lines to copy are shown as text, and the lab it came from is linked.
    expect(doc.querySelector('pre')!.textContent).toBe(local);
    expect(element.textContent).toBe(fallback);
    expect(doc.querySelector('a')!.getAttribute('href')).toBe('https://school.example/ai/lab/');
    expect(doc.title).toBe(translate(locale, 'share.download.page.title', { widget: translate(locale, 'share.embed.widget.heads-grid') }));
    expect(doc.title).toBe(locale === 'zh' ? `在你的网站上使用注意力实验室：${translate('zh', 'share.embed.widget.heads-grid')}` : 'Attention Lab on your site: Grid of all heads');
  });

  it('takes the language from the link, else the fallback, and the default widget when the link names none', () => {
    expect(siteTarget('https://a.example/lab/embed.html?text=x', 'zh')).toMatchObject({ widget: 'heatmap', locale: 'zh', base: 'https://a.example/lab/' });
    expect(siteTarget('https://a.example/embed.html?lang=en&widget=nope', 'zh')).toMatchObject({ widget: 'heatmap', locale: 'en' });
  });
});

describe('README.txt', () => {
  it('says, in English and Chinese, to upload the folder, keep the files together, open index.html and copy the tag', () => {
    const readme = siteReadme();
    for (const words of ['Upload the whole folder', 'Keep the files together', 'Open index.html', 'Copy the element tag', 'no CORS header', '上传到你的课程网站', '文件要放在一起', '打开 index.html', '元素标签']) {
      expect(readme).toContain(words);
    }
    expect(readme.indexOf('Attention Lab widget for your site')).toBeLessThan(readme.indexOf('用于你网站的注意力实验室组件'));
    expect(readme.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
  });
});
