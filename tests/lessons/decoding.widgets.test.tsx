import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenize } from '../../src/engine';
import { WidgetSlot } from '../../src/lessons/WidgetSlot';
import { decodingWidgets } from '../../src/lessons/widgets/decoding';
import { activationName, FAMILIES, FAMILY_IDS, hasFinalNorm, maskOf, maskPicture, sublayerShapes, unitSteps } from '../../src/lessons/widgets/decoderFamilies';
import { causalAllows, shiftRight, START, visibleInputs } from '../../src/lessons/widgets/shiftRight';
import { formatCount } from '../../src/components/generation';
import {
  attentionOps,
  exponentOf,
  formatBytes,
  LENGTH_EXPONENTS,
  powerOfTenLabel,
  recurrentOps,
  scoreBytes,
  WIDTH_EXPONENTS,
} from '../../src/lessons/widgets/attentionCostMath';
import { TEACHER_FORCING_MAX_TOKENS } from '../../src/lessons/widgets/TeacherForcing';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { useUi } from '../../src/state/uiStore';

const TEXT = 'the cat sat on the mat'; // 6 tokens

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, model: 'untrained', text: TEXT });
  act(() => useUi.setState({ locale: 'en' }));
});

describe('decoding widgets: registry', () => {
  it('registers decoder-block, teacher-forcing and attention-cost; each renders in both languages without an error, NaN or a raw key', () => {
    expect(Object.keys(decodingWidgets).sort()).toEqual(['attention-cost', 'decoder-block', 'teacher-forcing']);
    for (const locale of ['en', 'zh'] as const) {
      act(() => useUi.setState({ locale }));
      for (const id of ['decoder-block', 'teacher-forcing', 'attention-cost'] as const) {
        const { container, unmount } = render(<WidgetSlot widget={id} />);
        expect(container.querySelector('.lesson-widget__error'), `${id} ${locale}`).toBeNull();
        expect(container.textContent, `${id} ${locale}`).not.toMatch(/NaN|undefined|Infinity|lw\.decoding\./);
        unmount();
      }
    }
  });
});

