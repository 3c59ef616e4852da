// @vitest-environment node
// The language model run on text through its own tokenizer: display chips of what ran (cut by the token limit),
// labels for single ids, and the vocabulary size check. Weights: the golden fixture's shape (3 blocks, 4 heads,
// untied) with random wte / lm_head rows for the test vocabulary's size.
import { START_TOKEN_LABEL } from '../../../src/engine/run/causalLmModel';
import { CausalLmModel, EngineError, buildVocabulary, createLmTokenizer, fromRows, mulberry32, type CausalLmWeights } from '../../../src/engine';
import { loadLmFixture } from '../lm/causalLmSupport';

const TEXT = 'The cat 我爱 👍';
const tokenizer = createLmTokenizer(buildVocabulary(['The cat sat on the mat.', '我爱北京。我爱学习。'], { size: 300 }));

function randomRows(rows: number, cols: number, seed: number): ReturnType<typeof fromRows> {
  const random = mulberry32(seed);
  return fromRows(Array.from({ length: rows }, () => Array.from({ length: cols }, () => random() - 0.5)));
}

function weightsFor(vocabSize: number): CausalLmWeights {
  const base = loadLmFixture('causal_lm_ablated_tanh_untied.json').weights;
  return { ...base, vocabSize, wte: randomRows(vocabSize, base.embedDim, 1), lmHead: randomRows(vocabSize, base.embedDim, 2) };
}

const WEIGHTS = weightsFor(tokenizer.size);
const newModel = (): CausalLmModel => new CausalLmModel(WEIGHTS, { tokenizer });

