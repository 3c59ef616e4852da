// The lesson-12 widgets kv-cache (a decoder's cache, step by step, on the engine's one-head untrained attention layer)
// and generation (real generation with the language model that lmModelStore holds; here a small random one, so no
// 3 MB file is read).
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { LM_MODEL_FORMAT, LM_MODEL_VERSION, type CausalLmModel, type TrainedModel } from '../../src/engine';
import { cachedStepCost, cumulativeCost, fullRecomputeCost, generate, kvCacheRun } from '../../src/engine/decoding';
import { WidgetSlot } from '../../src/lessons/WidgetSlot';
import { chipText, formatPercent, formatSigned } from '../../src/components/generation';
import { runGeneration, seedFrom } from '../../src/models/trained/generation/generationRun';
import { DEFAULT_PROMPTS } from '../../src/lessons/widgets/Generation';
import { KV_DEMO } from '../../src/lessons/widgets/kvCacheDemo';
import { WIDGETS } from '../../src/lessons/widgets/registry';
import { DEFAULT_SENTENCES } from '../../src/state/defaultSentence';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';
import { lmModelStore } from '../../src/models/trained/lmModelStore';
import { useUi } from '../../src/state/uiStore';
import { SMALL_LM_SHAPE, smallLm, smallTokenizer } from '../engine/decoding/smallLm';

beforeEach(() => {
  act(() => useUi.setState({ locale: 'en' }));
});

/** The widget's text without anything that may not appear: NaN, undefined, a message key. */
function expectClean(container: HTMLElement): void {
  expect(container.textContent).not.toMatch(/NaN|undefined|lw\.(kvcache|generation)\./);
  expect(container.querySelector('.lesson-widget__error')).toBeNull();
}

const count = (n: number) => new Intl.NumberFormat('en').format(n);

