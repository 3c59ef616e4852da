import type { Lesson } from '../types';

// Lesson 3: softmax(QKᵀ/√d_k)V (Vaswani eq. 1), why √d_k (Var(q·k) = d_k for random unit-variance vectors, footnote 4;
// not after training), softmax saturation (Vaswani's hedged explanation, the comparison cited from Britz et al.), the
// effect of the scaling measured on the student's own sentence, and FlashAttention's online softmax.
export const scaledDotProduct: Lesson = {
  slug: 'scaled-dot-product',
  title: { en: 'Scaled dot-product attention', zh: '缩放点积注意力' },
  summary: {
    en: 'The whole mechanism in one line, softmax(QKᵀ/√d_k)V, and why the √d_k is there: measured on random vectors and on your own sentence.',
    zh: '用一行公式 softmax(QKᵀ/√d_k)V 概括整个机制，并弄清为什么要有 √d_k 这一项：先用随机向量测量，再用你自己的句子测量。',
  },
  objectives: [
    { en: 'Write scaled dot-product attention as one formula and give the shape of each part.', zh: '用一个公式写出缩放点积注意力，并说出每一部分的形状。' },
    { en: 'Explain why the variance of $q \\cdot k$ grows with $d_k$, and what dividing by $\\sqrt{d_k}$ does to it.', zh: '解释 $q \\cdot k$ 的方差为什么随 $d_k$ 增大，以及除以 $\\sqrt{d_k}$ 对它有什么作用。' },
    { en: 'Connect large scores with a saturated softmax and vanishing gradients.', zh: '把过大的得分与 softmax 饱和、梯度消失联系起来。' },
    { en: 'Measure the effect of the scaling on your own sentence with the entropy and the largest weight of each row.', zh: '用每一行的熵和最大权重，在你自己的句子上测量缩放的效果。' },
    { en: 'Say how FlashAttention gets the same result without storing the matrix of weights.', zh: '说明 FlashAttention 怎样在不存储权重矩阵的前提下得到相同的结果。' },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'The whole formula', zh: '完整的公式' } },
    {
      kind: 'prose',
      text: {
        en: 'Put together, the steps of the previous lesson fit in a single line. It is equation 1 of Vaswani et al. (2017), the paper that introduced the Transformer.',
        zh: '把上一课的各个步骤合起来，一行公式就能写下。它就是提出 Transformer 的论文（Vaswani 等人，2017）中的公式 1。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\operatorname{Attention}(Q, K, V) = \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}}\right) V`,
      caption: {
        en: '$Q$ is [$n$ × $d_k$], $K$ is [$m$ × $d_k$], $V$ is [$m$ × $d_v$]. $QK^\\top$ is [$n$ × $m$], the softmax runs along each row, and the result is [$n$ × $d_v$].',
        zh: '$Q$ 是 [$n$ × $d_k$]，$K$ 是 [$m$ × $d_k$]，$V$ 是 [$m$ × $d_v$]。$QK^\\top$ 是 [$n$ × $m$]，softmax 按行计算，结果是 [$n$ × $d_v$]。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'It is two matrix products and one row-wise softmax, which is why it runs so fast on a GPU. The one new ingredient is the division by $\\sqrt{d_k}$, the square root of the width of the queries and keys. In the base Transformer each head has $d_k = 64$.',
        zh: '它只包含两次矩阵乘法和一次按行的 softmax，所以在 GPU 上运行得很快。唯一新增的一步是除以 $\\sqrt{d_k}$，即查询和键的宽度的平方根。在基础版 Transformer 中，每个头的 $d_k = 64$。',
      },
    },
    { kind: 'heading', text: { en: 'Why divide by √d_k?', zh: '为什么要除以 √d_k？' } },
    {
      kind: 'prose',
      text: {
        en: 'Take a query and a key whose $d_k$ components are independent random numbers, each with mean 0 and variance 1. How large is their dot product? Predict before you read on.',
        zh: '设查询和键各有 $d_k$ 个分量，都是相互独立的随机数，均值为 0、方差为 1。它们的点积会有多大？先预测，再往下读。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'variance-guess',
        prompt: {
          en: 'With such random vectors and $d_k = 512$, what is the variance of $q \\cdot k$ without scaling, and after dividing by $\\sqrt{d_k}$?',
          zh: '对这样的随机向量，当 $d_k = 512$ 时，未缩放的 $q \\cdot k$ 的方差是多少？除以 $\\sqrt{d_k}$ 之后又是多少？',
        },
        choices: [
          {
            id: 'dk-then-one',
            text: { en: 'About 512, then about 1', zh: '约 512，缩放后约 1' },
            correct: true,
            feedback: {
              en: 'Each of the 512 products adds a variance of 1. Dividing a number by $c$ divides its variance by $c^2$, and $\\sqrt{512}^2 = 512$. The Monte-Carlo estimate in the experiment lands close to both.',
              zh: '512 个乘积各贡献方差 1。一个数除以 $c$，方差就除以 $c^2$，而 $\\sqrt{512}^2 = 512$。实验中的蒙特卡罗估计值与这两个数都很接近。',
            },
          },
          {
            id: 'one-both',
            text: { en: 'About 1 both times, like each component', zh: '两次都约为 1，和每个分量一样' },
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
      kind: 'prose',
      answers: 'variance-guess',
      text: {
        en: 'The dot product $q \\cdot k = \\sum_i q_i k_i$ is a sum of $d_k$ independent terms, each with mean 0 and variance 1. Variances of independent terms add, so the score has mean 0 and variance $d_k$ (footnote 4 of the paper). Dividing a number by $c$ divides its variance by $c^2$, so dividing the score by $\\sqrt{d_k}$ brings its variance back to 1.',
        zh: '点积 $q \\cdot k = \\sum_i q_i k_i$ 是 $d_k$ 个独立项之和，每一项均值为 0、方差为 1。独立项的方差可以相加，所以得分的均值是 0，方差是 $d_k$（见论文脚注 4）。一个数除以 $c$，方差就除以 $c^2$，所以把得分除以 $\\sqrt{d_k}$，方差就回到 1。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\operatorname{Var}(q \cdot k) = \sum_{i=1}^{d_k} \operatorname{Var}(q_i k_i) = d_k, \qquad \operatorname{Var}\!\left(\frac{q \cdot k}{\sqrt{d_k}}\right) = \frac{d_k}{d_k} = 1`,
    },
    {
      kind: 'table',
      caption: {
        en: 'A Monte-Carlo check with standard-normal $q$ and $k$ (the experiment’s own estimates vary a little with the sample).',
        zh: '用标准正态分布的 $q$ 和 $k$ 做的蒙特卡罗检验（实验本身的估计值会因样本不同而略有差异）。',
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
    {
      kind: 'question',
      question: {
        id: 'variance-after-training',
        prompt: {
          en: 'The table checks random vectors. Does $\\operatorname{Var}(q \\cdot k) = d_k$ still hold for the queries and keys of a trained model?',
          zh: '上表检验的是随机向量。对于训练好的模型中的查询和键，$\\operatorname{Var}(q \\cdot k) = d_k$ 还成立吗？',
        },
        choices: [
          {
            id: 'no-assumptions',
            text: { en: 'No: it needs independent components of variance 1; training breaks both', zh: '不成立：它要求 q、k 各分量独立且方差为 1，训练打破了这两点' },
            correct: true,
            feedback: {
              en: 'Training breaks both assumptions: it makes queries and keys correlated and changes their scale. The $\\sqrt{d_k}$ is a fixed constant that gives the scores a sensible size at initialisation; after that, the learned weights decide how large they are.',
              zh: '训练会同时打破这两个假设：它使查询与键产生相关性，还会改变它们的尺度。$\\sqrt{d_k}$ 是一个固定常数，只在初始化时让得分有一个合适的大小；此后得分有多大，由学到的参数决定。',
            },
          },
          {
            id: 'scaling-holds-it',
            text: { en: 'Yes: dividing by √d_k holds the scaled variance at 1 all through training', zh: '成立：除以 √d_k 会让缩放后的方差在整个训练中都保持为 1' },
            correct: false,
            feedback: {
              en: 'The division is by a fixed number, not a normalisation: whatever scores training produces are all divided by the same $\\sqrt{d_k}$. Nothing measures their variance or pulls it back to 1.',
              zh: '这里只是除以一个固定的数，并不是归一化：无论训练产生怎样的得分，都只是统一除以同一个 $\\sqrt{d_k}$。没有哪一步会测量它们的方差，或把方差拉回 1。',
            },
          },
          {
            id: 'sum-always',
            text: { en: 'Yes: a sum of $d_k$ products has variance $d_k$ whatever q and k are', zh: '成立：$d_k$ 个乘积之和的方差总是 $d_k$，与 q、k 无关' },
            correct: false,
            feedback: {
              en: 'Each product $q_i k_i$ has variance 1 only when $q_i$ and $k_i$ are independent with mean 0 and variance 1, and variances add only for uncorrelated terms. Change either and the sum’s variance changes too.',
              zh: '只有当 $q_i$ 和 $k_i$ 相互独立、均值为 0、方差为 1 时，乘积 $q_i k_i$ 的方差才是 1；而方差只对互不相关的项才能相加。任一条件不满足，和的方差也会随之改变。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'variance-after-training',
      text: {
        en: 'So the variance argument is about the start of training. The derivation assumes independent components with mean 0 and variance 1; training makes $q$ and $k$ correlated (that is its job: a query should line up with the keys it needs) and changes their scale through $W^Q$ and $W^K$. After training, $\\operatorname{Var}(q \\cdot k)$ can be far from $d_k$. Dividing by $\\sqrt{d_k}$ only sets a sensible scale at initialisation, so that a wide head does not start out saturated; from there on, training sets the size of the scores.',
        zh: '所以方差论证讲的是训练开始时的情形。推导假设各分量相互独立、均值为 0、方差为 1；训练会让 $q$ 和 $k$ 相关起来（这正是训练的目的：查询应当与它需要的键对齐），还会通过 $W^Q$ 和 $W^K$ 改变它们的尺度。训练之后，$\\operatorname{Var}(q \\cdot k)$ 可能与 $d_k$ 相差很远。除以 $\\sqrt{d_k}$ 只是在初始化时定下一个合适的尺度，让宽的头一开始不至于饱和；此后得分有多大，由训练决定。',
      },
    },
    { kind: 'heading', text: { en: 'What large scores do to the softmax', zh: '得分过大对 softmax 的影响' } },
    {
      kind: 'prose',
      text: {
        en: 'With variance $d_k$, a typical unscaled score is about $\\sqrt{d_k}$ in size: about 1.4 for $d_k = 2$, but 8 for $d_k = 64$. The softmax exponentiates, so a gap of 8 between two scores is a factor of about 3000 between their weights. With scores that spread out, one key takes almost all the weight: the softmax **saturates** and becomes nearly one-hot.',
        zh: '方差为 $d_k$ 时，不缩放的得分典型大小约为 $\\sqrt{d_k}$：$d_k = 2$ 时约为 1.4，$d_k = 64$ 时就到了 8。softmax 要做指数运算，两个得分相差 8，权重就相差约 3000 倍。得分如此分散时，几乎全部权重都落到一个键上：softmax **饱和**了，变得接近独热。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Does a saturated softmax still learn? Training adjusts $W^Q$ and $W^K$ through the derivative of the weights with respect to the scores, given below. Work it out for a saturated row before you read on.',
        zh: '饱和的 softmax 还能学习吗？训练要借助权重对得分的导数（见下式）来调整 $W^Q$ 和 $W^K$。先拿一行饱和的权重算一算，再往下读。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\frac{\partial \alpha_i}{\partial s_j} = \alpha_i \left(\delta_{ij} - \alpha_j\right)`,
      caption: {
        en: 'How weight $i$ responds to score $j$; $\\delta_{ij}$ is 1 when $i = j$ and 0 otherwise.',
        zh: '权重 $i$ 如何随得分 $j$ 变化；$i = j$ 时 $\\delta_{ij}$ 为 1，否则为 0。',
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
            text: { en: 'Barely: each derivative is 0.001 or less; the gradient vanishes', zh: '几乎不变：每个导数都不超过 0.001，梯度消失' },
            correct: true,
            feedback: {
              en: '$\\partial\\alpha_2/\\partial s_2 = 0.001 \\times 0.999 \\approx 0.001$ and $\\partial\\alpha_1/\\partial s_2 = -0.998 \\times 0.001 \\approx -0.001$. Whatever the loss wants, it can hardly push these scores: that is the vanishing gradient.',
              zh: '$\\partial\\alpha_2/\\partial s_2 = 0.001 \\times 0.999 \\approx 0.001$，$\\partial\\alpha_1/\\partial s_2 = -0.998 \\times 0.001 \\approx -0.001$。无论损失函数想怎样调整，都几乎推不动这些得分：这就是梯度消失。',
            },
          },
          {
            id: 'a-lot',
            text: { en: 'A lot: the softmax is exponential, so it amplifies small changes', zh: '变化很大：softmax 是指数函数，会放大微小的变化' },
            correct: false,
            feedback: {
              en: 'The exponential is what made the row so lopsided, but once it is saturated a small change in a score barely moves the weights. Work out $\\alpha_i(\\delta_{ij} - \\alpha_j)$ for this row.',
              zh: '正是指数运算让这一行如此一边倒，但一旦饱和，得分的微小变化几乎推不动权重。用 $\\alpha_i(\\delta_{ij} - \\alpha_j)$ 算一算这一行。',
            },
          },
          {
            id: 'zero',
            text: { en: 'Not at all: with weights this near 0 and 1 it is exactly 0', zh: '完全不变：权重接近 0 和 1，导数恰好为 0' },
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
      answers: 'saturated-gradient',
      text: {
        en: 'When every weight is close to 0 or 1, every entry $\\alpha_i(\\delta_{ij} - \\alpha_j)$ is close to 0, so the gradients that should adjust $W^Q$ and $W^K$ almost vanish. Dividing by $\\sqrt{d_k}$ keeps the variance of random scores at 1 whatever the width, so a wide head does not start out in that state.',
        zh: '当每个权重都接近 0 或 1 时，每一项 $\\alpha_i(\\delta_{ij} - \\alpha_j)$ 都接近 0，于是本该用来调整 $W^Q$ 和 $W^K$ 的梯度几乎消失。无论头有多宽，除以 $\\sqrt{d_k}$ 都能让随机得分的方差保持为 1，因此宽的头一开始不会陷入这种状态。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'How do we know that unscaled dot products do worse? Not from an experiment in the Transformer paper. Vaswani et al. write that for small $d_k$ dot-product and additive attention perform about equally, and that additive attention is better than unscaled dot products for larger $d_k$, citing Britz et al. (2017), a large study of translation architectures. Saturation is their explanation, and they hedge it: they “suspect” that large dot products push the softmax into regions where its gradients are extremely small. The variance argument above makes the suspicion plausible; it is not a measurement.',
        zh: '我们怎么知道不缩放的点积效果更差？答案并不来自 Transformer 论文里的实验。Vaswani 等人写道：$d_k$ 较小时点积注意力与加性注意力效果相当，$d_k$ 较大时加性注意力优于不缩放的点积；这一比较引自 Britz 等人（2017）对翻译模型结构的大规模研究。softmax 饱和是他们给出的解释，而且措辞相当谨慎：他们“怀疑”（suspect）过大的点积把 softmax 推进了梯度极小的区域。上面的方差论证让这个猜测显得合理，但这并不是实测结果。',
      },
    },
    { kind: 'heading', text: { en: 'On your own sentence', zh: '在你自己的句子上' } },
    {
      kind: 'prose',
      text: {
        en: 'The widget below takes the selected head of the untrained encoder on the sentence at the top of the page and shows its weights twice: as the model computes them, and from the same scores without the division. The table measures how peaked the rows are: the largest weight, and the entropy, which is $\\ln L$ for uniform weights over $L$ keys and 0 for a one-hot row.',
        zh: '下面的组件针对本页顶部的句子，取未训练编码器中所选的头，把它的权重显示两遍：一遍是模型实际算出的权重，另一遍由同样的得分算出，但不做除法。表格用两个量衡量每一行有多尖锐：最大权重，以及熵（在 $L$ 个键上均匀分布时熵为 $\\ln L$，独热的一行熵为 0）。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'wide-head',
        prompt: {
          en: 'The lab starts with 4 heads of width $d_k = 8$. If you give it one head of width 64 instead, how will the unscaled map compare with the scaled one?',
          zh: '实验台默认有 4 个头，每个宽 $d_k = 8$。如果改成一个宽为 64 的头，不缩放的注意力图与缩放后的相比会怎样？',
        },
        choices: [
          {
            id: 'much-peakier',
            text: { en: 'Much peakier: 8× larger scores raise max weights, lower entropy', zh: '尖锐得多：得分大 8 倍，最大权重更大，熵更低' },
            correct: true,
            feedback: {
              en: 'Unscaled scores are 8 times the scaled ones at $d_k = 64$, against about 2.8 times at $d_k = 8$, so the softmax saturates far more. Press the button below and read the table; the weights are random, so it is the sharpness that differs, not any meaning.',
              zh: '$d_k = 64$ 时不缩放的得分是缩放后的 8 倍，而 $d_k = 8$ 时只有约 2.8 倍，所以 softmax 饱和得厉害得多。按下面的按钮，再看表格；由于权重是随机的，两者的差别只在尖锐程度，与含义无关。',
            },
          },
          {
            id: 'same',
            text: { en: 'About as at $d_k = 8$, since each row still sums to 1', zh: '和 $d_k = 8$ 时差不多，因为每一行的和仍是 1' },
            correct: false,
            feedback: {
              en: 'Summing to 1 fixes the total, not how it is shared out. The factor the scaling removes is $\\sqrt{d_k}$: about 2.8 for width 8 but 8 for width 64, and larger factors in the scores make a more lopsided softmax.',
              zh: '和为 1 只固定了总量，并不决定怎样分配。缩放去掉的因子是 $\\sqrt{d_k}$：宽度 8 时约为 2.8，宽度 64 时是 8；得分里的因子越大，softmax 越偏向一边。',
            },
          },
          {
            id: 'flatter',
            text: { en: 'Flatter: over 64 features the products cancel out to small scores', zh: '更平坦：64 个特征的乘积相互抵消，得分变小' },
            correct: false,
            feedback: {
              en: 'A dot product adds its products up, it does not average them: its typical size grows like $\\sqrt{d_k}$. Dividing by $\\sqrt{d_k} > 1$ is what shrinks the scores and flattens the softmax; leaving it out does the opposite.',
              zh: '点积是把各个乘积加起来，而不是求平均：它的典型大小按 $\\sqrt{d_k}$ 增长。正是除以大于 1 的 $\\sqrt{d_k}$ 才会缩小得分、让 softmax 更平坦；不除则恰好相反。',
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
        zh: '这也会改变实验台的设置；用第二个按钮可以恢复原样。',
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
      answers: 'wide-head',
      caption: {
        en: 'On the lab’s default sentence, head 1 of layer 1: with $d_k = 8$ the mean max weight is about 0.17 scaled and 0.35 unscaled; with $d_k = 64$ about 0.21 against 0.78. Your sentence will give its own numbers.',
        zh: '以实验台的默认句子、第 1 层第 1 个头为例：$d_k = 8$ 时平均最大权重缩放后约 0.17，不缩放约 0.35；$d_k = 64$ 时分别约为 0.21 和 0.78。换成你的句子，数字会有所不同。',
      },
    },
    {
      kind: 'callout',
      tone: 'caution',
      text: {
        en: 'The untrained encoder’s vectors are not exactly the unit-variance vectors of the derivation: they are random projections of embeddings plus positional encodings. The scaling still matters for the same reason, the wider the head, the larger the unscaled scores, but the exact numbers depend on the sentence and the seed.',
        zh: '未训练编码器里的向量并不完全是推导中那种方差为 1 的向量，而是嵌入加位置编码之后的随机投影。缩放依然重要，原因相同：头越宽，不缩放的得分越大；但具体数字取决于句子和随机种子。',
      },
    },
    { kind: 'heading', text: { en: 'The scaling step in the walkthrough', zh: '分步讲解里的缩放步骤' } },
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
        zh: '编码器层在你的句子上运行时的一步；用“上一步”“下一步”查看其他步骤。',
      },
    },
    { kind: 'heading', text: { en: 'Without storing the L × L matrix: FlashAttention', zh: '不存储 L × L 矩阵：FlashAttention' } },
    {
      kind: 'prose',
      text: {
        en: 'The formula reads as if the whole $L \\times L$ matrix of weights were computed and stored first, and for long inputs that matrix, growing with the square of the length, dominates the memory. FlashAttention (Dao et al. 2022) computes exactly the same attention without ever storing it. It reads the keys and values in tiles and keeps, for each query, only a running maximum $m$ of the scores seen so far, a running sum $\\ell$ of $e^{s - m}$, and a partial output, the running sum of $e^{s - m}$ times each value. When a tile brings a larger maximum, the sum and the partial output are first multiplied by $e^{m_{\\text{old}} - m_{\\text{new}}}$, so every term stays measured against the current maximum and nothing overflows; after the last tile, the partial output divided by $\\ell$ is the softmax-weighted average. The running maximum and sum are the **online softmax** of Milakov and Gimelshein (2018), who computed a softmax in one pass this way; FlashAttention applies it to attention, tile by tile. Dividing once at the end is the form of FlashAttention-2 (Dao 2023), which this description and the engine follow; FlashAttention-1 also rescales the partial output into a normalised one after every tile. It is not an approximation: the result is the same up to rounding, while far less data moves between the GPU’s slow memory and its fast on-chip memory, and that traffic, more than the arithmetic, is what makes plain attention slow. This app’s engine has a small version, `blockwiseAttention`, tested against the ordinary computation.',
        zh: '按公式的写法，似乎要先算出并存储整个 $L \\times L$ 的权重矩阵；输入很长时，这个随长度平方增长的矩阵会占去大部分内存。FlashAttention（Dao 等人，2022）算出的是完全相同的注意力，却从不把这个矩阵存下来。它把键和值分块读入，对每个查询只保留三样东西：迄今所见得分的最大值 $m$、$e^{s - m}$ 的累加和 $\\ell$，以及部分输出，即各个值乘以 $e^{s - m}$ 后的累加和。如果新读入的一块带来了更大的最大值，就先把累加和与部分输出都乘以 $e^{m_{\\text{old}} - m_{\\text{new}}}$，使每一项始终以当前的最大值为基准，因此不会溢出；读完最后一块后，用部分输出除以 $\\ell$，得到的就是按 softmax 权重求出的加权平均。持续更新的最大值和累加和，就是 Milakov 和 Gimelshein（2018）提出的**在线 softmax**：他们用这种办法一遍算出 softmax；FlashAttention 把它逐块用在注意力上。只在最后除一次，是 FlashAttention-2（Dao，2023）的写法，上面的描述和本引擎都采用这种写法；FlashAttention-1 则在每一块之后都把部分输出重新缩放成归一化的结果。这不是近似：除舍入误差外，结果完全相同，而在 GPU 的慢速显存与片上快速存储之间搬运的数据却少得多；让普通注意力变慢的，主要正是这种数据搬运，而不是计算本身。本应用的引擎里有一个简化版 `blockwiseAttention`，并通过测试与普通的计算方式做了比对。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need (eq. 1, section 3.2.1 and footnote 4)', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Britz, Goldie, Luong, Le 2017, Massive Exploration of Neural Machine Translation Architectures', url: 'https://arxiv.org/abs/1703.03906' },
    { label: 'Dao, Fu, Ermon, Rudra, Ré 2022, FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness', url: 'https://arxiv.org/abs/2205.14135' },
    { label: 'Milakov & Gimelshein 2018, Online normalizer calculation for softmax', url: 'https://arxiv.org/abs/1805.02867' },
    { label: 'Dao 2023, FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning', url: 'https://arxiv.org/abs/2307.08691' },
    {
      label: 'Lippe, UvA Deep Learning Tutorial 6: Transformers and Multi-Head Attention',
      url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html',
    },
    { label: 'Zhang et al., Dive into Deep Learning, 11.3 Attention Scoring Functions', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/attention-scoring-functions.html' },
  ],
};
