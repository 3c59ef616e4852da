import { AUTO_HEIGHT_ATTRIBUTE, autoHeightScript, elementSnippet, embedSnippet, embedUrl, escapeAttribute, frameTitle, iframeTag, MAX_AUTO_HEIGHT, SIZE_PRESETS } from '../../../src/components/share/embedSnippet';
import { heightFromMessage } from '../../../src/components/share/heightMessage';
import { withControlLocked, withControlShown, initialChoices } from '../../../src/components/share/embedChoices';
import { DEFAULT_SETTINGS, type LabSettings } from '../../../src/state/labStore';
import { parseQuery } from '../../../src/state/url/urlState';
import { DEFAULT_EMBED_OPTIONS, HEIGHT_MESSAGE, type EmbedOptions } from '../../../src/shared/embedContract';

const QUOTES = `She said "don't" & left <quietly> — 'twice' > once`;
const XSS = '<img src=x onerror=alert(1)>';
const BASE = 'https://school.example/ai/lab/index.html';
const options: EmbedOptions = { ...DEFAULT_EMBED_OPTIONS, controls: ['text', 'mask'], locked: ['mask'] };

const settingsWith = (text: string): LabSettings => ({ ...DEFAULT_SETTINGS, model: 'untrained', text, numHeads: 2, maskMode: 'causal' });
const parse = (html: string): Document => new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');

describe('embedUrl', () => {
  it('is absolute, next to the app (works from a sub-path), and drops the lab tab', () => {
    const url = embedUrl({ ...settingsWith('The cat'), page: 'walkthrough' }, 'zh', options, BASE);
    expect(url).toBe('https://school.example/ai/lab/embed.html?text=The+cat&h=2&mask=causal&lang=zh&widget=heatmap&controls=text,mask&lock=mask');
  });

  it('reads back to the same settings with the lab parser', () => {
    const settings = { ...settingsWith(QUOTES), selectedLayer: 1, selectedHead: 1 as const, disabledHeads: [{ layer: 0, head: 1 }] };
    const parsed = parseQuery(new URL(embedUrl(settings, 'en', options, BASE)).search);
    expect(parsed.notices).toEqual([]);
    expect({ ...DEFAULT_SETTINGS, ...parsed.settings }).toEqual(settings);
    expect(parsed.locale).toBe('en');
  });
});

describe('iframe snippet', () => {
  it.each([QUOTES, XSS, '"><script>alert(1)</script>', 'a&amp;b &lt; c'])('is valid HTML whose link decodes to the same sentence: %s', (text) => {
    const url = embedUrl(settingsWith(text), 'en', options, BASE);
    const html = embedSnippet({ url, title: `Lab: ${text}`, size: 'medium' });
    const doc = parse(html);
    expect(doc.body.children).toHaveLength(1);
    expect(doc.querySelectorAll('img, script')).toHaveLength(0);
    const frame = doc.querySelector('iframe');
    expect(frame).not.toBeNull();
    expect(frame!.getAttributeNames()).toEqual(['src', 'title', 'width', 'height', 'style', 'loading']);
    expect(frame!.getAttribute('src')).toBe(url);
    expect(new URL(frame!.getAttribute('src')!).searchParams.get('text')).toBe(text);
    expect(frame!.getAttribute('title')).toBe(`Lab: ${text}`);
    expect(frame!.getAttribute('loading')).toBe('lazy');
    expect(frame!.getAttribute('style')).toBe('border:0');
    expect([frame!.getAttribute('width'), frame!.getAttribute('height')]).toEqual([String(SIZE_PRESETS.medium.width), String(SIZE_PRESETS.medium.height)]);
  });

  it('escapes &, quotes and angle brackets in attribute values', () => {
    expect(escapeAttribute(`a & "b" 'c' <d>`)).toBe('a &amp; &quot;b&quot; &#39;c&#39; &lt;d&gt;');
    const tag = iframeTag({ url: 'https://x.example/embed.html?a=1&b=2', title: XSS, size: 'small' });
    expect(tag).toBe(
      '<iframe src="https://x.example/embed.html?a=1&amp;b=2" title="&lt;img src=x onerror=alert(1)&gt;" width="480" height="360" style="border:0" loading="lazy"></iframe>',
    );
  });

  it('with auto height: a full-width marked frame and the height script for the embed origin', () => {
    const url = embedUrl(settingsWith('x'), 'en', options, BASE);
    const doc = parse(embedSnippet({ url, title: 'Lab', size: 'auto' }));
    const frame = doc.querySelector('iframe')!;
    expect(frame.hasAttribute(AUTO_HEIGHT_ATTRIBUTE)).toBe(true);
    expect(frame.getAttribute('style')).toBe('border:0;width:100%');
    expect(frame.hasAttribute('width')).toBe(false);
    const script = doc.querySelector('script')!;
    expect(script.textContent).toContain('"https://school.example"');
    expect(script.textContent).toContain(`"${HEIGHT_MESSAGE}"`);
  });
});

