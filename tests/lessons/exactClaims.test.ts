import { LESSONS } from '../../src/lessons/content';
import type { Lesson, LessonSlug } from '../../src/lessons/types';
import { MESSAGE_PAIRS } from '../../src/messages';
import { bilingualTexts } from './bilingualTexts';

/*
 * Claims an expert review found imprecise, one test each, so they cannot come back: each checks the sentence that
 * now says it exactly (in both languages where the claim has a number or a name) and that the old wording is gone.
 */

const lesson = (slug: LessonSlug): Lesson => {
  const found = LESSONS.find((l) => l.slug === slug);
  if (!found) throw new Error(`no lesson ${slug}`);
  return found;
};

/** Every English (or Chinese) text of a lesson, joined: where a claim lives does not matter, only that it is made. */
const textOf = (slug: LessonSlug, side: 'en' | 'zh'): string =>
  bilingualTexts(lesson(slug), slug)
    .map(({ text }) => text[side])
    .join('\n');

describe('exact claims in the lessons', () => {
  it('the summary’s residual FAQ gives the identity path to pre-LN only, with Xiong et al.', () => {
    const en = textOf('summary', 'en');
    expect(en).not.toMatch(/identity path through every block/);
    expect(en).toMatch(/In a pre-LN stack that path is the identity/);
    expect(en).toMatch(/each LayerNorm sits on the skip path/);
    expect(lesson('summary').sources.map((s) => s.label).join()).toMatch(/Xiong/);
  });

  it('LayerNorm over BatchNorm: UvA’s two reasons are UvA’s; padding is not attributed to UvA', () => {
    const en = textOf('transformer-block', 'en');
    expect(en).toMatch(/UvA’s Deep Learning Tutorial 6 gives two reasons/);
    expect(en).toMatch(/many words are rare/);
    expect(en).toMatch(/A practical point of our own, not UvA’s: .*padding/);
    expect(en).not.toMatch(/\(UvA’s Deep Learning tutorial 6 discusses them\)/);
    expect(lesson('transformer-block').sources.map((s) => s.label).join()).toMatch(/PowerNorm/);
  });

  it('Dong et al. 2021 give a bound under conditions on the weights, not a proof that every network collapses', () => {
    for (const side of ['en', 'zh'] as const) {
      const text = textOf('transformer-block', side);
      expect(text).toMatch(side === 'en' ? /upper bound/ : /上界/);
    }
    expect(textOf('transformer-block', 'en')).not.toMatch(/Dong et al\. \(2021\) proved that in pure self-attention/);
  });

  it('the online softmax is Milakov & Gimelshein’s; dividing once at the end is FlashAttention-2’s form', () => {
    const en = textOf('scaled-dot-product', 'en');
    expect(en).toMatch(/Milakov and Gimelshein \(2018\)/);
    expect(en).toMatch(/FlashAttention-2/);
    expect(en).toMatch(/FlashAttention-1 also rescales/);
    expect(textOf('scaled-dot-product', 'zh')).toMatch(/Milakov 和 Gimelshein（2018）/);
  });

  it('RoPE rotates with the head width d_k and names the i, i + d/2 pairing', () => {
    for (const side of ['en', 'zh'] as const) {
      const text = textOf('position', side);
      expect(text).toContain('10000^{-2i/d_k}');
      expect(text).toContain('i + d_k/2');
    }
    expect(textOf('position', 'en')).not.toContain('10000^{-2i/d}$, and the key');
  });

  it('does not claim every Transformer block has a feed-forward network', () => {
    const en = textOf('decoding', 'en');
    expect(en).not.toMatch(/Every Transformer block, encoder or decoder, has/);
    expect(en).toMatch(/Attention-only Transformers .*Olsson et al\. 2022/);
  });

  it('cross-attention: later target tokens exist in training and the mask hides them', () => {
    const en = textOf('other-attention', 'en');
    expect(en).not.toMatch(/where later target tokens do not exist yet\./);
    expect(en).toMatch(/in training they do, since the whole target is fed at once/);
  });

  it('the previous-token head is claimed as measured on the trained model, not as common', () => {
    const en = textOf('multi-head', 'en');
    expect(en).not.toMatch(/A common one is looking at the/);
    expect(en).toMatch(/\d\.\d\d on average over held-out text, as its model card reports/); // the number: the test below, against the card
  });

  it('Table 1 counts attention only, and O(1) sequential operations is for a known sequence', () => {
    const en = textOf('decoding', 'en');
    expect(en).toMatch(/The self-attention rows count only the attention itself/);
    expect(en).toMatch(/Generating is sequential whatever the layer/);
    expect(en).toMatch(/attention’s \$n\^2 \\cdot d\$ is smaller than the recurrent layer’s \$n \\cdot d\^2\$ while \$n < d\$/);
  });

  it('names the article the syllabus follows instead of “the seed article” or “the article this course follows”', () => {
    const vague = /the seed article|the seed’s|the article this course follows|course’s article|seed \/ UvA/i;
    for (const l of LESSONS) expect(textOf(l.slug, 'en'), l.slug).not.toMatch(vague);
    for (const pair of MESSAGE_PAIRS) for (const [key, text] of Object.entries(pair.en)) expect(text, key).not.toMatch(vague);
    for (const slug of ['multi-head', 'implementation', 'other-attention', 'decoding'] as const) {
      expect(lesson(slug).sources.map((s) => s.label).join(), slug).toMatch(/Analytics Vidhya/);
    }
  });
});

describe('the lessons and the model card agree on the shipped model', () => {
  it('lesson 5’s previous-token score is the card’s eval line, rounded to two places, in both languages', async () => {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const card = readFileSync(resolve(__dirname, '../../public/models/lm/README.md'), 'utf8');
    const measured = /head previous_token : L\d+H\d+ (\d\.\d+)/.exec(card)?.[1];
    expect(measured).toBeDefined();
    const shown = Number(measured).toFixed(2);
    expect(textOf('multi-head', 'en')).toContain(`**previous token**: ${shown} on average over held-out text`);
    expect(textOf('multi-head', 'zh')).toContain(`在留出文本上平均为 ${shown}`);
  });
});