describe('the three families as data', () => {
  const kinds = (id: (typeof FAMILY_IDS)[number]) => FAMILIES[id].stacks.flatMap((s) => s.sublayers);

  it('gives a decoder-only block causal self-attention and no cross-attention; an encoder-only block no causal mask', () => {
    expect(FAMILIES['decoder-only'].stacks.map((s) => s.id)).toEqual(['decoder']);
    expect(kinds('decoder-only')).toEqual(['masked-self', 'ffn']);
    expect(FAMILIES['encoder-only'].stacks.map((s) => s.id)).toEqual(['encoder']);
    expect(kinds('encoder-only').map(maskOf)).not.toContain('causal');
    // The original Transformer: the decoder block runs masked self-attention, then cross-attention, then the FFN.
    expect(FAMILIES['encoder-decoder'].stacks.map((s) => [s.id, s.sublayers])).toEqual([
      ['encoder', ['self', 'ffn']],
      ['decoder', ['masked-self', 'cross', 'ffn']],
    ]);
  });

  it('draws a causal mask as the lower triangle and cross-attention as an unmasked rectangle', () => {
    const causal = maskPicture('masked-self', 5)!;
    causal.forEach((row, i) => expect(row.filter(Boolean).length).toBe(i + 1));
    const cross = maskPicture('cross', 5)!;
    expect(cross.length).toBeLessThan(cross[0].length);
    expect(cross.flat().every(Boolean)).toBe(true);
    expect(maskPicture('self', 4)!.flat().every(Boolean)).toBe(true);
    expect(maskPicture('ffn')).toBeNull();
  });

  it('gives cross-attention weights of target rows × source columns', () => {
    const sizes = { dModel: 32, heads: 4, ffn: 128 };
    const lines = sublayerShapes('cross', 'decoder', sizes, { source: 7, target: 3 }, 'relu');
    expect(lines.find((l) => l.name === 'Q_i')?.value).toBe('[3 × 8]');
    expect(lines.find((l) => l.name === 'K_i, V_i')?.value).toBe('[7 × 8]');
    expect(lines.find((l) => l.name.startsWith('softmax'))?.value).toBe('[3 × 7]');
    expect(sublayerShapes('masked-self', 'decoder', sizes, { source: 7, target: 3 }, 'relu').find((l) => l.name.startsWith('softmax'))?.value).toBe('[3 × 3]');
    expect(sublayerShapes('ffn', 'encoder', sizes, { source: 7, target: 3 }, 'relu')[0].value).toBe('[7 × 128]');
  });

  it('draws each family as its namesake: BERT post-LN with GELU, GPT-2 pre-LN with GELU, the original Transformer post-LN with ReLU', () => {
    const drawn = FAMILY_IDS.map((id) => [id, FAMILIES[id].norm, FAMILIES[id].activation]);
    expect(drawn).toEqual([
      ['encoder-only', 'post', 'gelu'],
      ['decoder-only', 'pre', 'gelu'],
      ['encoder-decoder', 'post', 'relu'],
    ]);
  });

  it('orders post-LN as sub-layer → add → LayerNorm and pre-LN as LayerNorm → sub-layer → add, with a final LayerNorm for pre-LN only', () => {
    expect(unitSteps('post')).toEqual(['sublayer', 'add', 'norm']);
    expect(unitSteps('pre')).toEqual(['norm', 'sublayer', 'add']);
    expect(hasFinalNorm('pre')).toBe(true);
    expect(hasFinalNorm('post')).toBe(false);
  });

  it('names the feed-forward activation in the FFN’s shape line', () => {
    const sizes = { dModel: 32, heads: 4, ffn: 128 };
    const lengths = { source: 7, target: 3 };
    expect(sublayerShapes('ffn', 'decoder', sizes, lengths, 'gelu')[0]).toEqual({ name: 'GELU(x W_1 + b_1)', value: '[3 × 128]' });
    expect(sublayerShapes('ffn', 'encoder', sizes, lengths, 'relu')[0].name).toBe('ReLU(x W_1 + b_1)');
    expect([activationName('relu'), activationName('gelu')]).toEqual(['ReLU', 'GELU']);
  });
});

