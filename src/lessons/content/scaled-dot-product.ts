import type { Lesson } from '../types';

// Lesson 3: softmax(QKᵀ/√d_k)V (Vaswani eq. 1), why √d_k (Var(q·k) = d_k, footnote 4), softmax saturation, and the
// effect of the scaling measured on the student's own sentence.
export const scaledDotProduct: Lesson = {
  slug: 'scaled-dot-product',
  title: { en: 'Scaled dot-product attention', zh: '缩放点积注意力' },
  summary: {
    en: 'The whole mechanism in one line, softmax(QKᵀ/√d_k)V, and why the √d_k is there: measured on random vectors and on your own sentence.',
    zh: '一行公式 softmax(QKᵀ/√d_k)V 概括整个机制，并说明为什么要有 √d_k：先在随机向量上测量，再在你自己的句子上测量。',
  },
  objectives: [
    { en: 'Write scaled dot-product attention as one formula and give the shape of each part.', zh: '用一个公式写出缩放点积注意力，并说出每一部分的形状。' },
    { en: 'Explain why the variance of $q \\cdot k$ grows with $d_k$, and what dividing by $\\sqrt{d_k}$ does to it.', zh: '解释 $q \\cdot k$ 的方差为什么随 $d_k$ 增大，以及除以 $\\sqrt{d_k}$ 对它有什么作用。' },
    { en: 'Connect large scores with a saturated softmax and vanishing gradients.', zh: '把过大的得分与饱和的 softmax、消失的梯度联系起来。' },
    { en: 'Measure the effect of the scaling on your own sentence with the entropy and the largest weight of each row.', zh: '用每一行的熵和最大权重，在你自己的句子上测量缩放的效果。' },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'The whole formula', zh: '完整的公式' } },
    {
      kind: 'prose',
      text: {
        en: 'Put together, the steps of the previous lesson fit in a single line. It is equation 1 of Vaswani et al. (2017), the paper that introduced the Transformer.',
        zh: '把上一课的各个步骤合在一起，只需要一行公式。这是提出 Transformer 的论文（Vaswani 等人，2017）中的公式 1。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\operatorname{Attention}(Q, K, V) = \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}}\right) V`,
      caption: {
        en: '$Q$ is [$n$ × $d_k$], $K$ is [$m$ × $d_k$], $V$ is [$m$ × $d_v$]. $QK^\\top$ is [$n$ × $m$], the softmax runs along each row, and the result is [$n$ × $d_v$].',
        zh: '$Q$ 是 [$n$ × $d_k$]，$K$ 是 [$m$ × $d_k$]，$V$ 是 [$m$ × $d_v$]。$QK^\\top$ 是 [$n$ × $m$]，softmax 沿每一行进行，结果是 [$n$ × $d_v$]。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'It is two matrix products and one row-wise softmax, which is why it runs so fast on a GPU. The one new ingredient is the division by $\\sqrt{d_k}$, the square root of the width of the queries and keys. In the base Transformer each head has $d_k = 64$.',
        zh: '它只包含两次矩阵乘法和一次按行的 softmax，所以在 GPU 上运行得很快。唯一的新成分是除以 $\\sqrt{d_k}$，也就是查询和键宽度的平方根。在基础版 Transformer 中，每个头的 $d_k = 64$。',
      },
    },
    { kind: 'heading', text: { en: 'Why divide by √d_k?', zh: '为什么要除以 √d_k？' } },
    {
      kind: 'prose',
      text: {
        en: 'Take a query and a key whose $d_k$ components are independent, with mean 0 and variance 1. Their dot product $q \\cdot k = \\sum_i q_i k_i$ is a sum of $d_k$ independent terms, each with mean 0 and variance 1. Variances of independent terms add, so the score has mean 0 and variance $d_k$ (footnote 4 of the paper).',
        zh: '设查询和键各有 $d_k$ 个相互独立的分量，均值为 0、方差为 1。它们的点积 $q \\cdot k = \\sum_i q_i k_i$ 是 $d_k$ 个独立项之和，每一项均值为 0、方差为 1。独立项的方差可以相加，所以得分的均值是 0，方差是 $d_k$（见论文脚注 4）。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\operatorname{Var}(q \cdot k) = \sum_{i=1}^{d_k} \operatorname{Var}(q_i k_i) = d_k, \qquad \operatorname{Var}\!\left(\frac{q \cdot k}{\sqrt{d_k}}\right) = \frac{d_k}{d_k} = 1`,
    },
    {
      kind: 'question',
      question: {
        id: 'variance-guess',
        prompt: {
          en: 'Predict before you see the experiment. With such random vectors and $d_k = 512$, what is the variance of $q \\cdot k$ without scaling, and after dividing by $\\sqrt{d_k}$?',
          zh: '先预测，再看实验。对这样的随机向量，当 $d_k = 512$ 时，不缩放的 $q \\cdot k$ 方差是多少？除以 $\\sqrt{d_k}$ 之后又是多少？',
        },
        choices: [
          {
            id: 'dk-then-one',
            text: { en: 'About 512, then about 1', zh: '约 512，缩放后约 1' },
            correct: true,
            feedback: {
              en: 'Right. Each of the 512 products adds a variance of 1. Dividing a number by $c$ divides its variance by $c^2$, and $\\sqrt{512}^2 = 512$. The Monte-Carlo estimate in the experiment lands close to both.',
              zh: '对。512 个乘积各贡献方差 1。一个数除以 $c$，方差就除以 $c^2$，而 $\\sqrt{512}^2 = 512$。实验中的蒙特卡罗估计和这两个数都很接近。',
            },
          },
          {
            id: 'one-both',
            text: { en: 'About 1 both times', zh: '两次都约为 1' },
            correct: false,
            feedback: {
              en: 'One product $q_i k_i$ has variance 1, but a sum of 512 independent ones has variance 512. Only the scaled score is back at 1.',
              zh: '单个乘积 $q_i k_i$ 的方差是 1，但 512 个独立乘积之和的方差是 512。只有缩放后的得分方差才回到 1。',
            },
          },
          {
            id: 'sqrt',
            text: { en: 'About 22.6 (that is, √512), then about 1', zh: '约 22.6（即 √512），缩放后约 1' },
            correct: false,
            feedback: {
              en: 'About 22.6 is the standard deviation, the typical size of a score. The variance is its square, 512.',
              zh: '22.6 左右是标准差，也就是得分的典型大小。方差是它的平方，即 512。',
            },
          },
          {
            id: 'dk-both',
            text: { en: 'About 512 both times', zh: '两次都约为 512' },
            correct: false,
            feedback: {
              en: 'Scaling does change the variance: dividing by $\\sqrt{512}$ divides the variance by 512, back to about 1.',
              zh: '缩放确实会改变方差：除以 $\\sqrt{512}$ 会让方差除以 512，回到 1 左右。',
            },
          },
        ],
        reveal: { widget: 'sqrt-dk', config: { dk: 512 } },
      },
    },
    {
      kind: 'table',
      caption: {
        en: 'A Monte-Carlo check with standard-normal $q$ and $k$ (the experiment’s own estimates vary a little with the sample).',
        zh: '用标准正态分布的 $q$ 和 $k$ 做的蒙特卡罗检验（实验中的估计值会随样本略有出入）。',
      },
      columns: [
        { en: '$d_k$', zh: '$d_k$' },
        { en: 'Var($q \\cdot k$), unscaled', zh: 'Var($q \\cdot k$)，不缩放' },
        { en: 'after ÷ $\\sqrt{d_k}$', zh: '除以 $\\sqrt{d_k}$ 之后' },
      ],
      rows: [
        [2, '≈ 2', '≈ 1'],
        [64, '≈ 64', '≈ 1'],
        [512, '≈ 512', '≈ 1'],
      ],
    },
    { kind: 'heading', text: { en: 'What large scores do to the softmax', zh: '过大的得分会让 softmax 怎样' } },
    {
      kind: 'prose',
      text: {
        en: 'A typical score is about $\\sqrt{d_k}$ in size: about 1.4 for $d_k = 2$, but 8 for $d_k = 64$. The softmax exponentiates, so a gap of 8 between two scores is a factor of about 3000 between their weights. With scores that spread out, one key takes almost all the weight: the softmax **saturates** and becomes nearly one-hot.',
        zh: '得分的典型大小约为 $\\sqrt{d_k}$：$d_k = 2$ 时约为 1.4，$d_k = 64$ 时就到了 8。softmax 要取指数，两个得分相差 8，权重就相差约 3000 倍。得分如此分散时，几乎全部权重都落到一个键上：softmax **饱和**了，接近独热。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'A saturated softmax also learns badly. Its derivative is below: when every weight is close to 0 or 1, every entry is close to 0, so the gradients that should adjust $W^Q$ and $W^K$ almost vanish. Dividing by $\\sqrt{d_k}$ keeps the variance of the scores at 1 whatever the width.',
        zh: '饱和的 softmax 也很难学习。它的导数如下：当每个权重都接近 0 或 1 时，每一项都接近 0，于是本该用来调整 $W^Q$ 和 $W^K$ 的梯度几乎消失。除以 $\\sqrt{d_k}$ 能让得分的方差无论宽度多大都保持在 1。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\frac{\partial \alpha_i}{\partial s_j} = \alpha_i \left(\delta_{ij} - \alpha_j\right)`,
      caption: {
        en: 'How weight $i$ responds to score $j$; $\\delta_{ij}$ is 1 when $i = j$ and 0 otherwise.',
        zh: '权重 $i$ 对得分 $j$ 的响应；$i = j$ 时 $\\delta_{ij}$ 为 1，否则为 0。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'saturated-gradient',
        prompt: {
          en: 'One row of weights is (0.998, 0.001, 0.001). How strongly does a small change in the second score move the weights?',
          zh: '某一行权重是 (0.998, 0.001, 0.001)。第二个得分稍微变一点，权重会变多少？',
        },
        choices: [
          {
            id: 'barely',
            text: { en: 'Barely: every derivative is about 0.001 in size or less', zh: '几乎不变：每个导数的大小都只有 0.001 左右或更小' },
            correct: true,
            feedback: {
              en: 'Right. $\\partial\\alpha_2/\\partial s_2 = 0.001 \\times 0.999 \\approx 0.001$ and $\\partial\\alpha_1/\\partial s_2 = -0.998 \\times 0.001 \\approx -0.001$. Whatever the loss wants, it can hardly push these scores: that is the vanishing gradient.',
              zh: '对。$\\partial\\alpha_2/\\partial s_2 = 0.001 \\times 0.999 \\approx 0.001$，$\\partial\\alpha_1/\\partial s_2 = -0.998 \\times 0.001 \\approx -0.001$。无论损失函数想怎样调整，都几乎推不动这些得分：这就是梯度消失。',
            },
          },
          {
            id: 'a-lot',
            text: { en: 'A lot, because the softmax is exponential', zh: '变化很大，因为 softmax 是指数函数' },
            correct: false,
            feedback: {
              en: 'The exponential is what made the row so lopsided, but once it is saturated a small change in a score barely moves the weights. Work out $\\alpha_i(\\delta_{ij} - \\alpha_j)$ for this row.',
              zh: '正是指数函数让这一行变得这么偏，但一旦饱和，得分的小变化几乎推不动权重。用 $\\alpha_i(\\delta_{ij} - \\alpha_j)$ 算一算这一行。',
            },
          },
          {
            id: 'zero',
            text: { en: 'Not at all: the derivative is exactly 0', zh: '完全不变：导数恰好为 0' },
            correct: false,
            feedback: {
              en: 'Small, but not zero: the weights are not exactly 0 or 1, so the products $\\alpha_i \\alpha_j$ are tiny rather than 0.',
              zh: '很小，但不是零：权重并不恰好是 0 或 1，所以乘积 $\\alpha_i \\alpha_j$ 只是很小，而不是 0。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Vaswani et al. report that for small $d_k$ plain dot products and additive attention work about equally well, while without scaling dot products fall behind for larger $d_k$; saturation is their explanation.',
        zh: 'Vaswani 等人报告说，$d_k$ 较小时，点积注意力与加性注意力效果相当；但在 $d_k$ 较大时，不缩放的点积会落后，他们认为原因正是 softmax 饱和。',
      },
    },
    { kind: 'heading', text: { en: 'On your own sentence', zh: '在你自己的句子上' } },
    {
      kind: 'prose',
      text: {
        en: 'The widget below takes the lab’s selected head on the sentence at the top of the page and shows its weights twice: as the model computes them, and from the same scores without the division. The table measures how peaked the rows are: the largest weight, and the entropy, which is $\\ln L$ for uniform weights over $L$ keys and 0 for a one-hot row.',
        zh: '下面的组件取实验台中所选的注意力头，作用在本页顶部的句子上，把它的权重显示两遍：一遍是模型实际算出的，另一遍用同样的得分但不做除法。表格衡量每一行有多尖：最大权重，以及熵（$L$ 个键上的均匀权重熵为 $\\ln L$，独热的一行熵为 0）。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'wide-head',
        prompt: {
          en: 'The lab starts with 4 heads of width $d_k = 8$. If you give it one head of width 64 instead, how will the unscaled map compare with the scaled one?',
          zh: '实验台默认有 4 个头，每个宽 $d_k = 8$。如果改成一个宽为 64 的头，不缩放的图和缩放后的图相比会怎样？',
        },
        choices: [
          {
            id: 'much-peakier',
            text: { en: 'Much peakier: a far larger max weight and a far lower entropy', zh: '尖锐得多：最大权重大得多，熵低得多' },
            correct: true,
            feedback: {
              en: 'Right. Unscaled scores are 8 times the scaled ones at $d_k = 64$, against about 2.8 times at $d_k = 8$, so the softmax saturates far more. Press the button below and read the table; the weights are random, so it is the sharpness that differs, not any meaning.',
              zh: '对。$d_k = 64$ 时不缩放的得分是缩放后的 8 倍，而 $d_k = 8$ 时只有约 2.8 倍，所以 softmax 饱和得厉害得多。按下面的按钮看表格；权重是随机的，所以不同的只是尖锐程度，而不是什么含义。',
            },
          },
          {
            id: 'same',
            text: { en: 'About the same as with $d_k = 8$', zh: '和 $d_k = 8$ 时差不多' },
            correct: false,
            feedback: {
              en: 'The factor the scaling removes is $\\sqrt{d_k}$: about 2.8 for width 8 but 8 for width 64. Removing a larger factor makes a larger difference.',
              zh: '缩放去掉的因子是 $\\sqrt{d_k}$：宽度 8 时约为 2.8，宽度 64 时是 8。去掉的因子越大，差别越大。',
            },
          },
          {
            id: 'flatter',
            text: { en: 'Flatter than the scaled map', zh: '比缩放后的图更平坦' },
            correct: false,
            feedback: {
              en: 'Dividing by $\\sqrt{d_k} > 1$ shrinks the scores, which flattens the softmax. Leaving it out does the opposite.',
              zh: '除以大于 1 的 $\\sqrt{d_k}$ 会缩小得分，让 softmax 更平坦；不除则恰好相反。',
            },
          },
        ],
      },
    },
    {
      kind: 'try',
      label: { en: 'Use one head of width 64 ($d_k = 64$)', zh: '改用一个宽为 64 的头（$d_k = 64$）' },
      preset: { lab: { embedDim: 64, numHeads: 1, selectedHead: 0, disabledHeads: [] } },
      note: {
        en: 'This changes the lab’s settings too; the second button puts them back.',
        zh: '这也会改变实验台的设置；第二个按钮可以恢复。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Back to 4 heads of width 8', zh: '恢复为 4 个宽为 8 的头' },
      preset: { lab: { embedDim: 32, numHeads: 4, selectedHead: 0, disabledHeads: [] } },
    },
    {
      kind: 'widget',
      widget: 'scaling-compare',
      caption: {
        en: 'On the lab’s default sentence, head 1 of layer 1: with $d_k = 8$ the mean max weight is about 0.17 scaled and 0.35 unscaled; with $d_k = 64$ about 0.21 against 0.78. Your sentence will give its own numbers.',
        zh: '以实验台的默认句子、第 1 层第 1 个头为例：$d_k = 8$ 时平均最大权重缩放后约 0.17，不缩放约 0.35；$d_k = 64$ 时约 0.21 对 0.78。你的句子会给出自己的数字。',
      },
    },
    {
      kind: 'callout',
      tone: 'caution',
      text: {
        en: 'The lab’s vectors are not exactly the unit-variance vectors of the derivation: they are random projections of embeddings plus positional encodings. The scaling still matters for the same reason, the wider the head, the larger the unscaled scores, but the exact numbers depend on the sentence and the seed.',
        zh: '实验台里的向量并不完全是推导中那种方差为 1 的向量，而是嵌入加位置编码之后的随机投影。缩放的作用出于同样的原因（头越宽，不缩放的得分越大），但具体数字取决于句子和随机种子。',
      },
    },
    { kind: 'heading', text: { en: 'The scaling step in the walkthrough', zh: '分步讲解中的缩放这一步' } },
    {
      kind: 'try',
      label: { en: 'Open the scaling step on my sentence', zh: '在我的句子上打开缩放这一步' },
      preset: { walkthroughStep: 'scale' },
      note: {
        en: 'It shows $QK^\\top$ next to $QK^\\top / \\sqrt{d_k}$ for the selected head, with the same experiment below them.',
        zh: '它把所选注意力头的 $QK^\\top$ 和 $QK^\\top / \\sqrt{d_k}$ 并排显示，下方是同一个实验。',
      },
    },
    {
      kind: 'widget',
      widget: 'walkthrough-step',
      caption: {
        en: 'One step of the encoder layer on your sentence; Back and Next move through the others.',
        zh: '在你的句子上运行的编码器层中的一步；用“上一步”“下一步”浏览其他步骤。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need (eq. 1, section 3.2.1 and footnote 4)', url: 'https://arxiv.org/abs/1706.03762' },
    {
      label: 'Lippe, UvA Deep Learning Tutorial 6: Transformers and Multi-Head Attention',
      url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html',
    },
    { label: 'Zhang et al., Dive into Deep Learning, 11.3 Attention Scoring Functions', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/attention-scoring-functions.html' },
  ],
};