describe('CausalLmModel with its tokenizer', () => {
  it('runs text: chips join to the text, their ids concatenate to tokenIds, the emoji is one chip', () => {
    const run = newModel().run({ text: TEXT, startToken: false });
    expect(run.tokenIds).toEqual(tokenizer.encode(TEXT));
    expect(run.truncated).toBe(false);
    expect(run.inputs.text).toBe(TEXT);
    const chips = run.chips ?? [];
    expect(chips.map((c) => c.text).join('')).toBe(TEXT);
    expect(chips.flatMap((c) => c.ids)).toEqual(run.tokenIds);
    expect(chips.map((c) => c.text)).toContain('我');
    const emoji = chips.filter((c) => c.text.includes('👍'));
    expect(emoji).toHaveLength(1);
    expect(emoji[0]).toMatchObject({ text: '👍', bytes: true });
    expect(emoji[0].ids).toHaveLength(4); // spelled in UTF-8 bytes: no "👍" in this vocabulary
    expect(run.logits.rows).toBe(run.tokenIds.length);
    expect(run.logits.cols).toBe(tokenizer.size);
  });

  it('runs text to the same logits as runIds on its ids, switches passed through', () => {
    const ids = tokenizer.encode(TEXT);
    const options = { disabledHeads: [{ layer: 1, head: 2 }], causal: false };
    const fromText = newModel().run({ text: TEXT, startToken: false, ...options });
    const fromIds = newModel().runIds(ids, options);
    expect(fromText.inputs).toMatchObject({ causal: false, disabledHeads: options.disabledHeads });
    expect(fromText.logits.data).toEqual(fromIds.logits.data);
    expect(newModel().run({ text: TEXT, startToken: false }).logits.data).not.toEqual(fromIds.logits.data);
    expect(newModel().run({ text: TEXT, ...options }).logits.data).toEqual(newModel().runIds([tokenizer.endOfText, ...ids], options).logits.data);
  });

  it('drops a chip that the token limit cuts in the middle (an emoji cut after 2 of its 4 bytes)', () => {
    const all = newModel().run({ text: TEXT, startToken: false });
    const emoji = (all.chips ?? []).find((c) => c.text === '👍');
    expect(emoji).toBeDefined();
    const at = emoji?.index ?? 0;
    const cut = newModel().run({ text: TEXT, tokenLimit: at + 2, startToken: false });
    expect(cut.truncated).toBe(true);
    expect(cut.tokenIds).toEqual(all.tokenIds.slice(0, at + 2));
    const chips = cut.chips ?? [];
    expect(chips.map((c) => c.text).join('')).toBe('The cat 我爱 ');
    expect(chips.flatMap((c) => c.ids)).toEqual(all.tokenIds.slice(0, at));
    // A cut on a chip boundary keeps every chip before it.
    expect(newModel().run({ text: TEXT, tokenLimit: at, startToken: false }).chips?.map((c) => c.text).join('')).toBe('The cat 我爱 ');
  });

  it('starts with the start token by default: chips shift by one, one label per position', () => {
    const run = newModel().run({ text: TEXT });
    expect(run.tokenIds).toEqual([tokenizer.endOfText, ...tokenizer.encode(TEXT)]);
    const chips = run.chips ?? [];
    expect(chips[0].index).toBe(1);
    expect(chips.flatMap((c) => c.ids)).toEqual(run.tokenIds.slice(1));
    expect(run.tokens).toHaveLength(run.tokenIds.length);
    expect(run.tokens[0].text).toBe(START_TOKEN_LABEL);
    expect(run.tokens.map((t) => t.text)).toContain('我');
    expect(run.tokens.filter((t) => t.text.startsWith('👍')).map((t) => t.text)).toEqual(['👍·1', '👍·2', '👍·3', '👍·4']);
    for (const t of run.tokens.slice(1)) expect(TEXT.slice(t.start, t.end)).toBe(t.text.replace(/·\d$/, ''));
    // The token limit counts the start token: a limit of 3 keeps it and two text tokens.
    expect(newModel().run({ text: TEXT, tokenLimit: 3 }).tokenIds).toEqual(run.tokenIds.slice(0, 3));
    expect(newModel().runIds([1 + 0x41, tokenizer.endOfText]).tokens.map((t) => t.text)).toEqual(['A', '<|endoftext|>']);
  });

  it('labels single ids with text, never "<0xNN>"', () => {
    const model = newModel();
    const [first] = tokenizer.encode('👍');
    expect(model.tokenLabel(first)).toBe('byte F0');
    expect(model.tokenLabel(tokenizer.encode('我')[0])).toBe('我');
    expect(model.tokenLabel(tokenizer.encode(' cat')[0])).toBe(' cat');
    expect(model.tokenLabel(tokenizer.endOfText)).toBe('<|endoftext|>');
    expect(model.tokenLabel(1 + 0x41)).toBe('A'); // the byte token of an ASCII character
    for (let id = 0; id < tokenizer.size; id++) expect(model.tokenLabel(id)).not.toMatch(/<0x/);
    expect(() => model.tokenLabel(tokenizer.size)).toThrow(EngineError);
    expect(new CausalLmModel(WEIGHTS).tokenLabel(5)).toBe('#5');
  });

  it('refuses a tokenizer whose size is not the weights\' vocabulary size, empty text, and text without a tokenizer', () => {
    expect(() => new CausalLmModel(weightsFor(tokenizer.size + 1), { tokenizer })).toThrow(
      expect.objectContaining({ name: 'EngineError', code: 'shape-mismatch', message: expect.stringContaining(`${tokenizer.size} tokens but the model's vocabulary has ${tokenizer.size + 1}`) as unknown }),
    );
    expect(() => newModel().run({ text: '' })).toThrow(expect.objectContaining({ code: 'empty-input' }));
    expect(() => newModel().run({ text: ' \n\t ' })).toThrow(expect.objectContaining({ code: 'empty-input' }));
    expect(() => new CausalLmModel(WEIGHTS).run({ text: TEXT })).toThrow(/no tokenizer/);
    expect(new CausalLmModel(WEIGHTS).runIds([1, 2]).chips).toBeNull();
  });
});
