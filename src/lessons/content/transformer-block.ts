import type { Lesson } from '../types';

// Lesson 7: the encoder block around multi-head attention (residuals, LayerNorm, FFN, stacking; post-LN vs pre-LN).
export const transformerBlock: Lesson = {
  slug: 'transformer-block',
  title: { en: 'Multi-head attention inside the Transformer', zh: 'Transformer 中的多头注意力' },
  summary: {
    en: 'Attention is one part of an encoder block: follow your sentence through attention, residual additions, layer norms and the feed-forward network, and see why the skip connections are essential.',
    zh: '注意力只是编码器块的一部分：让你的句子依次经过注意力、残差相加、层归一化和前馈网络，看看为什么残差连接必不可少。',
  },
  objectives: [
    {
      en: 'Trace a sentence through one encoder block and give the shape after every stage.',
      zh: '跟踪一个句子通过编码器块的全过程，并说出每个阶段之后的形状。',
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
        zh: '编码器由 $N$ 个结构相同的块堆叠而成（原始模型中 $N = 6$），各块有各自的权重。一个块包含两个子层：多头自注意力和前馈网络；每个子层外面都套着一个**残差连接**和一个**层归一化**。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'block-output-shape',
        prompt: {
          en: 'The lab stacks two blocks. Your sentence enters the first as $[L \\times 32]$; each block has 4 heads of width 8 and an FFN hidden layer of width 128. What shape leaves the second block?',
          zh: '实验台堆叠了两个块。你的句子以 $[L \\times 32]$ 的形状进入第一个块；每个块有 4 个宽度为 8 的头，前馈网络的隐藏层宽度为 128。句子离开第二个块时是什么形状？',
        },
        choices: [
          {
            id: 'same',
            text: { en: 'Shape $[L \\times 32]$: each block keeps the width, so residuals can be added', zh: '形状 $[L \\times 32]$：每个块都保持宽度不变，以便残差相加' },
            correct: true,
            feedback: {
              en: 'A block does not change the width. The heads are concatenated back to 32 and projected by $W^O$; the FFN widens to 128 inside and comes back to 32. The residual additions need the same shape on both sides, and that is also what lets blocks be stacked.',
              zh: '块不会改变宽度。各个头拼接回 32 维，再经 $W^O$ 投影；前馈网络在内部扩展到 128 维，再变回 32 维。残差相加要求两边形状相同，这也正是块能够一层层堆叠的原因。',
            },
          },
          {
            id: 'hidden',
            text: { en: 'Shape $[L \\times 128]$: the FFN widens the tokens, and the next block keeps that width', zh: '形状 $[L \\times 128]$：前馈网络把词元变宽，下一个块沿用这个宽度' },
            correct: false,
            feedback: {
              en: '128 is only the FFN’s hidden layer. Its second linear map $W_2$ brings each token back to 32 features, so the residual addition and the next block see 32 again.',
              zh: '128 只是前馈网络隐藏层的宽度。第二个线性变换 $W_2$ 会把每个词元变回 32 个特征，所以残差相加和下一个块看到的仍是 32。',
            },
          },
          {
            id: 'head',
            text: { en: 'Shape $[L \\times 8]$: the heads split the width, and a block passes on one slice', zh: '形状 $[L \\times 8]$：各头切分了宽度，块只往下传其中一段' },
            correct: false,
            feedback: {
              en: '8 is one head’s width $d_k = 32 / 4$. The four heads are concatenated back to 32 before the output projection; no block drops part of the width.',
              zh: '8 是单个头的宽度 $d_k = 32 / 4$。四个头在输出投影之前会拼接回 32 维；没有哪个块会丢掉一部分宽度。',
            },
          },
          {
            id: 'weights',
            text: { en: 'Shape $[L \\times L]$: a block outputs one weight per pair of tokens', zh: '形状 $[L \\times L]$：块为每对词元输出一个权重' },
            correct: false,
            feedback: {
              en: '$[L \\times L]$ is the shape of one head’s attention weights, an intermediate. The block outputs one 32-wide vector per token.',
              zh: '$[L \\times L]$ 是单个头的注意力权重的形状，只是一个中间结果。块为每个词元输出一个 32 维的向量。',
            },
          },
        ],
        reveal: { widget: 'encoder-block' },
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{aligned} X' &= \mathrm{LN}_1\big(X + \mathrm{MHA}(X)\big) \\ Y &= \mathrm{LN}_2\big(X' + \mathrm{FFN}(X')\big) \end{aligned}`,
      caption: { en: 'Post-LN, the original order: add the sub-layer’s output to its input, then normalise.', zh: 'Post-LN（原始顺序）：先把子层的输出与它的输入相加，再做归一化。' },
    },
    {
      kind: 'formula',
      tex: String.raw`\mathrm{FFN}(x) = \max(0,\; x W_1 + b_1)\, W_2 + b_2, \qquad W_1 \in \mathbb{R}^{d_{\text{model}} \times d_{ff}},\; W_2 \in \mathbb{R}^{d_{ff} \times d_{\text{model}}}`,
      caption: {
        en: 'The feed-forward network acts on each token separately; usually $d_{ff} = 4\\,d_{\\text{model}}$ (2048 for $d_{\\text{model}} = 512$).',
        zh: '前馈网络对每个词元分别计算；通常 $d_{ff} = 4\\,d_{\\text{model}}$（$d_{\\text{model}} = 512$ 时为 2048）。',
      },
    },
    {
      kind: 'prose',
      answers: 'block-output-shape',
      text: {
        en: 'Attention is the only place where tokens exchange information; the FFN and the norms work on each token alone. Every stage keeps the shape $[L \\times d_{\\text{model}}]$, which is what makes the residual additions and the stacking possible. Only the FFN’s hidden layer is wider.',
        zh: '注意力是词元之间交换信息的唯一环节；前馈网络和归一化都只作用于单个词元。每个阶段都保持 $[L \\times d_{\\text{model}}]$ 的形状，正因如此，残差相加和逐层堆叠才成为可能。只有前馈网络的隐藏层更宽。',
      },
    },
    { kind: 'heading', text: { en: 'Post-LN or pre-LN', zh: 'Post-LN 还是 Pre-LN' } },
    {
      kind: 'prose',
      text: {
        en: 'Many later Transformers move the norm to the start of each branch instead (**pre-LN**):',
        zh: '后来的许多 Transformer 则把归一化移到每个分支的开头（**Pre-LN**）：',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{aligned} X' &= X + \mathrm{MHA}\big(\mathrm{LN}_1(X)\big) \\ Y &= X' + \mathrm{FFN}\big(\mathrm{LN}_2(X')\big) \end{aligned}`,
      caption: { en: 'Pre-LN: each LayerNorm moves inside its branch, in front of the sub-layer.', zh: 'Pre-LN：每个层归一化都移进各自的分支，位于子层之前。' },
    },
    {
      kind: 'question',
      question: {
        id: 'pre-ln-output',
        prompt: {
          en: 'Switch the encoder-block widget to pre-LN. Will every token of the block’s output (the last stage) still have mean 0 and std 1?',
          zh: '把编码器块组件切换到 Pre-LN。块输出（最后一个阶段）中的每个词元，还会保持均值为 0、标准差为 1 吗？',
        },
        choices: [
          {
            id: 'yes',
            text: { en: 'Yes: the block still ends with a LayerNorm, as in post-LN', zh: '会：块仍以层归一化结尾，和 Post-LN 一样' },
            correct: false,
            feedback: {
              en: 'That is true of post-LN only. In pre-LN the last operation is an addition, $X\' + \\mathrm{FFN}(\\cdot)$.',
              zh: '只有 Post-LN 才是这样。Pre-LN 的最后一步是加法 $X\' + \\mathrm{FFN}(\\cdot)$。',
            },
          },
          {
            id: 'branch',
            text: { en: 'Yes: $\\mathrm{LN}_2$ inside the branch already normalises the output', zh: '会：分支里的 $\\mathrm{LN}_2$ 已经把输出归一化了' },
            correct: false,
            feedback: {
              en: '$\\mathrm{LN}_2$ normalises what goes into the FFN, not what comes out: the FFN’s output is then added to the un-normalised $X\'$.',
              zh: '$\\mathrm{LN}_2$ 归一化的是进入前馈网络的输入，而不是输出：前馈网络的输出随后被加到未归一化的 $X\'$ 上。',
            },
          },
          {
            id: 'no',
            text: { en: 'No: its last step is a residual addition, which nothing normalises', zh: '不会：块的最后一步是残差相加，之后不再经过任何归一化' },
            correct: true,
            feedback: {
              en: 'Only the inputs of the sub-layers are normalised; the residual stream keeps its own scale and can grow from block to block, which is why pre-LN models add one final LayerNorm after the last block.',
              zh: '被归一化的只是子层的输入；残差流保持自己的尺度，并可能逐块变大，所以 Pre-LN 模型会在最后一个块之后再加一个层归一化。',
            },
          },
        ],
        reveal: { widget: 'encoder-block' },
      },
    },
    {
      kind: 'prose',
      answers: 'pre-ln-output',
      text: {
        en: 'In pre-LN the skip path from a block’s input to its output passes through additions only, with no normalisation on the way. So the block’s output is not normalised, and pre-LN models add one final LayerNorm after the last block. The clean skip path is also what makes deep pre-LN stacks easier to train, as the next section shows (Xiong et al. 2020).',
        zh: '在 Pre-LN 中，从块的输入到输出的残差路径上只有加法，不经过任何归一化。因此块的输出并没有归一化，Pre-LN 模型要在最后一个块之后再加一个层归一化。这条“干净”的残差路径也使深层的 Pre-LN 堆叠更容易训练，下一节会具体说明（Xiong 等人，2020）。',
      },
    },
    { kind: 'heading', text: { en: 'Why the residual connections matter', zh: '残差连接为什么重要' } },
    {
      kind: 'prose',
      text: {
        en: 'Backwards: the derivative of $x + F(x)$ contains the identity. In a **pre-LN** stack the skip path holds nothing but these additions, so the gradient reaches early blocks directly, however many blocks are stacked (24 or more is common). In the **post-LN** block shown first, each LayerNorm sits on the skip path itself, so the gradient passes through every one of them on its way down. Xiong et al. (2020) show that this makes the gradients near the output large at initialisation, which is why post-LN training needs a learning-rate warm-up while pre-LN can do without one.',
        zh: '先看反向传播：$x + F(x)$ 的导数中含有单位矩阵。在 **Pre-LN** 的堆叠中，残差路径上只有这些加法，所以无论堆叠多少块（24 块以上很常见），梯度都能直接传回靠前的块。而在本课最先给出的 **Post-LN** 块中，每个层归一化都位于残差路径上，梯度向下传播时要逐一经过它们。Xiong 等人（2020）指出，这会使初始化时靠近输出层的梯度很大，因此 Post-LN 的训练需要学习率预热，而 Pre-LN 可以不用。',
      },
    },
    { kind: 'formula', tex: String.raw`\frac{\partial}{\partial x}\big(x + F(x)\big) = I + \frac{\partial F}{\partial x}` },
    {
      kind: 'question',
      question: {
        id: 'residual-collapse',
        prompt: {
          en: 'Your tokens pass through 12 random encoder blocks with the residual connections removed. What happens to their mean pairwise cosine similarity?',
          zh: '让你的词元依次通过 12 个去掉了残差连接的随机编码器块。词元两两之间的平均余弦相似度会怎样变化？',
        },
        choices: [
          {
            id: 'to-one',
            text: { en: 'It climbs towards 1: every attention layer mixes the tokens further', zh: '升向 1：每层注意力都把词元进一步混合到一起' },
            correct: true,
            feedback: {
              en: 'Each attention layer mixes the tokens further and nothing carries the originals forward, so they collapse. With the residuals on, the curve stays far lower.',
              zh: '每层注意力都把词元进一步混合，又没有任何路径把原始向量传递下去，于是它们塌缩到一起。保留残差连接时，曲线要低得多。',
            },
          },
          {
            id: 'to-zero',
            text: { en: 'It falls towards 0: twelve random blocks scramble the tokens apart', zh: '降向 0：十二个随机块把词元打乱成互不相关的向量' },
            correct: false,
            feedback: {
              en: 'Averaging does the opposite of spreading vectors apart: every output row is a mix of the same value vectors, so the rows grow alike.',
              zh: '求平均的效果恰恰相反，不会把向量彼此拉开：每一行输出都是同一批值向量的混合，所以各行越来越像。',
            },
          },
          {
            id: 'unchanged',
            text: { en: 'It stays where it started: LayerNorm keeps each token on its own scale', zh: '保持不变：层归一化让每个词元保持自己的尺度' },
            correct: false,
            feedback: {
              en: 'LayerNorm rescales each token on its own; it cannot pull apart tokens that attention has made alike. Each attention layer replaces every token by an average over all tokens, so the similarity cannot stay put.',
              zh: '层归一化只是单独缩放每个词元，无法把被注意力变得相似的词元重新拉开。每一层注意力都把每个词元替换成对所有词元的平均，相似度不可能保持不变。',
            },
          },
        ],
        reveal: { widget: 'rank-collapse' },
      },
    },
    {
      kind: 'prose',
      answers: 'residual-collapse',
      text: {
        en: 'Forwards: attention outputs weighted averages of value vectors, and averages of averages become alike. Dong et al. (2021) studied pure self-attention, stacked without skip connections or feed-forward networks. They proved an upper bound on the distance from its output to a rank-1 matrix (all rows equal, every token the same vector: **rank collapse**), and under conditions on the size of the weights that bound shrinks doubly exponentially with depth. It is a bound, not a proof that every such network collapses; their experiments, and the widget’s random blocks, show the collapse happening. The rank does not drop step by step; what shrinks is the distance to a rank-1 matrix. The skip path keeps each token’s own information.',
        zh: '再看前向传播：注意力输出的是值向量的加权平均，而“平均的平均”会越来越相似。Dong 等人（2021）研究了纯自注意力（没有残差连接，也没有前馈网络）层层堆叠的情形。他们证明了输出与秩为 1 的矩阵（所有行都相同，每个词元都变成同一个向量：**秩塌缩**）之间距离的一个上界；在权重大小满足一定条件时，这个上界随深度以双指数速度缩小。这是一个上界，并不是证明每个这样的网络都会塌缩；他们的实验和本组件中的随机块都显示塌缩确实发生了。这并不是说秩一步步降低；缩小的是输出与秩 1 矩阵之间的距离。残差路径保住了每个词元自己的信息。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Open the walkthrough at the first residual addition', zh: '在第一次残差相加处打开分步讲解' },
      preset: { walkthroughStep: 'residual1' },
      note: {
        en: 'The step below shows $X$, $\\mathrm{MHA}(X)$ and their sum for your sentence, with the same experiment.',
        zh: '下面这一步针对你的句子显示 $X$、$\\mathrm{MHA}(X)$ 以及二者之和，并附有同样的实验。',
      },
    },
    { kind: 'widget', widget: 'walkthrough-step', caption: { en: 'One step of the walkthrough; Back and Next move through the block.', zh: '分步讲解中的一步；用“上一步”和“下一步”在块内前后移动。' } },
    { kind: 'heading', text: { en: 'LayerNorm, not BatchNorm', zh: '用层归一化，而不是批归一化' } },
    {
      kind: 'prose',
      text: {
        en: '**LayerNorm** normalises each token over its own $d_{\\text{model}}$ features, then scales and shifts it by learned $\\gamma$ and $\\beta$. **BatchNorm** instead normalises each feature over the examples of a batch.',
        zh: '**层归一化**对每个词元在它自身的 $d_{\\text{model}}$ 个特征上做归一化，再用可学习的 $\\gamma$ 和 $\\beta$ 缩放和平移。**批归一化**则对每个特征在一个批次的所有样本上做归一化。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\mathrm{LN}(x) = \gamma \odot \frac{x - \mu}{\sqrt{\sigma^2 + \epsilon}} + \beta, \qquad \mu = \frac{1}{d}\sum_{c} x_c,\quad \sigma^2 = \frac{1}{d}\sum_c (x_c - \mu)^2`,
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
            text: { en: '$[[-1, -1], [1, 1]]$: each column is scaled from ±0.5 to ±1', zh: '$[[-1, -1], [1, 1]]$：每列从 ±0.5 放大到 ±1' },
            correct: true,
            feedback: {
              en: 'Column 1 is $(1, 2)$ and column 2 is $(2, 3)$: each has mean in the middle and std 0.5, so the first row goes to −1 and the second to +1.',
              zh: '第一列是 $(1, 2)$，第二列是 $(2, 3)$：各自的均值位于两数正中，标准差为 0.5，所以第一行都变成 −1，第二行都变成 +1。',
            },
          },
          {
            id: 'ln',
            text: { en: '$[[-1, 1], [-1, 1]]$: each token’s row becomes −1, +1', zh: '$[[-1, 1], [-1, 1]]$：每个词元所在的行都变成 −1、+1' },
            correct: false,
            feedback: {
              en: 'That is LayerNorm: each row $(1, 2)$ and $(2, 3)$ normalised on its own. BatchNorm works down the columns.',
              zh: '这是层归一化的结果：每一行 $(1, 2)$、$(2, 3)$ 各自归一化。批归一化是沿列计算的。',
            },
          },
          {
            id: 'zeros',
            text: { en: '$[[0, 0], [0, 0]]$: two examples are too few, so all becomes 0', zh: '$[[0, 0], [0, 0]]$：两个样本太少，结果全部变成 0' },
            correct: false,
            feedback: {
              en: 'Two examples are enough for a mean and a spread. Only a column with no spread (variance 0) becomes 0; both columns here vary, so both are stretched to ±1.',
              zh: '两个样本就足以算出均值和离散程度。只有毫无差异（方差为 0）的列才会变成 0；这里两列都有差异，所以都被拉伸到 ±1。',
            },
          },
        ],
        reveal: { widget: 'norm-compare' },
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Why not BatchNorm, then? Not because a batch may hold a single sentence at inference: there BatchNorm uses running averages collected during training, so a batch of one is fine. UvA’s Deep Learning Tutorial 6 gives two reasons. BatchNorm’s statistics depend on the batch, and Transformers are usually trained with small batches because they need much memory, so those statistics are noisy. And language varies a lot from example to example, because many words are rare, so a feature’s statistics jump from batch to batch. Shen et al. (2020, PowerNorm) measured this: in Transformers trained on text, the batch statistics fluctuate strongly throughout training, and plain BatchNorm does worse than LayerNorm. A practical point of our own, not UvA’s: the sentences of a batch differ in length, so BatchNorm would have to keep the padding positions out of its statistics. LayerNorm needs none of this: each token is normalised on its own, the same way in training and at inference.',
        zh: '那为什么不用批归一化？原因并不是推理时一个批次里可能只有一句话：推理时批归一化用的是训练中累积的滑动平均统计量，批次里只有一个样本也没问题。UvA 深度学习教程 6 给出了两个理由。批归一化的统计量依赖于批次，而 Transformer 需要大量内存，训练时的批次通常较小，所以这些统计量噪声很大。另外，语言数据的样本之间差异很大，因为许多词都很罕见，所以同一个特征的统计量在不同批次之间波动剧烈。Shen 等人（2020，PowerNorm）测量了这一点：在文本上训练的 Transformer 中，批统计量在整个训练过程中波动很大，直接使用批归一化的效果不如层归一化。还有一点是我们自己补充的，并非出自 UvA：同一批中的句子长短不一，批归一化计算统计量时必须把填充位置排除在外。层归一化不依赖这些：每个词元单独归一化，训练和推理时的做法完全一样。',
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'The untrained encoder’s LayerNorms use $\\gamma = 1$ and $\\beta = 0$, as at initialisation, so their outputs are exactly mean 0 and std ≈ 1. A trained model learns $\\gamma$ and $\\beta$ and may rescale features again.',
        zh: '未训练编码器中的层归一化使用 $\\gamma = 1$、$\\beta = 0$（与初始化时相同），所以输出的均值恰好为 0，标准差约为 1。训练后的模型会学到自己的 $\\gamma$ 和 $\\beta$，并可能再次缩放各个特征。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Dong, Cordonnier & Loukas 2021, Attention is not all you need: pure attention loses rank doubly exponentially with depth', url: 'https://arxiv.org/abs/2103.03404' },
    { label: 'Xiong et al. 2020, On Layer Normalization in the Transformer Architecture', url: 'https://arxiv.org/abs/2002.04745' },
    { label: 'Ba, Kiros & Hinton 2016, Layer Normalization', url: 'https://arxiv.org/abs/1607.06450' },
    { label: 'UvA Deep Learning Tutorial 6: Transformers and Multi-Head Attention', url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html' },
    { label: 'Shen et al. 2020, PowerNorm: Rethinking Batch Normalization in Transformers', url: 'https://arxiv.org/abs/2003.07845' },
  ],
};
