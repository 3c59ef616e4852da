import { decoding } from '../../src/lessons/content/decoding';
import type { Block, Question } from '../../src/lessons/types';
import { TRAINED_SHAPE } from '../../src/state/modelChoice';

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
});
