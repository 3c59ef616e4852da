import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { charBigramProb, charUnigramProb, countChars, lineCharBits } from '../../../scripts/lm/charNgram';
import { EVERYDAY_EN, EVERYDAY_ZH } from '../../../scripts/lm/everyday';
import { everydayLeaks, heldoutEverydayTexts } from '../../../scripts/lm/everydayChecks';
import { EVERYDAY_COPY_EN, EVERYDAY_COPY_ZH } from '../../../scripts/lm/everydayCopy';
import { fortunes } from '../../../scripts/lm/fortune';
import { gcideQuotations } from '../../../scripts/lm/gcide';
import { libreofficeHelpToText } from '../../../scripts/lm/libreofficeHelp';
import { mallardToText } from '../../../scripts/lm/mallard';
import { poTranslations } from '../../../scripts/lm/messageCatalog';
import { SOURCES } from '../../../scripts/lm/sources';
import { normaliseWhitespace } from '../../../scripts/lm/text';
import { asSentence, wordnetExamples } from '../../../scripts/lm/wordnet';

describe('issue 40 corpus sources', () => {
  it('splits fortunes, drops colour escapes and box-drawn tables', () => {
    const file = 'Art is long.\n-- someone\n%\n\x1b[33m善意推定\x1b[m\n%\n┌──┐\n│表│\n%\n';
    expect(fortunes(file)).toEqual(['Art is long.\n-- someone', '善意推定']);
  });

  it("reads WordNet's quoted examples as sentences, skipping the licence header", () => {
    const data = '  1 This software and database is being provided\n00406612 04 n 02 fold 0 | the act of folding; "he gave the napkins a double fold"; "fold it twice"  \n';
    expect(wordnetExamples(data)).toEqual([{ offset: '00406612', examples: ['He gave the napkins a double fold.', 'Fold it twice.'] }]);
    expect(asSentence('is it raining?')).toBe('Is it raining?');
  });

  it('takes signed GCIDE quotations and drops ones with markup', () => {
    const dict = 'A \\A\\\n   An expletive.\n\n         A merry heart goes all the day,\n         Your sad tires in a mile-a.              --Shak.\n   [1913 Webster]\n         The c[ae]sar came.                        --Old.\n';
    expect(gcideQuotations(dict)).toEqual(['A merry heart goes all the day, Your sad tires in a mile-a.']);
  });

  it("reads a catalog's translations, continuation lines and plurals, not its header", () => {
    const po = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Open"\nmsgstr "打开"\n\nmsgid ""\n"two\\n"\n"lines"\nmsgstr ""\n"两\\n"\n"行"\n\nmsgid "file"\nmsgid_plural "files"\nmsgstr[0] "文件"\n';
    expect(poTranslations(po)).toEqual(['打开', '两\n行', '文件']);
  });

  it('keeps the topic of a help page and drops Mallard credits', () => {
    expect(normaliseWhitespace(mallardToText('<page><info><credit><name>A B</name></credit></info><title>标题</title><p>正文。</p></page>'))).toBe('标题\n\n正文。');
    const html = '<header>菜单</header><div id="DisplayArea"><h1>数据</h1><p>说明。</p></div><footer><div id="DEBUG">debug</div></footer>';
    expect(libreofficeHelpToText(html).replace(/\s+/g, ' ').trim()).toBe('数据 说明。');
  });

  it('mirrors the sources and weights in train.py', () => {
    const py = readFileSync('scripts/lm/train.py', 'utf8');
    const block = py.slice(py.indexOf('SOURCES = ['), py.indexOf(']\n', py.indexOf('SOURCES = [')));
    const rows = [...block.matchAll(/\("([^"]+)", "(en|zh)", ([\d.]+)\)/g)].map((m) => ({ name: m[1], language: m[2], weight: Number(m[3]) }));
    expect(rows).toEqual(SOURCES.map(({ name, language, weight }) => ({ name, language, weight })));
    expect(SOURCES.reduce((t, s) => t + s.weight, 0)).toBeCloseTo(1, 9);
  });
});

describe('issue 40 held-out checks', () => {
  it('has 100+ everyday sentences a language and 20+ copy probes a language, all distinct', () => {
    expect(EVERYDAY_EN.length).toBeGreaterThanOrEqual(100);
    expect(EVERYDAY_ZH.length).toBeGreaterThanOrEqual(100);
    expect(EVERYDAY_COPY_EN.length).toBeGreaterThanOrEqual(20);
    expect(EVERYDAY_COPY_ZH.length).toBeGreaterThanOrEqual(20);
    const all = heldoutEverydayTexts();
    expect(new Set(all).size).toBe(all.length);
  });

  it('finds a held-out sentence in a text, across line breaks', () => {
    expect(everydayLeaks(`x\nHe left his umbrella on the bus\nthis morning. y`)).toEqual(['He left his umbrella on the bus this morning.']);
    expect(everydayLeaks('nothing here')).toEqual([]);
  });

  it('character baselines: probabilities sum to one over the alphabet and unseen', () => {
    const c = countChars(['abab', 'ba']);
    const alphabet = ['a', 'b'];
    const unseen = 1 - alphabet.reduce((t, ch) => t + charUnigramProb(c, ch), 0);
    expect(unseen).toBeCloseTo(charUnigramProb(c, 'z'), 12);
    const afterA = alphabet.reduce((t, ch) => t + charBigramProb(c, 'a', ch), 0) + charBigramProb(c, 'a', 'z');
    expect(afterA).toBeLessThanOrEqual(1 + 1e-12);
    expect(lineCharBits(c, 'ab').bigram).toBeLessThan(lineCharBits(c, 'ab').unigram);
  });
});