describe('kv-cache', () => {
  const showKv = (config?: Record<string, string>) => render(<WidgetSlot widget="kv-cache" config={config} />);
  const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next token' }));
  const cacheTable = (which: 'K' | 'V') => screen.getByRole('table', { name: new RegExp(`^${which} cache`) });
  const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

  it('is registered and starts with the lab’s default sentence and an empty cache', () => {
    expect(WIDGETS['kv-cache']).toBeDefined();
    const { container } = showKv();
    expect(screen.getByRole('textbox', { name: 'Sentence' })).toHaveValue(DEFAULT_SETTINGS.text);
    expect(screen.getByRole('status')).toHaveTextContent('The cache is empty');
    expect(screen.getByTestId('kv-cache-size')).toHaveTextContent('2 × 0 tokens × 8 = 0 numbers');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    expect(screen.queryByRole('table')).toBeNull();
    // It says what runs: one causal self-attention layer, one head, width 8, not the lab's model.
    expect(screen.getByText(/one causal self-attention layer with 1 head, width 8/)).toBeInTheDocument();
    expect(screen.getByText(/not the lab’s own model/)).toBeInTheDocument();
    expectClean(container);
  });

  it('each step adds one marked row to K and to V, computes one query row and one attention row over the cache', () => {
    const { container } = showKv();
    const demo = kvCacheRun(DEFAULT_SETTINGS.text, KV_DEMO);
    for (let t = 1; t <= 3; t++) {
      next();
      expect(screen.getByRole('status')).toHaveTextContent(`Step ${t} of ${demo.steps.length}: the new token is “${demo.tokens[t - 1]}”.`);
      for (const which of ['K', 'V'] as const) {
        const rows = bodyRows(cacheTable(which));
        expect(rows).toHaveLength(t);
        expect(rows.map((r) => r.classList.contains('is-new'))).toEqual(Array.from({ length: t }, (_, i) => i === t - 1));
        expect(within(rows[t - 1]).getByText('new')).toBeInTheDocument();
      }
      // Only the new token's query is computed: a table of one row.
      expect(bodyRows(screen.getByRole('table', { name: /only the new token’s query/ }))).toHaveLength(1);
      const strip = screen.getByRole('region', { name: `Attention weights of “${demo.tokens[t - 1]}”` });
      const cells = within(strip).getAllByRole('listitem');
      expect(cells).toHaveLength(t);
      expect(cells.reduce((s, c) => s + Number(c.getAttribute('data-weight')), 0)).toBeCloseTo(1, 5);
    }
    // The new rows are the engine's k_3 and v_3, and the query row its q_3.
    const step = demo.steps[2];
    const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cellsOf(bodyRows(cacheTable('K'))[2])).toEqual(Array.from(step.key, (v) => formatSigned(v)));
    expect(cellsOf(bodyRows(cacheTable('V'))[2])).toEqual(Array.from(step.value, (v) => formatSigned(v)));
    const strip = screen.getByRole('region', { name: `Attention weights of “${demo.tokens[2]}”` });
    expect(within(strip).getAllByRole('listitem').map((c) => c.textContent)).toEqual(demo.tokens.slice(0, 3).map((w, j) => `${chipText(w)}${formatPercent(step.heads[0].weights[j])}`));
    expectClean(container);
  });

  it('counts the multiply-adds of this step and of all steps, with and without the cache, and the cache size', () => {
    showKv();
    const e = KV_DEMO.embedDim;
    next();
    expect(screen.getByTestId('kv-step-with')).toHaveTextContent(count(cachedStepCost(1, e).total));
    expect(screen.getByTestId('kv-step-without')).toHaveTextContent(count(fullRecomputeCost(1, e).total));
    next();
    next();
    next();
    expect(screen.getByTestId('kv-step-with')).toHaveTextContent(count(4 * e * e + 2 * 4 * e));
    expect(screen.getByTestId('kv-step-without')).toHaveTextContent(count(4 * 4 * e * e + 2 * 16 * e));
    expect(screen.getByTestId('kv-total-with')).toHaveTextContent(count(cumulativeCost(4, e, cachedStepCost).total));
    expect(screen.getByTestId('kv-total-without')).toHaveTextContent(count(cumulativeCost(4, e, fullRecomputeCost).total));
    expect(screen.getByRole('rowheader', { name: 'All 4 steps' })).toBeInTheDocument();
    expect(screen.getByTestId('kv-cache-size')).toHaveTextContent(`2 × 4 tokens × 8 = ${2 * 4 * e} numbers`);
  });

  it('reset empties the cache; editing the sentence starts again; the last token disables “Next token”', () => {
    showKv({ text: 'the cat sat' });
    next();
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('status')).toHaveTextContent('The cache is empty');
    expect(screen.queryByRole('table')).toBeNull();
    next();
    fireEvent.change(screen.getByRole('textbox', { name: 'Sentence' }), { target: { value: 'a b' } });
    expect(screen.getByRole('status')).toHaveTextContent('The cache is empty');
    next();
    next();
    expect(screen.getByRole('status')).toHaveTextContent('Step 2 of 2: the new token is “b”. Every token is in the cache now.');
    expect(screen.getByRole('button', { name: 'Next token' })).toBeDisabled();
  });

  it('says what to do for an empty sentence instead of drawing anything', () => {
    const { container } = showKv();
    fireEvent.change(screen.getByRole('textbox', { name: 'Sentence' }), { target: { value: '   ' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Type a sentence');
    expect(screen.queryByRole('button', { name: 'Next token' })).toBeNull();
    expectClean(container);
  });

  it('speaks Chinese', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    showKv();
    fireEvent.click(screen.getByRole('button', { name: '下一个词元' }));
    expect(screen.getByRole('status')).toHaveTextContent('第 1 步，共');
    expect(screen.getByRole('table', { name: /^K 缓存/ })).toBeInTheDocument();
  });
});

/** `model` as lmModelStore holds a loaded file. */
function asTrained(model: CausalLmModel): TrainedModel {
  const w = model.weights;
  return {
    model,
    header: {
      format: LM_MODEL_FORMAT,
      version: LM_MODEL_VERSION,
      config: {
        vocab_size: w.vocabSize, n_positions: w.nPositions, embed_dim: w.embedDim, num_heads: w.numHeads, num_layers: w.numLayers,
        ffn_dim: w.ffnDim, activation: w.activation, layer_norm_eps: w.layerNormEps, tied_embeddings: w.tiedEmbeddings,
      },
      tensors: [],
      vocabulary: smallTokenizer.vocabulary,
      training: {},
    },
  };
}

