import { isHeldOut } from '../../../scripts/lm/split';
import { countText, normaliseWhitespace } from '../../../scripts/lm/text';
import { poetryDocuments } from '../../../scripts/lm/poetry';

describe('deterministic split', () => {
  const ids = Array.from({ length: 5000 }, (_, i) => `doc-${i}`);

  it('depends only on source and id, not on order', () => {
    const forward = new Set(ids.filter((id) => isHeldOut('src', id)));
    const backward = new Set([...ids].reverse().filter((id) => isHeldOut('src', id)));
    expect(backward).toEqual(forward);
    expect(ids.filter((id) => isHeldOut('other', id))).not.toEqual([...forward]);
  });

  it('holds out roughly the requested fraction', () => {
    const held = ids.filter((id) => isHeldOut('src', id, 0.02)).length;
    expect(held).toBeGreaterThan(60);
    expect(held).toBeLessThan(145);
    expect(ids.some((id) => isHeldOut('src', id, 0))).toBe(false);
  });
});

describe('text helpers', () => {
  it('normalises whitespace but keeps one blank line between paragraphs', () => {
    expect(normaliseWhitespace('  a \t b \r\n\n\n\n c\u00a0 d  \n')).toBe('a b\n\nc d');
  });

  it('counts code points, Han characters and English words', () => {
    expect(countText("床前明月光 don't stop-gap 42")).toEqual({ characters: 23, han: 5, englishWords: 2 });
  });
});

describe('chinese-poetry walker', () => {
  it('takes paragraphs (with titles) at any depth and ignores desc', () => {
    const json = [
      { author: '李白', title: '靜夜思', paragraphs: ['床前明月光，', '疑是地上霜。'] },
      { name: '李白', desc: '字太白' },
      { title: '集', content: [{ chapter: '章', paragraphs: ['一', { subchapter: 'x', paragraphs: ['二'] }] }] },
    ];
    expect(poetryDocuments(json)).toEqual([
      { path: '[0]', text: '靜夜思\n床前明月光，\n疑是地上霜。' },
      { path: '[2].content[0]', text: '章\n一\n二' },
    ]);
  });
});
