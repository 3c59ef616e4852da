import { DEFAULT_SETTINGS } from '../../src/state/labStore';
import { parseEmbedQuery } from '../../src/widgets/parseEmbedQuery';
import { surroundingLocale } from '../../src/widgets/elements/elementLocale';
import { ELEMENT_ATTRIBUTES, elementQuery } from '../../src/widgets/elements/elementQuery';
import { settingsPatch } from '../../src/widgets/elements/settingsPatch';
import { CSS_PLACEHOLDER, cssForShadowRoot, fillCssPlaceholder, fontFacesForDocument, FONT_PLACEHOLDER } from '../../src/widgets/elements/shadowCss';
import { widgetCss } from '../../src/widgets/elements/widgetStyles';

describe('elementQuery', () => {
  it('reads the documented attributes, in parameter order, then the element’s widget', () => {
    expect(ELEMENT_ATTRIBUTES).toEqual(['model', 'text', 'd', 'h', 'layers', 'seed', 'pe', 'mask', 'pad', 'cells', 'off', 'causal', 'at', 'layer', 'head', 'view', 'lang', 'step', 'controls', 'lock']);
    const attributes: Record<string, string> = { head: '1', text: 'a & b=c', widget: 'residual', page: 'walkthrough', onclick: 'x' };
    const query = elementQuery('heatmap', (name) => attributes[name] ?? null);
    expect(query).toBe('text=a+%26+b%3Dc&head=1&widget=heatmap');
    const parsed = parseEmbedQuery(query);
    expect(parsed.settings).toEqual({ text: 'a & b=c', selectedHead: 1 });
    expect(parsed.options.widget).toBe('heatmap');
    expect(parsed.notices).toEqual([]);
  });
});

describe('settingsPatch', () => {
  it('holds only what the attributes now give differently; removed ones give the default back', () => {
    expect(settingsPatch({ text: 'a', numHeads: 2 }, { text: 'a', numHeads: 2 })).toEqual({});
    expect(settingsPatch({ text: 'a' }, { text: 'b', maskMode: 'causal' })).toEqual({ text: 'b', maskMode: 'causal' });
    expect(settingsPatch({ text: 'a', paddingTokens: [1] }, {})).toEqual({ text: DEFAULT_SETTINGS.text, paddingTokens: [] });
    expect(settingsPatch({ paddingTokens: [1, 2] }, { paddingTokens: [1, 2] })).toEqual({});
    // Giving the default explicitly changes nothing.
    expect(settingsPatch({}, { numHeads: DEFAULT_SETTINGS.numHeads })).toEqual({});
  });
});

describe('surroundingLocale', () => {
  it('follows the nearest ancestor’s lang', () => {
    const outer = document.createElement('div');
    outer.lang = 'zh-Hant';
    const inner = document.createElement('p');
    const element = document.createElement('span');
    inner.append(element);
    outer.append(inner);
    expect(surroundingLocale(element)).toBe('zh');
    inner.lang = 'en-GB';
    expect(surroundingLocale(element)).toBe('en');
  });
});

describe('the shadow-root stylesheet', () => {
  it('moves :root rules to the host and drops @font-face', () => {
    const css = ':root{color:red}@font-face{font-family:KaTeX_Main;src:url(data:font/woff2;base64,AAAA) format("woff2")}.katex{font:1em KaTeX_Main}';
    expect(cssForShadowRoot(css)).toBe(':host{color:red}.katex{font:1em KaTeX_Main}');
  });

  it('puts the CSS in place of the placeholder literal, whatever its quotes, or says it is missing', () => {
    const css = '.a::before{content:"$&\'`"}\n';
    for (const quote of ['"', "'", '`']) {
      const code = `const s=${quote}${CSS_PLACEHOLDER}${quote};use(s);`;
      const filled = fillCssPlaceholder(code, css);
      expect(filled).toBe(`const s=${JSON.stringify(css)};use(s);`);
    }
    expect(fillCssPlaceholder('const s="other";', css)).toBeNull();
  });

  it('resets inherited page styles at the render root', () => {
    expect(widgetCss()).toContain('all: initial');
    expect(widgetCss()).toContain(':host([hidden]) { display: none; }');
  });
});

describe('fontFacesForDocument', () => {
  const face = (family: string, style: string, weight: number, name: string) =>
    `@font-face{font-display:block;font-family:${family};font-style:${style};font-weight:${weight};src:url(data:font/woff2;base64,${name}) format("woff2"),url(data:font/woff;base64,W${name}) format("woff"),url(fonts/${name}.ttf) format("truetype")}`;
  const css = [
    face('KaTeX_Main', 'normal', 400, 'MAINREG'),
    face('KaTeX_Main', 'italic', 400, 'MAINIT'),
    face('KaTeX_Math', 'italic', 400, 'MATHIT'),
    face('KaTeX_Math', 'italic', 700, 'MATHBI'),
    face('KaTeX_Fraktur', 'normal', 400, 'FRAK'),
    '.katex{font:normal 1.21em KaTeX_Main,Times New Roman,serif}',
  ].join('\n');

  it('keeps the math faces the formulas use, each with only its woff2 source, and drops every other rule', () => {
    const out = fontFacesForDocument(css + '\n' + css);
    const faces = out.split('\n');
    expect(faces).toHaveLength(2);
    expect(faces[0]).toBe('@font-face{font-display:block;font-family:KaTeX_Main;font-style:normal;font-weight:400;src:url(data:font/woff2;base64,MAINREG) format("woff2")}');
    expect(faces[1]).toContain('font-family:KaTeX_Math;font-style:italic;font-weight:400;src:url(data:font/woff2;base64,MATHIT)');
    expect(out).not.toMatch(/FRAK|MAINIT|MATHBI|woff"|truetype|\.katex/);
  });

  it('fills its own placeholder without touching the stylesheet’s', () => {
    const code = `const a=${JSON.stringify(CSS_PLACEHOLDER)};const b=${JSON.stringify(FONT_PLACEHOLDER)};`;
    const filled = fillCssPlaceholder(code, '@font-face{x}', FONT_PLACEHOLDER);
    expect(filled).toBe(`const a=${JSON.stringify(CSS_PLACEHOLDER)};const b="@font-face{x}";`);
  });
});
