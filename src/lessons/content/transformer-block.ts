import type { Lesson } from '../types';

// Lesson 7: the encoder block around multi-head attention (residuals, LayerNorm, FFN, stacking; post-LN vs pre-LN).
export const transformerBlock: Lesson = {
  slug: 'transformer-block',
  title: { en: 'Multi-head attention inside the Transformer', zh: 'Transformer 中的多头注意力' },
  summary: {
    en: 'Attention is one part of an encoder block: follow your sentence through attention, residual additions, layer norms and the feed-forward network, and see why the skip connections are essential.',
    zh: '注意力只是编码器块的一部分：让你的句子依次经过注意力、残差相加、层归一化和前馈网络，并看清为什么残差连接必不可少。',
  },
  objectives: [
    {
      en: 'Trace a sentence through one encoder block and give the shape after every stage.',
      zh: '跟踪一个句子穿过一个编码器块的全过程，并说出每个阶段之后的形状。',
    },
    {
      en: 'Write the post-LN and pre-LN block formulas and say where they differ.',
      zh: '写出 Post-LN 和 Pre-LN 两种编码器块的公式，并指出它们的区别。',
    },
    {
      en: 'Explain why residual connections matter: gradient flow and rank collapse.',
      zh: '解释残差连接为什么重要：梯度传递与秩塌缩。',
    },
    {
      en: 'Tell LayerNorm from BatchNorm and say why Transformers use LayerNorm.',
      zh: '区分层归一化与批归一化，并说明 Transformer 为什么用层归一化。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'From a translation model to the encoder block', zh: '从翻译模型到编码器块' } },
    {
      kind: 'prose',
      text: {
        en: 'The Transformer was first built for machine translation, as an **encoder–decoder**: the encoder reads the source sentence, and the decoder writes the translation one token at a time, attending to the encoder’s output. This course follows the **encoder**, the half that turns a sentence into context-aware token vectors.',
        zh: 'Transformer 最初是为机器翻译设计的，采用**编码器–解码器**结构：编码器读入源语言句子，解码器一边关注编码器的输出，一边逐个词元地生成译文。本课程聚焦于**编码器**，也就是把句子变成“带上下文的词元向量”的那一半。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'The encoder is a stack of $N$ identical blocks ($N = 6$ in the original), each with its own weights. A block has two sub-layers, multi-head self-attention and a feed-forward network, and each sub-layer is wrapped in a **residual connection** and a **layer normalisation**.',
        zh: '编码器由 $N$ 个结构相同的块堆叠而成（原始模型中 $N = 6$），每块有自己的权重。一个块包含两个子层：多头自注意力和前馈网络；每个子层外面都套着一个**残差连接**和一个**层归一化**。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{aligned} X' &= \mathrm{LN}_1\big(X + \mathrm{MHA}(X)\big) \\ Y &= \mathrm{LN}_2\big(X' + \mathrm{FFN}(X')\big) \end{aligned}`,
      caption: { en: 'Post-LN, the original order: add the sub-layer’s output to its input, then normalise.', zh: 'Post-LN（原始顺序）：先把子层输出加回它的输入，再做归一化。' },
    },
    {
      kind: 'formula',
      tex: String.raw`\mathrm{FFN}(x) = \max(0,\; x W_1 + b_1)\, W_2 + b_2, \qquad W_1 \in \mathbb{R}^{d_{\text{model}} \times d_{ff}},\; W_2 \in \mathbb{R}^{d_{ff} \times d_{\text{model}}}`,
      caption: {
        en: 'The feed-forward network acts on each token separately; usually $d_{ff} = 4\\,d_{\\text{model}}$ (2048 for $d_{\\text{model}} = 512$).',
        zh: '前馈网络对每个词元单独计算；通常 $d_{ff} = 4\\,d_{\\text{model}}$（$d_{\\text{model}} = 512$ 时为 2048）。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Attention is the only place where tokens exchange information; the FFN and the norms work on each token alone. Every stage keeps the shape $[L \\times d_{\\text{model}}]$, which is what makes the residual additions and the stacking possible. Only the FFN’s hidden layer is wider.',
        zh: '注意力是词元之间交换信息的唯一地方；前馈网络和归一化都只对单个词元操作。每个阶段都保持形状 $[L \\times d_{\\text{model}}]$，正因如此才能做残差相加、才能一层层堆叠。只有前馈网络的隐藏层更宽。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'block-output-shape',
        prompt: {
          en: 'The lab’s sentence enters a block as $[L \\times 32]$, with 4 heads and an FFN hidden width of 128. What shape leaves the block?',
          zh: '实验台的句子以 $[L \\times 32]$ 的形状进入一个块，有 4 个头，前馈隐藏层宽度为 128。离开这个块时形状是什么？',
        },
        choices: [
          {
            id: 'same',
            text: { en: 'Shape $[L \\times 32]$, as it came in', zh: '形状 $[L \\times 32]$，与进入时相同' },
            correct: true,
            feedback: {
              en: 'Right. The heads are concatenated back to 32 and projected by $W^O$; the FFN widens to 128 and comes back to 32. The residual additions need the same shape on both sides.',
              zh: '对。各个头拼接回 32 维再经 $W^O$ 投影；前馈网络先扩到 128 再回到 32。残差相加要求两边形状相同。',
            },
          },
          {
            id: 'head',
            text: { en: 'Shape $[L \\times 8]$, one head’s width', zh: '形状 $[L \\times 8]$，即一个头的宽度' },
            correct: false,
            feedback: {
              en: '8 is one head’s width $d_k = 32 / 4$. The four heads are concatenated back to 32 before the output projection.',
              zh: '8 是单个头的宽度 $d_k = 32 / 4$。四个头在输出投影之前会拼接回 32 维。',
            },
          },
          {
            id: 'hidden',
            text: { en: 'Shape $[L \\times 128]$, the FFN’s width', zh: '形状 $[L \\times 128]$，即前馈网络的宽度' },
            correct: false,
            feedback: {
              en: '128 is the FFN’s hidden layer. Its second linear map $W_2$ brings each token back to 32 features.',
              zh: '128 是前馈网络隐藏层的宽度。第二个线性变换 $W_2$ 会把每个词元变回 32 个特征。',
            },
          },
          {
            id: 'weights',
            text: { en: 'Shape $[L \\times L]$, one weight per token pair', zh: '形状 $[L \\times L]$，每对词元一个权重' },
            correct: false,
            feedback: {
              en: '$[L \\times L]$ is the shape of one head’s attention weights, an intermediate. The block outputs one vector per token.',
              zh: '$[L \\times L]$ 是单个头注意力权重的形状，只是中间结果。块的输出是每个词元一个向量。',
            },
          },
        ],
        reveal: { widget: 'encoder-block' },
      },
    },
    { kind: 'heading', text: { en: 'Post-LN or pre-LN', zh: 'Post-LN 还是 Pre-LN' } },
    {
      kind: 'prose',
      text: {
        en: 'Many later Transformers move the norm to the start of each branch (**pre-LN**). The skip path from a block’s input to its output then passes through additions only, with no normalisation on the way, which makes deep stacks easier to train (Xiong et al. 2020).',
        zh: '许多后来的 Transformer 把归一化挪到每个分支的开头（**Pre-LN**）。这样从块的输入到输出的残差路径上只有加法、不经过任何归一化，深层堆叠更容易训练（Xiong 等人，2020）。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{aligned} X' &= X + \mathrm{MHA}\big(\mathrm{LN}_1(X)\big) \\ Y &= X' + \mathrm{FFN}\big(\mathrm{LN}_2(X')\big) \end{aligned}`,
      caption: { en: 'Pre-LN: normalise what goes into each sub-layer, add its output to the un-normalised input.', zh: 'Pre-LN：先对进入子层的输入做归一化，再把子层输出加回未归一化的输入。' },
    },
    {
      kind: 'question',
      question: {
        id: 'pre-ln-output',
        prompt: {
          en: 'Switch the encoder-block widget to pre-LN. Will every token of the block’s output (the last stage) still have mean 0 and std 1?',
          zh: '把编码器块组件切换到 Pre-LN。块输出（最后一个阶段）中的每个词元，还会是均值 0、标准差 1 吗？',
        },
        choices: [
          {
            id: 'yes',
            text: { en: 'Yes, every block ends with a LayerNorm.', zh: '会，每个块都以层归一化结尾。' },
            correct: false,
            feedback: {
              en: 'That is true of post-LN only. In pre-LN the last operation is an addition, $X\' + \\mathrm{FFN}(\\cdot)$.',
              zh: '只有 Post-LN 才是这样。Pre-LN 的最后一步是加法 $X\' + \\mathrm{FFN}(\\cdot)$。',
            },
          },
          {
            id: 'no',
            text: { en: 'No, the output is a sum that nothing normalises.', zh: '不会，输出是一个没有被归一化的和。' },
            correct: true,
            feedback: {
              en: 'Right. Only the inputs of the sub-layers are normalised; the residual stream keeps its own scale and can grow from block to block, which is why pre-LN models add one final LayerNorm after the last block.',
              zh: '对。被归一化的只是子层的输入；残差流保持自己的尺度，并可能逐块变大，所以 Pre-LN 模型会在最后一个块之后再加一个层归一化。',
            },
          },
          {
            id: 'first-layer',
            text: { en: 'Only in the first layer.', zh: '只有第一层会。' },
            correct: false,
            feedback: {
              en: 'The layer does not matter: in every pre-LN block the output is $X\' + \\mathrm{FFN}(\\mathrm{LN}_2(X\'))$, a sum that is not normalised.',
              zh: '和第几层无关：每个 Pre-LN 块的输出都是 $X\' + \\mathrm{FFN}(\\mathrm{LN}_2(X\'))$，一个未经归一化的和。',
            },
          },
        ],
        reveal: { widget: 'encoder-block' },
      },
    },
    { kind: 'heading', text: { en: 'Why the residual connections matter', zh: '残差连接为什么重要' } },
    {
      kind: 'prose',
      text: {
        en: 'Backwards: the derivative of $x + F(x)$ contains the identity, so the gradient reaches early blocks directly, however many blocks are stacked (24 or more is common).',
        zh: '反向看：$x + F(x)$ 的导数里含有单位矩阵，所以无论堆多少块（24 块以上很常见），梯度都能直接传回前面的块。',
      },
    },
    { kind: 'formula', tex: String.raw`\frac{\partial}{\partial x}\big(x + F(x)\big) = I + \frac{\partial F}{\partial x}` },
    {
      kind: 'prose',
      text: {
        en: 'Forwards: attention outputs weighted averages of value vectors, and averages of averages become alike. Dong et al. (2021) showed that stacked self-attention without skip connections loses rank doubly exponentially with depth: every token ends up as the same vector (**rank collapse**). The skip path keeps each token’s own information.',
        zh: '正向看：注意力输出的是值向量的加权平均，而“平均的平均”会越来越相似。Dong 等人（2021）证明，没有残差连接的自注意力层层堆叠时，其秩随深度以双指数速度下降：所有词元最终变成同一个向量（**秩塌缩**）。残差路径保住了每个词元自己的信息。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'residual-collapse',
        prompt: {
          en: 'Your tokens pass through 12 random encoder blocks with the residual connections removed. What happens to their mean pairwise cosine similarity?',
          zh: '你的词元穿过 12 个去掉了残差连接的随机编码器块。它们两两之间的平均余弦相似度会怎样？',
        },
        choices: [
          {
            id: 'to-one',
            text: { en: 'It rises towards 1: the tokens become nearly the same vector.', zh: '升向 1：词元几乎变成同一个向量。' },
            correct: true,
            feedback: {
              en: 'Right. Each attention layer mixes the tokens further and nothing carries the originals forward, so they collapse. With the residuals on, the curve stays far lower.',
              zh: '对。每层注意力都把词元进一步混合，又没有路径把原始向量带下去，于是它们塌缩到一起。保留残差时曲线要低得多。',
            },
          },
          {
            id: 'to-zero',
            text: { en: 'It falls towards 0: the tokens become unrelated.', zh: '降向 0：词元变得互不相关。' },
            correct: false,
            feedback: {
              en: 'Averaging does the opposite of spreading vectors apart: every output row is a mix of the same value vectors, so the rows grow alike.',
              zh: '求平均的效果恰恰相反，它不会把向量拉开：每一行输出都是同一批值向量的混合，所以各行越来越像。',
            },
          },
          {
            id: 'unchanged',
            text: { en: 'It stays where it started.', zh: '保持初始值不变。' },
            correct: false,
            feedback: {
              en: 'Each attention layer replaces every token by an average over all tokens, so the similarity cannot stay put.',
              zh: '每一层注意力都把每个词元替换成对所有词元的平均，相似度不可能保持不变。',
            },
          },
        ],
        reveal: { widget: 'rank-collapse' },
      },
    },
    {
      kind: 'try',
      label: { en: 'Open the walkthrough at the first residual addition', zh: '把分步讲解跳到第一次残差相加' },
      preset: { walkthroughStep: 'residual1' },
      note: {
        en: 'The step below shows $X$, $\\mathrm{MHA}(X)$ and their sum for your sentence, with the same experiment.',
        zh: '下面这一步会显示你的句子的 $X$、$\\mathrm{MHA}(X)$ 以及它们的和，并附有同样的实验。',
      },
    },
    { kind: 'widget', widget: 'walkthrough-step', caption: { en: 'One step of the walkthrough; Back and Next move through the block.', zh: '分步讲解中的一步；用“上一步”“下一步”在块中前后移动。' } },
    { kind: 'heading', text: { en: 'LayerNorm, not BatchNorm', zh: '用层归一化，而不是批归一化' } },
    {
      kind: 'prose',
      text: {
        en: '**LayerNorm** normalises each token over its own $d_{\\text{model}}$ features, then scales and shifts it by learned $\\gamma$ and $\\beta$. **BatchNorm** instead normalises each feature over the examples of a batch.',
        zh: '**层归一化**对每个词元在它自己的 $d_{\\text{model}}$ 个特征上做归一化，再用可学习的 $\\gamma$ 和 $\\beta$ 缩放和平移。**批归一化**则是对每个特征在一个批次的所有样本上做归一化。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\mathrm{LN}(x) = \gamma \odot \frac{x - \mu}{\sqrt{\sigma^2 + \epsilon}} + \beta, \qquad \mu = \frac{1}{d}\sum_{c} x_c,\quad \sigma^2 = \frac{1}{d}\sum_c (x_c - \mu)^2`,
    },
    {
      kind: 'prose',
      text: {
        en: 'For sentences, batch statistics are awkward: lengths differ, padding would leak into the averages, and at inference time the batch may hold a single sentence. LayerNorm needs none of that: each token is normalised alone.',
        zh: '对句子来说，批统计量很麻烦：句子长短不一，填充位置会混进平均值，推理时一个批次里可能只有一句话。层归一化完全不需要这些：每个词元单独归一化。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'batchnorm-result',
        prompt: {
          en: 'Rows are two tokens, columns two features: $X = [[1, 2], [2, 3]]$. What does BatchNorm (over the rows, per column) give, ignoring $\\epsilon$?',
          zh: '行是两个词元，列是两个特征：$X = [[1, 2], [2, 3]]$。批归一化（对每一列、跨行计算）的结果是什么？（忽略 $\\epsilon$）',
        },
        choices: [
          {
            id: 'bn',
            text: { en: '$[[-1, -1], [1, 1]]$: each column becomes −1, +1', zh: '$[[-1, -1], [1, 1]]$：每一列变成 −1、+1' },
            correct: true,
            feedback: {
              en: 'Right. Column 1 is $(1, 2)$ and column 2 is $(2, 3)$: each has mean in the middle and std 0.5, so the first row goes to −1 and the second to +1.',
              zh: '对。第一列是 $(1, 2)$，第二列是 $(2, 3)$：各自的均值在中间、标准差为 0.5，所以第一行都变成 −1，第二行都变成 +1。',
            },
          },
          {
            id: 'ln',
            text: { en: '$[[-1, 1], [-1, 1]]$: each row becomes −1, +1', zh: '$[[-1, 1], [-1, 1]]$：每一行变成 −1、+1' },
            correct: false,
            feedback: {
              en: 'That is LayerNorm: each row $(1, 2)$ and $(2, 3)$ normalised on its own. BatchNorm works down the columns.',
              zh: '这是层归一化的结果：每一行 $(1, 2)$、$(2, 3)$ 各自归一化。批归一化是沿列计算的。',
            },
          },
          {
            id: 'zeros',
            text: { en: '$[[0, 0], [0, 0]]$: everything becomes 0', zh: '$[[0, 0], [0, 0]]$：全部变成 0' },
            correct: false,
            feedback: {
              en: 'Only a column with no spread (variance 0) becomes 0. Both columns here vary, so both are stretched to ±1.',
              zh: '只有毫无差异（方差为 0）的列才会变成 0。这里两列都有差异，所以都被拉伸到 ±1。',
            },
          },
        ],
        reveal: { widget: 'norm-compare' },
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'The lab’s LayerNorms use $\\gamma = 1$ and $\\beta = 0$, as at initialisation, so their outputs are exactly mean 0 and std ≈ 1. A trained model learns $\\gamma$ and $\\beta$ and may rescale features again.',
        zh: '实验台中的层归一化使用 $\\gamma = 1$、$\\beta = 0$（与初始化时相同），所以输出恰好是均值 0、标准差约为 1。训练后的模型会学到自己的 $\\gamma$ 和 $\\beta$，可能重新缩放各个特征。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Dong, Cordonnier & Loukas 2021, Attention is not all you need: pure attention loses rank doubly exponentially with depth', url: 'https://arxiv.org/abs/2103.03404' },
    { label: 'Xiong et al. 2020, On Layer Normalization in the Transformer Architecture', url: 'https://arxiv.org/abs/2002.04745' },
    { label: 'Ba, Kiros & Hinton 2016, Layer Normalization', url: 'https://arxiv.org/abs/1607.06450' },
    { label: 'UvA Deep Learning Tutorial 6: Transformers and Multi-Head Attention', url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html' },
  ],
};
