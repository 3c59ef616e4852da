import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { buildVocabulary, CausalLmModel, createLmTokenizer, LM_MODEL_FORMAT, LM_MODEL_VERSION, type CausalLmWeights, type LmModelHeader, type TrainedModel } from '../../src/engine';
import { TRAINED_EXAMPLES } from '../../src/components/model';
import { WidgetSlot } from '../../src/lessons/WidgetSlot';
import { headsGridColumns } from '../../src/components/headsgrid/HeadsGrid';
import { examplesOf } from '../../src/lessons/widgets/TrainedModelLab';
import { WIDGETS } from '../../src/lessons/widgets/registry';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { lmModelStore } from '../../src/models/trained/lmModelStore';
import { useUi } from '../../src/state/uiStore';
import { smallLmWeights } from '../engine/decoding/smallLm';

// A small model of the trained one's layout (2 layers × 4 heads) with random weights and a tokenizer built from the
// examples, so the widget runs a real language model without the 8 MB file.
const vocabulary = buildVocabulary([TRAINED_EXAMPLES.repeatEn, TRAINED_EXAMPLES.repeatZh, TRAINED_EXAMPLES.nextWord, DEFAULT_SETTINGS.text], { size: 320 });
const tokenizer = createLmTokenizer(vocabulary);
const SHAPE = { vocabSize: tokenizer.size, nPositions: 64, embedDim: 16, numHeads: 4, numLayers: 2, ffnDim: 32 } as const;

// The decoding tests' random model, with this tokenizer's vocabulary and wider token embeddings.
const randomWeights = (seed: number): CausalLmWeights => smallLmWeights(seed, SHAPE, { vocabSize: SHAPE.vocabSize, embeddingStd: 1 });

function smallTrainedModel(): TrainedModel {
  const header: LmModelHeader = {
    format: LM_MODEL_FORMAT,
    version: LM_MODEL_VERSION,
    config: {
      vocab_size: SHAPE.vocabSize,
      n_positions: SHAPE.nPositions,
      embed_dim: SHAPE.embedDim,
      num_heads: SHAPE.numHeads,
      num_layers: SHAPE.numLayers,
      ffn_dim: SHAPE.ffnDim,
      activation: 'gelu',
      layer_norm_eps: 1e-5,
      tied_embeddings: true,
    },
    tensors: [],
    vocabulary,
    training: {},
  };
  return { model: new CausalLmModel(randomWeights(3), { tokenizer }), header };
}

const TRAINED = smallTrainedModel();

beforeEach(() => {
  // The lessons keep the untrained encoder for everything else; this widget runs the trained model regardless.
  useLab.setState({ ...DEFAULT_SETTINGS, model: 'untrained', text: TRAINED_EXAMPLES.repeatEn });
  lmModelStore.setState({ status: 'ready', trained: TRAINED });
  act(() => useUi.setState({ locale: 'en' }));
});

afterAll(() => lmModelStore.setState({ status: 'idle' }));

const show = (config?: Record<string, string>) => render(<WidgetSlot widget="trained-model-lab" config={config} />);
const predictions = () => screen.queryByRole('region', { name: 'Next-token predictions' });