describe('the auto-height script', () => {
  const ORIGIN = 'https://lab.example';
  const body = autoHeightScript(ORIGIN).replace(/^<script>\n|\n<\/script>$/g, '');
  let frame: HTMLIFrameElement;
  let other: HTMLIFrameElement;

  beforeAll(() => {
    // Runs the snippet's script in this page, as a host page would.
    new Function(body)();
  });
  beforeEach(() => {
    document.body.innerHTML = '';
    frame = document.createElement('iframe');
    frame.setAttribute(AUTO_HEIGHT_ATTRIBUTE, '');
    other = document.createElement('iframe');
    other.setAttribute(AUTO_HEIGHT_ATTRIBUTE, '');
    document.body.append(frame, other);
  });
  const post = (data: unknown, source: Window | null, origin = ORIGIN): void => {
    window.dispatchEvent(new MessageEvent('message', { data, source, origin }));
  };

  it('resizes the frame that sent the height, only that one', () => {
    post({ type: HEIGHT_MESSAGE, height: 612.4 }, frame.contentWindow);
    expect(frame.style.height).toBe('613px');
    expect(other.style.height).toBe('');
  });

  it('ignores other origins, other shapes and bad heights; clamps huge ones', () => {
    post({ type: HEIGHT_MESSAGE, height: 300 }, frame.contentWindow, 'https://evil.example');
    post({ type: 'other', height: 300 }, frame.contentWindow);
    post({ type: HEIGHT_MESSAGE, height: '300' }, frame.contentWindow);
    post({ type: HEIGHT_MESSAGE, height: -5 }, frame.contentWindow);
    post({ type: HEIGHT_MESSAGE, height: Number.NaN }, frame.contentWindow);
    post(null, frame.contentWindow);
    expect(frame.style.height).toBe('');
    post({ type: HEIGHT_MESSAGE, height: 1e9 }, frame.contentWindow);
    expect(frame.style.height).toBe(`${MAX_AUTO_HEIGHT}px`);
  });

  it('keeps a quote in the origin from breaking out of the string', () => {
    expect(autoHeightScript('https://a.example"</script><img>')).toContain('"https://a.example\\"\\u003c/script\\u003e\\u003cimg\\u003e"');
  });
});

describe('heightFromMessage', () => {
  it('accepts only the contract shape, rounds up and clamps', () => {
    expect(heightFromMessage({ type: HEIGHT_MESSAGE, height: 400 })).toBe(400);
    expect(heightFromMessage({ type: HEIGHT_MESSAGE, height: 400.2 })).toBe(401);
    expect(heightFromMessage({ type: HEIGHT_MESSAGE, height: Infinity })).toBeNull();
    expect(heightFromMessage({ type: HEIGHT_MESSAGE, height: 0 })).toBeNull();
    expect(heightFromMessage({ type: HEIGHT_MESSAGE, height: 1e7 })).toBe(MAX_AUTO_HEIGHT);
    expect(heightFromMessage({ type: 'attention-lab:set-text', text: 'x' })).toBeNull();
    expect(heightFromMessage('attention-lab:height')).toBeNull();
  });
});