describe('decoder-block', () => {
  const show = (config?: Record<string, string>) => render(<WidgetSlot widget="decoder-block" config={config} />);
  const stack = (name: string) => screen.getByRole('region', { name });

  it('starts on the encoder–decoder with the lab’s sizes, and cross-attention weights of T × S', () => {
    show();
    expect(screen.getByRole('button', { name: 'Encoder–decoder (original Transformer)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('decoder-block-sizes')).toHaveTextContent('d_model = 32, h = 4 heads of d_k = 8, feed-forward width 128, N = 2 blocks per stack; your sentence has 6 tokens.');
    const decoder = stack('Decoder block (× 2)');
    expect(stack('Encoder block (× 2)')).toBeInTheDocument();
    const cross = decoder.querySelector('[data-sublayer="cross"]') as HTMLElement;
    expect(cross).toHaveTextContent('Q_i [5 × 8]');
    expect(cross).toHaveTextContent('K_i, V_i [6 × 8]');
    expect(cross).toHaveTextContent('softmax(Q_i K_iᵀ/√d_k) [5 × 6]');
    expect(within(cross).getByRole('link', { name: /lesson 8/ })).toHaveAttribute('href', '#/lessons/other-attention');

    fireEvent.change(screen.getByRole('slider', { name: 'Target tokens written so far, T' }), { target: { value: '3' } });
    expect(cross).toHaveTextContent('softmax(Q_i K_iᵀ/√d_k) [3 × 6]');
    expect(screen.getByText(/\[T × S\] = \[3 × 6\]/)).toBeInTheDocument();
  });

  it('decoder-only: one stack of masked self-attention and FFN, no cross-attention, the sentence as the target', async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Decoder-only (GPT-2)' }));
    expect(screen.getByRole('button', { name: 'Decoder-only (GPT-2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('region', { name: 'Encoder block (× 2)' })).toBeNull();
    const decoder = stack('Decoder block (× 2)');
    expect([...decoder.querySelectorAll('[data-sublayer]')].map((el) => el.getAttribute('data-sublayer'))).toEqual(['masked-self', 'ffn']);
    expect(screen.getByTestId('mask-decoder-masked-self')).toHaveTextContent('Causal mask: query i reads keys 1 … i only.');
    expect(decoder.querySelector('[data-sublayer="masked-self"]')).toHaveTextContent('softmax(Q_i K_iᵀ/√d_k) [6 × 6]');
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.getByTestId('decoder-block-trained')).toHaveTextContent('2 blocks of masked self-attention (4 heads, d_k = 32) and a feed-forward network (512) at d_model = 128');
  });

  it('encoder-only: bidirectional self-attention, no causal mask anywhere; config.family picks the view', () => {
    show({ family: 'encoder-only' });
    expect(screen.getByRole('button', { name: 'Encoder-only (BERT)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('mask-encoder-self')).toHaveTextContent('No mask: bidirectional');
    expect(document.body.textContent).not.toMatch(/Causal mask/);
    expect(screen.queryByText(/Cross-attention/)).toBeNull();
  });

  it('follows the lab’s width and head count', () => {
    act(() => useLab.setState({ embedDim: 64, numHeads: 8, numLayers: 3 }));
    show();
    expect(screen.getByTestId('decoder-block-sizes')).toHaveTextContent('d_model = 64, h = 8 heads of d_k = 8, feed-forward width 256, N = 3 blocks per stack');
    expect(stack('Decoder block (× 3)').querySelector('[data-sublayer="ffn"]')).toHaveTextContent('[5 × 256]');
  });

  /** The drawn steps of a stack in DOM order: a sub-layer by its kind, the LayerNorms and adds by their step. */
  const drawnSteps = (region: HTMLElement) =>
    [...region.querySelectorAll<HTMLElement>('[data-step]')].map((el) =>
      el.dataset.step === 'sublayer' ? el.closest<HTMLElement>('[data-sublayer]')?.dataset.sublayer : el.dataset.step,
    );
  const precedes = (a: HTMLElement, b: HTMLElement) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

  it('decoder-only is drawn pre-LN with GELU: LayerNorm before the masked self-attention, the add after it, a final LayerNorm after the stack', async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: 'Decoder-only (GPT-2)' }));
    const decoder = stack('Decoder block (× 2)');
    expect(drawnSteps(decoder)).toEqual(['norm', 'masked-self', 'add', 'norm', 'ffn', 'add', 'final-norm']);
    const norms = within(decoder).getAllByText('LayerNorm first: the sub-layer reads a normalised copy');
    expect(norms).toHaveLength(2);
    expect(precedes(norms[0], within(decoder).getByText('Masked self-attention (4 heads)'))).toBe(true);
    expect(within(decoder).getByText('Feed-forward network (GELU)')).toBeInTheDocument();
    expect(decoder.querySelector('[data-sublayer="ffn"]')).toHaveTextContent('GELU(x W_1 + b_1) [6 × 128]');
    expect(decoder).not.toHaveTextContent(/ReLU/);
    const final = within(decoder).getByText('Final LayerNorm, once, after the last of the 2 blocks');
    expect(precedes(decoder.querySelector('[data-sublayer="ffn"]') as HTMLElement, final)).toBe(true);
    expect(screen.getByTestId('decoder-block-drawn')).toHaveTextContent('Drawn as GPT-2 and this project’s trained model: pre-LN');
    expect(screen.getByTestId('decoder-block-drawn')).toHaveTextContent('the trained model uses the exact GELU');
    expect(screen.getByTestId('decoder-block-drawn')).toHaveTextContent('x ← x + Sublayer(LayerNorm(x))');
  });

  it('encoder–decoder is drawn post-LN with ReLU: every LayerNorm after its add, no final LayerNorm, T5 named as pre-norm', () => {
    show();
    const encoder = stack('Encoder block (× 2)');
    const decoder = stack('Decoder block (× 2)');
    expect(drawnSteps(encoder)).toEqual(['self', 'add', 'norm', 'ffn', 'add', 'norm']);
    expect(drawnSteps(decoder)).toEqual(['masked-self', 'add', 'norm', 'cross', 'add', 'norm', 'ffn', 'add', 'norm']);
    const adds = within(decoder).getAllByText('+ residual connection: add the sub-layer’s input');
    const norms = within(decoder).getAllByText('then LayerNorm of the sum');
    adds.forEach((add, i) => expect(precedes(add, norms[i])).toBe(true));
    expect(precedes(within(decoder).getByText('Masked self-attention (4 heads)'), norms[0])).toBe(true);
    expect(within(decoder).getByText('Feed-forward network (ReLU)')).toBeInTheDocument();
    expect(decoder.querySelector('[data-sublayer="ffn"]')).toHaveTextContent('ReLU(x W_1 + b_1) [5 × 128]');
    expect(document.body).not.toHaveTextContent(/GELU|Final LayerNorm/);
    expect(screen.getByTestId('decoder-block-drawn')).toHaveTextContent('Drawn as the original Transformer (Vaswani et al. 2017): post-LN');
    expect(screen.getByTestId('decoder-block-drawn')).toHaveTextContent('T5 has the same two stacks but normalises first (pre-norm), with RMSNorm');
  });

  it('encoder-only (BERT) is drawn post-LN with GELU', () => {
    show({ family: 'encoder-only' });
    const encoder = stack('Encoder block (× 2)');
    expect(drawnSteps(encoder)).toEqual(['self', 'add', 'norm', 'ffn', 'add', 'norm']);
    expect(within(encoder).getByText('Feed-forward network (GELU)')).toBeInTheDocument();
    expect(encoder).not.toHaveTextContent(/ReLU|Final LayerNorm/);
    expect(screen.getByTestId('decoder-block-drawn')).toHaveTextContent('Drawn as BERT (Devlin et al. 2018): post-LN');
  });

  it('says the norm order and activation in Chinese too', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    show({ family: 'decoder-only' });
    const decoder = stack('解码器块（× 2）');
    expect(within(decoder).getAllByText('先做层归一化：子层读入归一化后的副本')).toHaveLength(2);
    expect(within(decoder).getByText('前馈网络（GELU）')).toBeInTheDocument();
    expect(within(decoder).getByText('最终层归一化：在全部 2 个块之后只做一次')).toBeInTheDocument();
    expect(screen.getByTestId('decoder-block-drawn')).toHaveTextContent('这里画的是 GPT-2 和本项目训练好的模型：Pre-LN');
  });
});

describe('shift right and the causal mask', () => {
  it('makes every target the next position’s input, and lets position i read inputs 0…i', () => {
    const tokens = tokenize(DEFAULT_SETTINGS.text).tokens.map((t) => t.text);
    const s = shiftRight(tokens);
    expect(s.inputs.length).toBe(tokens.length);
    expect(s.targets).toEqual(tokens);
    expect(s.inputs[0]).toBe(START);
    for (let i = 0; i + 1 < tokens.length; i++) expect(s.inputs[i + 1]).toBe(s.targets[i]);
    for (let i = 0; i < tokens.length; i++) {
      expect(visibleInputs(s, i)).toEqual(s.inputs.slice(0, i + 1));
      // Position i never reads its own target: that token is input i + 1, which the mask blocks.
      expect(causalAllows(i, i + 1)).toBe(false);
    }
    expect(shiftRight([])).toEqual({ inputs: [], targets: [] });
  });
});

describe('teacher-forcing', () => {
  const cells = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('td')].map((td) => td.textContent);

  it('starts from the lab’s sentence: ⟨start⟩ and the tokens shifted right over the tokens', () => {
    act(() => useLab.setState({ text: DEFAULT_SETTINGS.text }));
    render(<WidgetSlot widget="teacher-forcing" />);
    const tokens = tokenize(DEFAULT_SETTINGS.text).tokens.map((t) => t.text);
    expect(screen.getByLabelText('Target sentence')).toHaveValue(DEFAULT_SETTINGS.text);
    expect(cells('tf-inputs')).toEqual(['⟨start⟩', ...tokens.slice(0, -1)]);
    expect(cells('tf-targets')).toEqual(tokens);
  });

  it('draws the causal mask: row i reads i + 1 inputs and names its target', () => {
    render(<WidgetSlot widget="teacher-forcing" />);
    for (let i = 0; i < 6; i++) {
      const row = screen.getByTestId(`tf-row-${i}`);
      expect(row.querySelectorAll('td.is-allowed').length).toBe(i + 1);
      expect(row.querySelectorAll('td.is-blocked').length).toBe(5 - i);
      expect(row.querySelector('.lw-decoding-grid__target')?.textContent).toBe(TEXT.split(' ')[i]);
    }
    expect(screen.getByRole('region', { name: 'Causal mask, 6 positions by 6 inputs, with each position’s target' })).toHaveAttribute('tabindex', '0');
  });

  it('a clicked row says what that position reads and must predict, and where that token is read next', async () => {
    const user = userEvent.setup();
    render(<WidgetSlot widget="teacher-forcing" />);
    expect(screen.getByTestId('tf-detail')).toHaveTextContent('Pick a position');
    await user.click(screen.getByRole('button', { name: 'Position 3' }));
    expect(screen.getByRole('button', { name: 'Position 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('tf-detail')).toHaveTextContent('Position 3 reads 3 inputs: ⟨start⟩ the cat. It must predict “sat”. That same token is the input at position 4');
    // The target is marked, and the same token one place later in the input row.
    expect(screen.getByTestId('tf-targets').querySelector('.is-target')?.textContent).toBe('sat');
    expect(screen.getByTestId('tf-inputs').querySelector('.is-echo')?.textContent).toBe('sat');

    await user.click(screen.getByRole('button', { name: 'Position 6' }));
    expect(screen.getByTestId('tf-detail')).toHaveTextContent('Position 6 reads 6 inputs: ⟨start⟩ the cat sat on the. It must predict “mat”. It is the last position');
  });

  it('takes a typed sentence without changing the lab’s, says when it is empty, and cuts long ones', async () => {
    const user = userEvent.setup();
    render(<WidgetSlot widget="teacher-forcing" />);
    const input = screen.getByLabelText('Target sentence');
    await user.clear(input);
    expect(screen.getByRole('status')).toHaveTextContent('Type a sentence');
    await user.type(input, 'I like tea');
    expect(cells('tf-inputs')).toEqual(['⟨start⟩', 'I', 'like']);
    expect(cells('tf-targets')).toEqual(['I', 'like', 'tea']);
    expect(useLab.getState().text).toBe(TEXT);

    const long = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    fireEvent.change(input, { target: { value: long } });
    expect(cells('tf-targets').length).toBe(TEACHER_FORCING_MAX_TOKENS);
    expect(screen.getByText(`Only the first ${TEACHER_FORCING_MAX_TOKENS} of 30 tokens are shown.`)).toBeInTheDocument();
  });
});

describe('attention-cost maths', () => {
  it('self-attention costs less than a recurrent layer exactly when n < d, and the same at n = d', () => {
    for (let n = 2 ** LENGTH_EXPONENTS.min; n <= 2 ** LENGTH_EXPONENTS.max; n *= 2) {
      for (let d = 2 ** WIDTH_EXPONENTS.min; d <= 2 ** WIDTH_EXPONENTS.max; d *= 2) {
        expect(Math.sign(attentionOps(n, d) - recurrentOps(n, d)), `n=${n} d=${d}`).toBe(Math.sign(n - d));
        expect(attentionOps(n, d) / recurrentOps(n, d)).toBeCloseTo(n / d, 12);
      }
    }
  });

  it('quadruples the score memory when n doubles', () => {
    for (const n of [16, 1000, 32768]) expect(scoreBytes(2 * n, 4)).toBe(4 * scoreBytes(n, 4));
    expect(scoreBytes(1024, 2)).toBe(2 * 1024 * 1024);
  });

  it('formats counts with thousands separators, bytes in binary units, powers of ten with superscripts', () => {
    expect(formatCount(1048576)).toBe('1,048,576');
    expect(formatCount(2 ** 42)).toBe('4,398,046,511,104');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(4 * 1024 ** 2)).toBe('4 MiB');
    expect(formatBytes(4 * 1024 ** 3)).toBe('4 GiB');
    expect(powerOfTenLabel(12)).toBe('10¹²');
  });

  it('reads n and d from a config as powers of two in range', () => {
    expect(exponentOf(1024, LENGTH_EXPONENTS, 10)).toBe(10);
    expect(exponentOf(1000, LENGTH_EXPONENTS, 10)).toBe(10);
    expect(exponentOf(1e9, LENGTH_EXPONENTS, 10)).toBe(LENGTH_EXPONENTS.max);
    expect(exponentOf(2, WIDTH_EXPONENTS, 9)).toBe(WIDTH_EXPONENTS.min);
    for (const bad of ['512', -4, 0, Number.NaN, undefined]) expect(exponentOf(bad, WIDTH_EXPONENTS, 9)).toBe(9);
  });
});

describe('attention-cost', () => {
  const nSlider = () => screen.getByRole('slider', { name: 'Sequence length n (log scale)' });
  const dSlider = () => screen.getByRole('slider', { name: 'Width d (log scale)' });

  it('shows the score matrix, its bytes and the operation counts for n = 1,024, d = 512', () => {
    render(<WidgetSlot widget="attention-cost" />);
    expect(nSlider()).toHaveAttribute('aria-valuetext', 'n = 1,024');
    expect(screen.getByTestId('cost-entries')).toHaveTextContent('1,024 × 1,024 = 1,048,576 numbers');
    expect(screen.getByTestId('cost-bytes')).toHaveTextContent('float32: 4,194,304 bytes (4 MiB) · float16: 2,097,152 bytes (2 MiB)');
    // n²·d = 2^29, n·d² = 2^28
    expect(screen.getByTestId('cost-ops')).toHaveTextContent('self-attention n²·d = 536,870,912 · recurrent n·d² = 268,435,456');
    expect(screen.getByTestId('cost-comparison')).toHaveTextContent('self-attention does 2 times the operations of a recurrent layer');
    expect(screen.getByTestId('cost-steps')).toHaveTextContent('self-attention: 1 · recurrent: 1,024');
    expect(screen.getByRole('img', { name: /cross at n = 512\. The dashed marker is at n = 1,024\./ })).toBeInTheDocument();
  });

  it('moves with the sliders: n = d gives equal counts and the marker on the crossing; n = 32,768 needs 4 GiB per head', () => {
    render(<WidgetSlot widget="attention-cost" />);
    fireEvent.change(nSlider(), { target: { value: '9' } });
    expect(screen.getByTestId('cost-comparison')).toHaveTextContent('At n = d = 512 the two counts are equal');
    const chart = screen.getByTestId('cost-chart');
    expect(chart.querySelector('.lw-decoding-chart__marker')?.getAttribute('x1')).toBe(chart.querySelector('.lw-decoding-chart__cross')?.getAttribute('cx'));

    fireEvent.change(nSlider(), { target: { value: '15' } });
    expect(screen.getByTestId('cost-entries')).toHaveTextContent('32,768 × 32,768 = 1,073,741,824 numbers');
    expect(screen.getByTestId('cost-bytes')).toHaveTextContent('float32: 4,294,967,296 bytes (4 GiB)');
    fireEvent.change(dSlider(), { target: { value: '12' } });
    expect(dSlider()).toHaveAttribute('aria-valuetext', 'd = 4,096');
    expect(screen.getByTestId('cost-comparison')).toHaveTextContent('self-attention does 8 times');

    fireEvent.change(nSlider(), { target: { value: '4' } });
    expect(screen.getByTestId('cost-comparison')).toHaveTextContent('a recurrent layer does 256 times the operations of self-attention');
  });

  it('takes n and d from its config', () => {
    render(<WidgetSlot widget="attention-cost" config={{ n: 64, d: 64 }} />);
    expect(screen.getByTestId('cost-comparison')).toHaveTextContent('At n = d = 64');
  });
});