describe('trained-model-lab', () => {
  it('is registered, and reads its examples from the config', () => {
    expect(WIDGETS['trained-model-lab']).toBeDefined();
    expect(examplesOf(undefined)).toEqual(['plain']);
    expect(examplesOf({ example: 'repeatEn, repeatZh' })).toEqual(['repeatEn', 'repeatZh']);
    expect(examplesOf({ example: 'nonsense' })).toEqual(['plain']);
  });

  it('runs the trained model (though the settings say untrained): predictions, a checkbox per head, the heads grid', () => {
    const { container } = show();
    const region = predictions();
    expect(region).not.toBeNull();
    expect(within(region as HTMLElement).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('checkbox', { name: /^H\d: head \d of layer \d on$/ })).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Layer 2, head 4' })).toBeInTheDocument();
    expect(screen.queryByTestId('trained-lab-waiting')).toBeNull();
    expect(container.querySelector('.lesson-widget__error')).toBeNull();
    expect(container.textContent).not.toMatch(/NaN|undefined|lw\.trained\./);
  });

  it('switching a head off shows the before → after comparison; all heads on removes it', () => {
    show();
    const region = () => predictions() as HTMLElement;
    expect(within(region()).queryByText(/before → after/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'H1: head 1 of layer 2 on' }));
    expect(useLab.getState().disabledHeads).toEqual([{ layer: 1, head: 0 }]);
    expect(screen.getByRole('checkbox', { name: 'H1: head 1 of layer 2 on' })).not.toBeChecked();
    expect(within(region()).getByText(/before → after.*\(L2 H1 off\)/)).toBeInTheDocument();
    expect(within(region()).getByText(/Top 5 before/)).toBeInTheDocument();
    expect(within(region()).getByText(/The top prediction (did not change|changed)/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'All heads on' }));
    expect(useLab.getState().disabledHeads).toEqual([]);
    expect(within(region()).queryByText(/before → after/)).toBeNull();
  });

  it('an example button sets its sentence with every head back on', () => {
    useLab.setState({ text: 'something else', disabledHeads: [{ layer: 0, head: 1 }], predictAt: 2, causal: false });
    show({ example: 'repeatEn,repeatZh' });
    fireEvent.click(screen.getByRole('button', { name: 'Use the repeated Chinese name' }));
    expect(useLab.getState()).toMatchObject({ text: TRAINED_EXAMPLES.repeatZh, disabledHeads: [], predictAt: null, causal: true, maskMode: 'none', model: 'untrained' });
    expect(screen.getByRole('button', { name: 'Use the repeated phrase' })).toBeInTheDocument();
  });

  it('while the model loads, says so and still renders the sentence, the switches and the heads (of the stand-in)', () => {
    lmModelStore.setState({ status: 'loading', received: 1_000_000, total: 4_000_000 });
    const { container } = show();
    expect(screen.getByText(/Loading the trained model… 25 %/)).toBeInTheDocument();
    expect(screen.getByTestId('trained-lab-waiting')).toHaveTextContent('once the trained model has loaded');
    expect(predictions()).toBeNull();
    expect(screen.getByRole('textbox')).toHaveValue(TRAINED_EXAMPLES.repeatEn);
    expect(screen.getAllByRole('checkbox', { name: /^H\d: head \d of layer \d on$/ }).length).toBeGreaterThan(0);
    expect(container.querySelector('.lesson-widget__error')).toBeNull();
    // When it arrives, the predictions appear.
    act(() => lmModelStore.setState({ status: 'ready', trained: TRAINED }));
    expect(predictions()).not.toBeNull();
    expect(screen.queryByTestId('trained-lab-waiting')).toBeNull();
  });

  it('when the download failed, says why with a retry button', () => {
    // Set after the first render: a widget that mounts after a failure asks for the file again.
    lmModelStore.setState({ status: 'loading', received: 0, total: null });
    show();
    act(() => lmModelStore.setState({ status: 'error', reason: 'network', detail: 'HTTP 404' }));
    expect(screen.getByRole('alert')).toHaveTextContent('could not be downloaded (HTTP 404)');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByTestId('trained-lab-waiting')).toBeInTheDocument();
  });

  it('gives every head card a grid column at least as wide as the card, with the stylesheets the page loads', () => {
    // jsdom applies no imported CSS: load the grid's and the widget's own (whose button rule once padded the cards).
    const style = document.createElement('style');
    style.textContent = ['src/components/headsgrid/headsgrid.css', 'src/lessons/widgets/trained.css'].map((file) => readFileSync(file, 'utf8')).join('\n');
    document.head.append(style);
    try {
      const { container } = show();
      const grid = container.querySelector<HTMLElement>('.heads-grid-view__grid') as HTMLElement;
      const thumb = Number.parseFloat(grid.style.getPropertyValue('--heads-grid-thumb'));
      expect(thumb).toBe(56);
      const template = grid.style.gridTemplateColumns;
      expect(template).toBe(headsGridColumns(SHAPE.numHeads + 1, thumb));
      // "auto repeat(5, 68px)": every head column as wide as a card, fixed so that labels cannot widen it.
      const track = /^auto repeat\((\d+), (\d+)px\)$/.exec(template);
      expect(track).not.toBeNull();
      expect(Number(track?.[1])).toBe(SHAPE.numHeads + 1);
      const columnMin = Number(track?.[2]);
      const px = (value: string) => (value.endsWith('rem') ? Number.parseFloat(value) * 16 : Number.parseFloat(value) || 0);
      const cards = Array.from(grid.querySelectorAll<HTMLElement>('button[data-layer]'));
      expect(cards).toHaveLength(SHAPE.numLayers * (SHAPE.numHeads + 1));
      for (const card of cards) {
        const cs = getComputedStyle(card);
        const width = thumb + px(cs.paddingLeft) + px(cs.paddingRight) + px(cs.borderLeftWidth) + px(cs.borderRightWidth);
        expect(width).toBe(66);
        expect(width).toBeLessThanOrEqual(columnMin);
      }
      // The widget's own buttons keep their look.
      expect(getComputedStyle(screen.getByRole('button', { name: 'All heads on' })).paddingLeft).toBe('0.7rem');
    } finally {
      style.remove();
    }
  });

  it('speaks Chinese', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    const { container } = show({ example: 'repeatZh' });
    expect(screen.getByRole('button', { name: '使用重复的中文名字' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '下一个词元的预测' })).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/NaN|undefined|lw\.trained\./);
  });
});