describe('custom element snippet', () => {
  it.each([QUOTES, XSS])('carries the parameters as escaped attributes: %s', (text) => {
    const url = embedUrl(settingsWith(text), 'en', { ...options, widget: 'walkthrough-step', step: 'mask' }, BASE);
    const doc = parse(elementSnippet('walkthrough-step', url, BASE));
    expect(doc.querySelector('script')!.getAttribute('src')).toBe('https://school.example/ai/lab/attention-lab-widgets.js');
    expect(doc.querySelector('script')!.getAttribute('type')).toBe('module');
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    const el = doc.querySelector('attention-walkthrough-step')!;
    expect(el.getAttributeNames()).toEqual(['text', 'h', 'mask', 'lang', 'step', 'controls', 'lock']);
    expect(el.getAttribute('text')).toBe(text);
    expect(el.getAttribute('step')).toBe('mask');
    expect(el.getAttribute('lock')).toBe('mask');
  });

  it('holds a fallback that says why the widget is missing and what to do, in the widget’s language', () => {
    const en = parse(elementSnippet('heatmap', embedUrl(settingsWith('x'), 'en', options, BASE), BASE)).querySelector('attention-heatmap')!;
    expect(en.children).toHaveLength(1);
    expect(en.children[0].tagName).toBe('SPAN');
    expect(en.textContent).toMatch(/^The Attention Lab widget has not loaded\. If this message stays, the site at https:\/\/school\.example must send the header Access-Control-Allow-Origin/);
    expect(en.textContent).toContain('“Download for your site”');
    const zh = parse(elementSnippet('heatmap', embedUrl(settingsWith('x'), 'zh', options, BASE), BASE)).querySelector('attention-heatmap')!;
    expect(zh.getAttribute('lang')).toBe('zh');
    expect(zh.textContent).toMatch(/^注意力实验室组件还没有加载。.*https:\/\/school\.example.*Access-Control-Allow-Origin.*“下载到你的网站”/);
  });

  it('keeps its fallback inside the element when pasted into a paragraph', () => {
    const snippet = elementSnippet('heatmap', embedUrl(settingsWith('x'), 'en', options, BASE), BASE);
    const doc = parse(`<p>Try it: ${snippet} and see.</p>`);
    expect(doc.querySelector('attention-heatmap > span')?.textContent).toMatch(/has not loaded/);
    expect(doc.querySelectorAll('p')).toHaveLength(1);
  });

  it('escapes the script’s origin in the fallback', () => {
    const html = elementSnippet('heatmap', embedUrl(settingsWith('x'), 'en', options, BASE), 'https://a.example:8443/lab/');
    expect(html).toContain('the site at https://a.example:8443 must send');
    expect(parse(html).querySelectorAll('img, script:not([src])')).toHaveLength(0);
  });
});

describe('the same snippets in both interface languages', () => {
  // The builders take no interface language: what a snippet says itself follows the widget's lang.
  const zhToEn = (html: string): string =>
    html
      .replace('lang=zh', 'lang=en')
      .replace('lang="zh"', 'lang="en"')
      .replace(/<span>[^<]*<\/span>/, '<span>FALLBACK</span>')
      .replace(/title="[^"]*"/, 'title="TITLE"');

  it('differ only in lang and in the text written in that language', () => {
    for (const widget of ['heatmap', 'heads-grid', 'walkthrough-step'] as const) {
      const [en, zh] = (['en', 'zh'] as const).map((locale) => embedUrl(settingsWith('The cat sat'), locale, { ...options, widget }, BASE));
      expect(zhToEn(elementSnippet(widget, zh, BASE))).toBe(zhToEn(elementSnippet(widget, en, BASE)));
      expect(zhToEn(embedSnippet({ url: zh, title: frameTitle(widget, zh), size: 'auto' }))).toBe(zhToEn(embedSnippet({ url: en, title: frameTitle(widget, en), size: 'auto' })));
    }
  });

  it('title a frame in the widget’s language', () => {
    expect(frameTitle('heads-grid', embedUrl(settingsWith('x'), 'en', options, BASE))).toBe('Attention Lab: Grid of all heads');
    expect(frameTitle('heads-grid', embedUrl(settingsWith('x'), 'zh', options, BASE))).toBe('注意力实验室：所有注意力头的网格');
    expect(frameTitle('heatmap', 'https://x.example/embed.html?widget=heatmap')).toBe('Attention Lab: Attention heatmap of the selected head');
  });
});

describe('dialog choices', () => {
  it('starts at the heatmap, or at the walkthrough step the student is on', () => {
    expect(initialChoices('lab', 'scores')).toMatchObject({ widget: 'heatmap', controls: [], locked: [], size: 'auto' });
    expect(initialChoices('walkthrough', 'scores').size).toBe('auto');
    expect(initialChoices('walkthrough', 'scores')).toMatchObject({ widget: 'walkthrough-step', step: 'scores' });
    expect(initialChoices('walkthrough', 'tokens')).toMatchObject({ widget: 'walkthrough-step', step: DEFAULT_EMBED_OPTIONS.step });
  });

  it('keeps controls in contract order and locks only shown controls', () => {
    let c = initialChoices('lab', 'tokens');
    c = withControlShown(c, 'settings', true);
    c = withControlShown(c, 'text', true);
    expect(c.controls).toEqual(['text', 'settings']);
    expect(withControlLocked(c, 'mask', true).locked).toEqual([]);
    c = withControlLocked(c, 'settings', true);
    c = withControlLocked(c, 'text', true);
    expect(c.locked).toEqual(['text', 'settings']);
    c = withControlShown(c, 'text', false);
    expect(c).toMatchObject({ controls: ['settings'], locked: ['settings'] });
    expect(withControlLocked(c, 'settings', false).locked).toEqual([]);
  });
});