describe('generation', () => {
  const model = smallLm();
  const PROMPT = 'The cat sat on';
  const showGen = () => render(<WidgetSlot widget="generation" />);
  const setPrompt = (text: string) => fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: text } });
  const setTokens = (n: number) => fireEvent.change(screen.getByRole('slider', { name: 'Tokens to generate' }), { target: { value: String(n) } });
  const generateButton = () => screen.getByRole('button', { name: 'Generate' });
  const chips = () => within(screen.getByRole('region', { name: 'The prompt and the generated tokens' })).getAllByRole('button');

  beforeEach(() => {
    lmModelStore.setState({ status: 'ready', trained: asTrained(model) });
  });

  afterAll(() => lmModelStore.setState({ status: 'idle' }));

  it('is registered and says the model is small and its text odd', () => {
    expect(WIDGETS.generation).toBeDefined();
    showGen();
    expect(screen.getByText(/very small, so its text will often be odd/)).toBeInTheDocument();
    expect(generateButton()).toBeEnabled();
  });

  it('generates greedily, revealing one token per step, each step’s attention row under its tokens', () => {
    const { container } = showGen();
    setPrompt(PROMPT);
    setTokens(5);
    fireEvent.click(generateButton());
    const expected = generate(model, PROMPT, { steps: 5, strategy: 'greedy' });
    expect(expected.steps).toHaveLength(5);
    expect(screen.getByTestId('generation-stop')).toHaveTextContent('Generated 5 tokens.');
    // Step 1 shown: one chip, marked as the newest.
    expect(chips().map((c) => c.textContent)).toEqual([chipText(expected.steps[0].label)]);
    expect(chips()[0]).toHaveAttribute('aria-pressed', 'true');
    const first = expected.steps[0];
    expect(screen.getByTestId('generation-step')).toHaveTextContent(`Step 1 of 5: “${chipText(first.label)}”, which the model gave a probability of ${formatPercent(first.probability)}.`);
    const queryLabel = chipText(expected.labels[first.position]);
    const strip = () => screen.getByRole('region', { name: `Attention weights of “${queryLabel}” over the tokens so far` });
    const cells = within(strip()).getAllByRole('listitem');
    expect(cells).toHaveLength(first.position + 1);
    expect(cells[0]).toHaveTextContent('⟨start⟩');
    expect(cells.map((c) => Number(c.getAttribute('data-weight')))).toEqual(Array.from(first.attention[0][0]));

    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(chips()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(chips().map((c) => c.textContent)).toEqual(expected.steps.map((s) => chipText(s.label)));
    expect(screen.getByRole('button', { name: 'Show all' })).toBeDisabled();
    // toHaveTextContent collapses and trims the element's whitespace (generated text may end in a tab or newline)
    expect(screen.getByText(/As plain text:/)).toHaveTextContent((PROMPT + expected.text).replace(/\s+/g, ' ').trim());

    // Another layer and head: that head's row of the last step.
    fireEvent.change(screen.getByRole('combobox', { name: 'Layer' }), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Head' }), { target: { value: '2' } });
    const last = expected.steps[4];
    expect(screen.getByText(/layer 2, head 3/)).toBeInTheDocument();
    const lastStrip = screen.getByRole('region', { name: `Attention weights of “${chipText(expected.labels[last.position])}” over the tokens so far` });
    expect(within(lastStrip).getAllByRole('listitem').map((c) => Number(c.getAttribute('data-weight')))).toEqual(Array.from(last.attention[1][2]));
    expect(screen.getAllByRole('combobox', { name: 'Head' })[0].querySelectorAll('option')).toHaveLength(SMALL_LM_SHAPE.numHeads);
    expectClean(container);
  });

  it('samples at the chosen temperature with the seed, as the engine does', () => {
    showGen();
    setPrompt(PROMPT);
    setTokens(6);
    fireEvent.click(screen.getByRole('radio', { name: 'Sample at a temperature' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Temperature' }), { target: { value: '1.5' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Seed' }), { target: { value: '4' } });
    fireEvent.click(generateButton());
    const expected = generate(model, PROMPT, { steps: 6, strategy: { temperature: 1.5, seed: 4 } });
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(chips().map((c) => c.textContent)).toEqual(expected.steps.map((s) => chipText(s.label)));
    expect(screen.getByTestId('generation-step')).toHaveTextContent(`At temperature 1.5 its chance was ${formatPercent(expected.steps[expected.steps.length - 1].sampledProbability ?? 0)}.`);
  });

  it('opens on the interface language’s prompt, the start of that language’s lab sentence', () => {
    expect(DEFAULT_SENTENCES.en.startsWith(DEFAULT_PROMPTS.en)).toBe(true);
    expect(DEFAULT_SENTENCES.zh.startsWith(DEFAULT_PROMPTS.zh)).toBe(true);
    expect(DEFAULT_PROMPTS.zh).toMatch(/^[\u4e00-\u9fff，]+$/);
    showGen();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue(DEFAULT_PROMPTS.en);
    act(() => useUi.setState({ locale: 'zh' }));
    expect(screen.getByRole('textbox', { name: '提示词' })).toHaveValue(DEFAULT_PROMPTS.zh);
  });

  it('never replaces what the student typed when the language changes; a prompt the placement sets wins over the default', () => {
    const { unmount } = showGen();
    setPrompt('Once upon a time');
    act(() => useUi.setState({ locale: 'zh' }));
    expect(screen.getByRole('textbox', { name: '提示词' })).toHaveValue('Once upon a time');
    unmount();
    render(<WidgetSlot widget="generation" config={{ prompt: 'The cat sat' }} />);
    expect(screen.getByRole('textbox', { name: '提示词' })).toHaveValue('The cat sat');
    act(() => useUi.setState({ locale: 'en' }));
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('The cat sat');
  });

  it('asks for a prompt when it is empty', () => {
    const { container } = showGen();
    setPrompt('  ');
    fireEvent.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Type a prompt first');
    expect(screen.queryByRole('region', { name: 'The prompt and the generated tokens' })).toBeNull();
    expectClean(container);
  });

  it('says so when the prompt leaves no room in the context', () => {
    showGen();
    setPrompt('The cat sat on the mat. '.repeat(10));
    fireEvent.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent(`fills the model’s whole context of ${SMALL_LM_SHAPE.nPositions} tokens`);
  });

  it('waits for the model while it loads, with the button off', () => {
    lmModelStore.setState({ status: 'loading', received: 1_000_000, total: 4_000_000 });
    const { container } = showGen();
    expect(screen.getByText(/Loading the trained model… 25 %/)).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
    expect(screen.getByText(/works once the model has loaded/)).toBeInTheDocument();
    expectClean(container);
  });

  it('says why the model failed to load and offers to try again', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    vi.stubGlobal('fetch', failing);
    try {
      lmModelStore.setState({ status: 'error', reason: 'network', detail: 'offline' });
      showGen();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('could not be downloaded (offline), so nothing can be generated here.');
      expect(generateButton()).toBeDisabled();
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the widgets’ helpers', () => {
  it('format numbers without NaN or a negative zero, and show blank tokens', () => {
    expect(formatSigned(-0.5)).toBe('−0.50');
    expect(formatSigned(-0.001)).toBe('0.00');
    expect(formatSigned(Number.NaN)).toBe('–');
    expect(formatPercent(0.374)).toBe('37 %');
    expect(formatPercent(0.034)).toBe('3.4 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(chipText('\n')).toBe('↵');
    expect(chipText('  ')).toBe('␣␣');
    expect(chipText(' cat')).toBe(' cat');
  });

  it('read any seed box as a whole number', () => {
    expect(seedFrom('42')).toBe(42);
    expect(seedFrom('7.9')).toBe(7);
    expect(seedFrom('')).toBe(0);
    expect(seedFrom('abc')).toBe(0);
    expect(seedFrom('-3')).toBe(3);
  });

  it('generate on a private copy of the model: the same tokens, and the lab’s cached run is kept', () => {
    const shared = smallLm();
    const labRun = shared.run({ text: DEFAULT_SETTINGS.text });
    const outcome = runGeneration(shared, { prompt: 'The cat', mode: 'greedy', temperature: 1, seed: 0, tokens: 4 });
    expect(outcome.kind).toBe('done');
    if (outcome.kind !== 'done') return;
    expect(outcome.generation.steps.map((s) => s.id)).toEqual(generate(smallLm(), 'The cat', { steps: 4, strategy: 'greedy' }).steps.map((s) => s.id));
    // Generating ran four other sequences; the shared model's stages still hold the lab's (two entries each).
    expect(shared.run({ text: DEFAULT_SETTINGS.text }).logits).toBe(labRun.logits);
  });
});
