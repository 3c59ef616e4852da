import { decoding } from '../../src/lessons/content/decoding';
import type { Block, Question } from '../../src/lessons/types';
import { cachedStepCost, fullRecomputeCost } from '../../src/engine/decoding';
import { TRAINED_SHAPE } from '../../src/models/trained/trainedShape';

/* Lesson 12's own checks; the course-wide ones (both languages, TeX, links, question order) are in content.test.ts. */

const questions: Question[] = decoding.blocks.flatMap((b) => (b.kind === 'question' ? [b.question] : []));
const indexOf = (match: (b: Block) => boolean) => decoding.blocks.findIndex(match);
const widgetAt = (id: string) => indexOf((b) => b.kind === 'widget' && b.widget === id);
const questionAt = (id: string) => indexOf((b) => b.kind === 'question' && b.question.id === id);

describe('lesson 12: decoding', () => {
  it('places its six widgets in teaching order', () => {
    const order = ['decoder-block', 'teacher-forcing', 'trained-model-lab', 'attention-cost', 'kv-cache', 'generation'].map(widgetAt);
    expect(order.every((i) => i >= 0), String(order)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('asks where position i’s target is before the teacher-forcing widget shows it', () => {
    const at = questionAt('causal-predicts');
    const question = questions.find((q) => q.id === 'causal-predicts')!;
    expect(question.prompt.en).toMatch(/position \$i\$ sees token \$i\$/);
    expect(question.choices.filter((c) => c.correct).map((c) => c.text.en)).toEqual([expect.stringMatching(/^Token \$i\+1\$/)]);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(widgetAt('teacher-forcing'));
  });

  it('has at least four questions, each with misconception choices', () => {
    expect(questions.length).toBeGreaterThanOrEqual(4);
    for (const q of questions) {
      expect(q.choices.filter((c) => c.correct).length, q.id).toBe(1);
      expect(q.choices.length, q.id).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(['en', 'zh'] as const)('does not make the right choice the longest in more than one of every four questions (%s)', (side) => {
    const longest = questions.filter((q) => {
      const lengths = q.choices.map((c) => [...c.text[side]].length);
      return q.choices.some((c, i) => c.correct && lengths[i] === Math.max(...lengths));
    });
    expect(longest.length / questions.length, longest.map((q) => q.id).join(', ')).toBeLessThanOrEqual(0.25);
  });

  it('begins no feedback with a word that repeats the card’s Right / Not quite label', () => {
    for (const q of questions) {
      for (const c of q.choices) {
        expect(c.feedback.en, `${q.id}/${c.id}`).not.toMatch(/^(Right|Correct|Yes|No|Not quite|Exactly|Wrong)\b/);
        expect(c.feedback.zh, `${q.id}/${c.id}`).not.toMatch(/^(对|答对了|不对|错|正确|没错)/);
      }
    }
  });

  it('quotes Vaswani et al.’s Table 1 row by row', () => {
    const table = decoding.blocks.find((b): b is Extract<Block, { kind: 'table' }> => b.kind === 'table')!;
    const rows = table.rows.map((row) => [typeof row[0] === 'object' ? row[0].en : row[0], ...row.slice(1)]);
    expect(rows).toEqual([
      ['Self-attention', '$O(n^2 \\cdot d)$', '$O(1)$', '$O(1)$'],
      ['Recurrent', '$O(n \\cdot d^2)$', '$O(n)$', '$O(n)$'],
      ['Convolutional', '$O(k \\cdot n \\cdot d^2)$', '$O(1)$', '$O(\\log_k n)$'],
      ['Self-attention (restricted)', '$O(r \\cdot n \\cdot d)$', '$O(1)$', '$O(n/r)$'],
    ]);
  });

  it('sizes the trained model’s KV cache from its real shape', () => {
    const caption = decoding.blocks.find((b) => b.kind === 'formula' && b.tex.includes('cache per token'));
    expect(caption?.kind).toBe('formula');
    const text = caption?.kind === 'formula' ? caption.caption?.en ?? '' : '';
    const dk = TRAINED_SHAPE.embedDim / TRAINED_SHAPE.numHeads;
    const perToken = 2 * TRAINED_SHAPE.numLayers * TRAINED_SHAPE.numHeads * dk;
    // The model card: a context of 128 tokens; float16 is 2 bytes a number.
    const context = 128;
    expect(text).toContain(`$2 \\times ${TRAINED_SHAPE.numLayers} \\times ${TRAINED_SHAPE.numHeads} \\times ${dk} = ${perToken}$`);
    expect(text).toContain(`${(perToken * context).toLocaleString('en-US')} for its full context of ${context} tokens (${(perToken * context * 2) / 1024} KiB in float16)`);
    // The large example: 32 layers × 32 heads × d_k 128.
    expect(text).toContain(`${(2 * 32 * 32 * 128).toLocaleString('en-US')} numbers per token: ${(2 * 32 * 32 * 128 * 2) / 1024} KiB`);
  });

  it('lets the student try the trained model’s causal mask on a chosen position', () => {
    const tryBlock = decoding.blocks.find((b): b is Extract<Block, { kind: 'try' }> => b.kind === 'try')!;
    expect(tryBlock.preset.lab).toMatchObject({ causal: true, maskMode: 'none' });
    expect(indexOf((b) => b === tryBlock)).toBe(widgetAt('trained-model-lab') - 1);
  });

  it('cites the papers behind each family and technique', () => {
    const labels = decoding.sources.map((s) => s.label).join('\n');
    for (const name of ['Vaswani', 'Devlin', 'Radford', 'Raffel', 'Williams & Zipser', 'Shazeer', 'Ainslie', 'Dao', 'Holtzman']) expect(labels).toContain(name);
  });

  describe('says exactly what a KV-cache step costs (issue: it claimed O(t·d) per layer for the whole step)', () => {
    const kvProse = decoding.blocks.find((b) => b.kind === 'prose' && b.answers === 'kv-step');
    const text = kvProse && kvProse.kind === 'prose' ? kvProse.text : null;

    it('the widget’s own counter grows as the lesson says: d² + t·d with the cache, t·d² + t²·d without', () => {
      // Doubling t at large t: the cached step's t·E terms double, its E² terms stay; without the cache the t²E terms quadruple.
      const e = 64;
      const big = 1 << 14;
      expect(cachedStepCost(2 * big, e).total / cachedStepCost(big, e).total).toBeCloseTo(2, 1);
      expect(fullRecomputeCost(2 * big, e).total / fullRecomputeCost(big, e).total).toBeCloseTo(4, 1);
      // At t = 1 only the E² terms are left: 4E² + 2E with the cache.
      expect(cachedStepCost(1, e).total).toBe(4 * e * e + 2 * e);
      expect(fullRecomputeCost(7, e).total).toBe(4 * 7 * e * e + 2 * 49 * e);
    });

    it.each(['en', 'zh'] as const)('states both orders and the attention-only term (%s)', (side) => {
      expect(text).not.toBeNull();
      const body = text![side];
      expect(body).toContain('$O(d^2 + t \\cdot d)$');
      expect(body).toContain('$O(t \\cdot d^2 + t^2 \\cdot d)$');
      expect(body).toContain('$O(t \\cdot d)$');
    });

    it('names the new token as the (t + 1)-th in the kv-step question', () => {
      const question = questions.find((q) => q.id === 'kv-step')!;
      expect(question.prompt.en).toMatch(/\$\(t\+1\)\$-th token/);
      expect(question.prompt.zh).toMatch(/第 \$t\+1\$ 个词元/);
    });
  });

  it('uses one indexing convention: position i holds token i and predicts token i + 1, in the answer and the loss', () => {
    const answer = decoding.blocks.find((b) => b.kind === 'prose' && b.answers === 'causal-predicts');
    expect(answer && answer.kind === 'prose' ? answer.text.en : '').toMatch(/position \$i\$ holds token \$i\$.*predict token \$i\+1\$/s);
    expect(answer && answer.kind === 'prose' ? answer.text.en : '').not.toMatch(/position \$i\$ must predict token \$i\$/);
    const loss = decoding.blocks.find((b) => b.kind === 'formula' && b.tex.includes('\\mathcal{L}'));
    expect(loss && loss.kind === 'formula' ? loss.tex : '').toContain('x_{i+1} \\mid x_0, \\dots, x_i');
  });

  it('does not call the KV demo layer the lab’s untrained model', () => {
    const caption = decoding.blocks.find((b) => b.kind === 'widget' && b.widget === 'kv-cache');
    const en = caption && caption.kind === 'widget' ? caption.caption?.en ?? '' : '';
    expect(en).toMatch(/not one of the lab’s models/);
    expect(en).not.toMatch(/lab’s untrained model/);
  });
});

