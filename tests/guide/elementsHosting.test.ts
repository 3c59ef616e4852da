import { GUIDE_SECTIONS } from '../../src/guide/content';
import type { Bi, GuideBlock } from '../../src/guide/types';

/** Everything a reader of one language sees in a section: prose, list items, code and captions. */
function sectionText(id: string, locale: keyof Bi): string {
  const section = GUIDE_SECTIONS.find((s) => s.id === id);
  const pick = (text: string | Bi): string => (typeof text === 'string' ? text : text[locale]);
  const blockText = (b: GuideBlock): string[] => {
    if (b.kind === 'prose') return [b.text[locale]];
    if (b.kind === 'list') return b.items.map((i) => i[locale]);
    if (b.kind === 'code') return [pick(b.code), b.caption ? b.caption[locale] : ''];
    return [];
  };
  return (section?.blocks ?? []).flatMap(blockText).join('\n');
}

describe('the guide on hosting the custom-element script', () => {
  it.each(['en', 'zh'] as const)('says where the built file is, how to load it, and that it needs http(s), not file:// (%s)', (locale) => {
    const text = sectionText('elements', locale);
    expect(text).toContain('npm run build');
    expect(text).toContain('dist/attention-lab-widgets.js');
    expect(text).toContain('<script type="module" src="…/attention-lab-widgets.js"></script>');
    expect(text).toContain('file://');
    expect(text).toMatch(/http\(s\)|https:\/\//);
    expect(text).toContain('python3 -m http.server');
  });

  it.each(['en', 'zh'] as const)('says links are held under 8,192 characters and what is cut (%s)', (locale) => {
    const text = sectionText('parameters', locale);
    expect(text).toContain('8192');
    expect(text).toContain('512');
  });
});
