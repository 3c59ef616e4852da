import type { Lesson } from '../types';
import { SYLLABUS_ARTICLE } from './syllabusArticle';

// Lesson 8: the score functions before (and beside) scaled dot-product: Luong's dot / general / concat and
// location-based scores, Bahdanau's additive attention, Luong's global vs local (local-m, local-p) attention with
// his Table 4, sliding-window attention as local attention's descendant, and self-attention vs attention between two
// sequences. Widgets: score-compare, cross-attention. Each question sits above the block marked as answering it.
export const otherAttention: Lesson = {
  slug: 'other-attention',
  title: { en: 'Other kinds of attention', zh: '其他类型的注意力' },
  summary: {
    en: 'The score $q^\\top k / \\sqrt{d}$ is one choice among several. Compare dot, general, additive, location-based and local attention on your own sentence, follow local attention to today’s sliding windows, and see attention between two different sentences.',
    zh: '得分 $q^\\top k / \\sqrt{d}$ 只是众多选择中的一种。用你自己的句子比较点积、一般式、加性、基于位置的注意力和局部注意力，沿着局部注意力一路看到如今的滑动窗口，再看看两个不同句子之间的注意力。',
  },
  objectives: [
    {
      en: 'Write the dot, general (bilinear), concat/additive and location-based score functions and say what each one learns.',
      zh: '写出点积、一般式（双线性）、拼接式/加性以及基于位置的得分函数，并说明每一种学到的是什么。',
    },
    {
      en: 'Tell global from local attention, and compute the window of local-m and the Gaussian of local-p with $\\sigma = D/2$.',
      zh: '区分全局注意力与局部注意力，并算出 local-m 的窗口和 local-p 中 $\\sigma = D/2$ 的高斯因子。',
    },
    {
      en: 'Relate Luong’s concat score to Bahdanau’s additive score with one line of algebra.',
      zh: '用一行代数推导说明 Luong 的拼接式得分与 Bahdanau 的加性得分之间的关系。',
    },
    {
      en: 'Give the cost of sliding-window attention and how far back a stack of windowed layers can reach.',
      zh: '说出滑动窗口注意力的计算代价，以及堆叠多个带窗口的层之后，最远能往前看到多少个位置。',
    },
    {
      en: 'Contrast self-attention with attention between two sequences, and give the shape of the weights in each.',
      zh: '对比自注意力与两个序列之间的注意力，并给出各自权重矩阵的形状。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'Only the score changes', zh: '变的只有得分' } },
    {
      kind: 'prose',
      text: {
        en: 'Every attention in this course follows one recipe: give each key a score against the query, turn the scores into weights with a softmax, and take the weighted sum of the values. Before the Transformer, attention was used in translation models built from recurrent networks, and those papers tried several score functions. Luong et al. (2015) wrote the recipe like this:',
        zh: '本课程中的每一种注意力都遵循同一套步骤：用查询给每个键打分，用 softmax 把得分变成权重，再对值加权求和。在 Transformer 出现之前，注意力用于由循环神经网络构成的翻译模型，当时的论文尝试过好几种得分函数。Luong 等人（2015）把这套步骤写成：',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`a_t(s) = \frac{\exp\big(\operatorname{score}(h_t, \bar h_s)\big)}{\sum_{s'} \exp\big(\operatorname{score}(h_t, \bar h_{s'})\big)}, \qquad c_t = \sum_s a_t(s)\, \bar h_s`,
      caption: {
        en: '$h_t$ is the decoder’s state at target position $t$ (the query); $\\bar h_s$ are the encoder’s states at source positions $s = 1 \\dots S$ (keys and values at once). $c_t$ is the context vector.',
        zh: '$h_t$ 是解码器在目标位置 $t$ 的状态（查询）；$\\bar h_s$ 是编码器在源位置 $s = 1 \\dots S$ 的状态（同时充当键和值）。$c_t$ 是上下文向量。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'When every source position takes part, Luong calls it **global** attention. The score function is the free choice:',
        zh: '所有源位置都参与计算时，Luong 称之为**全局**注意力。其中的得分函数可以自由选择：',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\operatorname{score}(h_t, \bar h_s) = \begin{cases} h_t^\top \bar h_s & \text{dot} \\ h_t^\top W_a \bar h_s & \text{general} \\ v_a^\top \tanh\big(W_a [h_t; \bar h_s]\big) & \text{concat} \end{cases}`,
      caption: {
        en: 'Luong’s three content-based scores. $[h_t; \\bar h_s]$ stacks the two vectors into one.',
        zh: 'Luong 提出的三种基于内容的得分。$[h_t; \\bar h_s]$ 表示把两个向量上下拼接成一个。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: '**General** is a bilinear form: the learned matrix $W_a$ decides which features of the query should match which features of the key. With $W_a = I$ it is the dot score again, and $W_a$ may be rectangular, so queries and keys can have different widths. The Transformer’s score is a bilinear form too. With the row vectors of lessons 2 and 5, a query token $x$ and a key token $y$ give $q = x W^Q$ and $k = y W^K$, so $q \\cdot k = x\\, W^Q (W^K)^\\top y^\\top$: a bilinear form with $W = W^Q (W^K)^\\top$. That $W$ is $d_{\\text{model}} \\times d_{\\text{model}}$, but it is the product of a $d_{\\text{model}} \\times d_k$ and a $d_k \\times d_{\\text{model}}$ matrix, so its rank is at most $d_k$. Luong’s $W_a$ is a full $d \\times d$ matrix that may have any rank.',
        zh: '**一般式**是一种双线性形式：由可学习的矩阵 $W_a$ 决定查询的哪些特征应当与键的哪些特征相匹配。当 $W_a = I$ 时，它就退化为点积得分；$W_a$ 也可以不是方阵，这样查询和键的宽度可以不同。Transformer 的得分同样是双线性形式。沿用第 2 课和第 5 课的行向量写法，设查询所在的词元为 $x$、键所在的词元为 $y$，则 $q = x W^Q$、$k = y W^K$，于是 $q \\cdot k = x\\, W^Q (W^K)^\\top y^\\top$：这正是以 $W = W^Q (W^K)^\\top$ 为矩阵的双线性形式。这个 $W$ 的形状是 $d_{\\text{model}} \\times d_{\\text{model}}$，但它是一个 $d_{\\text{model}} \\times d_k$ 矩阵与一个 $d_k \\times d_{\\text{model}}$ 矩阵的乘积，所以秩不超过 $d_k$。而 Luong 的 $W_a$ 是一个完整的 $d \\times d$ 矩阵，秩不受限制。',
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'About the name: the Analytics Vidhya article that this course’s syllabus follows lists “广义注意力” (generalized attention) as a kind of its own, without a formula. The name is ambiguous. In today’s papers “generalized attention” usually means the kernel attention of the Performer (Choromanski et al. 2021), which replaces the softmax of $q \\cdot k$ with a product of random feature maps so that the cost grows linearly with length. This course reads the article’s entry as Luong’s **general** score, the bilinear form above, and calls it general, not generalized.',
        zh: '关于名称：本课程大纲所依据的 Analytics Vidhya 文章把“广义注意力”单独列为一类，但没有给出公式。这个名称有歧义。在近年的论文中，“generalized attention”通常指 Performer（Choromanski 等人，2021）中的核注意力：它用随机特征映射的乘积取代 $q \\cdot k$ 的 softmax，使计算代价随序列长度线性增长。本课程把原文的这一条理解为 Luong 的**一般式**得分，也就是上面的双线性形式，并称之为“一般式”，而不是“广义”。',
      },
    },
    { kind: 'heading', text: { en: 'Additive attention (Bahdanau)', zh: '加性注意力（Bahdanau）' } },
    {
      kind: 'prose',
      text: {
        en: 'Attention is older than its use in translation: Graves (2013) let a handwriting generator move a soft window along the text it was writing, and Mnih et al. (2014) let an image classifier look at one glimpse of the picture at a time. Bahdanau et al. (2014) brought attention to translation, with a small neural network as the score. The query is the decoder’s previous state $s_{i-1}$; the encoder states $h_j$ are the keys and also the values that are averaged.',
        zh: '注意力最早并不是用在翻译上的：Graves（2013）让手写生成模型沿着正在书写的文本移动一个软窗口，Mnih 等人（2014）让图像分类模型每次只看图片的一小块。Bahdanau 等人（2014）把注意力带进了机器翻译，并用一个小型神经网络来打分。查询是解码器的上一个状态 $s_{i-1}$；编码器状态 $h_j$ 既是键，也是被加权平均的值。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`e_{ij} = v_a^\top \tanh\big(W_a s_{i-1} + U_a h_j\big), \qquad \alpha_{ij} = \operatorname{softmax}_j(e_{ij}), \qquad c_i = \sum_j \alpha_{ij} h_j`,
    },
    {
      kind: 'question',
      question: {
        id: 'concat-vs-additive',
        prompt: {
          en: 'Split Luong’s concat matrix into two blocks of columns, $W_a = [W_1\\ W_2]$. How does $v_a^\\top \\tanh(W_a [h_t; \\bar h_s])$ relate to Bahdanau’s $v_a^\\top \\tanh(W_1 h_t + W_2 \\bar h_s)$?',
          zh: '把 Luong 拼接式中的矩阵按列分成两块：$W_a = [W_1\\ W_2]$。那么 $v_a^\\top \\tanh(W_a [h_t; \\bar h_s])$ 和 Bahdanau 的 $v_a^\\top \\tanh(W_1 h_t + W_2 \\bar h_s)$ 是什么关系？',
        },
        choices: [
          {
            id: 'same',
            text: { en: 'The same number: tanh gets the same input in both', zh: '两者相等：tanh 的输入相同' },
            correct: true,
            feedback: {
              en: 'A matrix times a stacked vector is the sum of its column blocks times the parts: $W_a [h_t; \\bar h_s] = W_1 h_t + W_2 \\bar h_s$. The tanh and $v_a$ come after, so the scores agree. The engine computes the two literally in different ways, and a test checks that they match.',
              zh: '矩阵乘以拼接向量，等于各列块分别乘以对应的部分再相加：$W_a [h_t; \\bar h_s] = W_1 h_t + W_2 \\bar h_s$。tanh 和 $v_a$ 都作用在这之后，所以两个得分相同。引擎确实按这两种不同的方式分别计算，并有测试检查二者一致。',
            },
          },
          {
            id: 'tanh-breaks',
            text: { en: 'They differ, because tanh is not linear', zh: '不同，因为 tanh 不是线性的' },
            correct: false,
            feedback: {
              en: 'tanh is indeed not linear, but it is applied to the same vector in both: the split happens inside, where everything is still linear. $W_a [h_t; \\bar h_s] = W_1 h_t + W_2 \\bar h_s$ exactly.',
              zh: 'tanh 确实不是线性的，但在两个式子里它作用于同一个向量：拆分发生在 tanh 内部，那里的运算全都还是线性的。$W_a [h_t; \\bar h_s] = W_1 h_t + W_2 \\bar h_s$ 严格成立。',
            },
          },
          {
            id: 'equal-widths',
            text: { en: 'They agree only when queries and keys have the same width', zh: '只有查询和键等宽时才一致' },
            correct: false,
            feedback: {
              en: 'The widths do not matter: $W_1$ has as many columns as $h_t$ has entries and $W_2$ as many as $\\bar h_s$, whatever those are. The identity holds for any widths.',
              zh: '宽度无关紧要：$W_1$ 的列数等于 $h_t$ 的分量个数，$W_2$ 的列数等于 $\\bar h_s$ 的分量个数，无论它们各是多少。这个恒等式对任何宽度都成立。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'concat-vs-additive',
      text: {
        en: 'Multiplying a matrix by a stacked vector is the same as multiplying each block of columns by its part and adding: $W_a [h_t; \\bar h_s] = W_1 h_t + W_2 \\bar h_s$. So concat and additive are one function with two names. It costs more than a dot product: every query–key pair goes through the small network, while dot scores for all pairs are a single matrix product.',
        zh: '矩阵乘以拼接向量，等于每个列块分别乘以对应的部分再相加：$W_a [h_t; \\bar h_s] = W_1 h_t + W_2 \\bar h_s$。所以拼接式和加性是同一个函数的两个名字。它比点积更费计算：每个查询–键对都要经过这个小网络，而点积只需一次矩阵乘法就能算出所有配对的得分。',
      },
    },
    { kind: 'heading', text: { en: 'Location-based attention', zh: '基于位置的注意力' } },
    {
      kind: 'formula',
      tex: String.raw`a_t = \operatorname{softmax}(W_a h_t), \qquad W_a \in \mathbb{R}^{S \times d}`,
    },
    {
      kind: 'prose',
      text: {
        en: 'Luong’s location-based variant never looks at the source states: the weights come from the query alone, one learned row of $W_a$ per source position. It therefore needs a fixed number $S$ of source positions, and it can only learn where to look, not what to look for.',
        zh: 'Luong 提出的基于位置的变体完全不看源状态：权重只由查询决定，每个源位置对应 $W_a$ 中可学习的一行。因此源位置的个数必须固定为 $S$，而且它只能学到“看哪里”，学不到“找什么”。',
      },
    },
    { kind: 'heading', text: { en: 'Global and local attention', zh: '全局注意力与局部注意力' } },
    {
      kind: 'prose',
      text: {
        en: 'Global attention scores all $S$ source positions for every target word, which is costly for long sentences. Luong’s **local** attention keeps only the window $[p_t - D, p_t + D]$ around an aligned position $p_t$ and computes the align scores as a softmax over the keys inside it.',
        zh: '全局注意力要为每个目标词给全部 $S$ 个源位置打分，句子很长时代价很高。Luong 的**局部**注意力只保留以对齐位置 $p_t$ 为中心的窗口 $[p_t - D, p_t + D]$，并在窗口内的键上做 softmax，得到对齐得分。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{gathered} \text{local-m: } p_t = t \qquad\qquad \text{local-p: } p_t = S \cdot \operatorname{sigmoid}\big(v_p^\top \tanh(W_p h_t)\big) \\ \text{local-p: } a_t(s) = \operatorname{align}(h_t, \bar h_s)\, \exp\!\left(-\frac{(s - p_t)^2}{2\sigma^2}\right), \quad \sigma = \frac{D}{2} \end{gathered}`,
      caption: {
        en: 'Local-m assumes source and target run roughly in step (monotonic). Local-p predicts a real-valued $p_t \\in (0, S)$ and fades the keys away from it with a Gaussian.',
        zh: 'local-m 假设源句和目标句大致步调一致（单调对齐）。local-p 预测一个实数位置 $p_t \\in (0, S)$，并用高斯因子让离它越远的键权重越小。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'local-m-keys',
        prompt: {
          en: 'Local-m with $D = 2$, in a sentence of at least five tokens. Which keys can the first query (position 1) attend to?',
          zh: '采用 local-m，取 $D = 2$，句子至少有五个词元。第一个查询（位置 1）能关注哪些键？',
        },
        choices: [
          {
            id: 'shifted',
            text: { en: 'Keys 1 to 5: the window slides right to keep its 2D + 1 keys', zh: '第 1 到第 5 个键：窗口向右平移，保证仍有 2D + 1 个键' },
            correct: false,
            feedback: {
              en: 'The window is defined around $p_t = t$ and is never moved. Near the start it is cut off instead: positions 0 and −1 do not exist, so only three keys are left. A query sees $2D + 1$ keys only when the whole window fits in the sentence.',
              zh: '窗口是围绕 $p_t = t$ 定义的，不会被挪动。在句首，窗口只会被截断：位置 0 和 −1 不存在，所以只剩三个键。只有整个窗口都落在句子内时，查询才看得到 $2D + 1$ 个键。',
            },
          },
          {
            id: 'width',
            text: { en: 'Keys 1 and 2: D = 2 is the width of the whole window', zh: '第 1、2 个键：D = 2 是整个窗口的宽度' },
            correct: false,
            feedback: {
              en: '$D$ is the half-width: the window $[p_t - D, p_t + D]$ reaches $D$ positions to each side, so it spans $2D + 1$ positions when nothing cuts it off. For query 1 that is $-1 \\dots 3$, of which keys 1, 2 and 3 exist.',
              zh: '$D$ 是半宽：窗口 $[p_t - D, p_t + D]$ 向两边各延伸 $D$ 个位置，不被截断时共覆盖 $2D + 1$ 个位置。对第 1 个查询来说就是 $-1 \\dots 3$，其中实际存在的只有第 1、2、3 个键。',
            },
          },
          {
            id: 'clipped',
            text: { en: 'Keys 1, 2 and 3: the window −1 to 3 is cut off at the start', zh: '第 1、2、3 个键：窗口 −1 到 3 在句首被截断' },
            correct: true,
            feedback: {
              en: '$|s - 1| \\le 2$ allows $s = -1 \\dots 3$, and only keys 1, 2 and 3 exist: three keys instead of $2D + 1 = 5$. Every other key is blocked and gets weight exactly 0. In the widget, the first row of the local-m map has three open cells and the rows in the middle of the sentence have five.',
              zh: '$|s - 1| \\le 2$ 允许 $s = -1 \\dots 3$，而其中实际存在的只有第 1、2、3 个键：共三个，而不是 $2D + 1 = 5$ 个。其余的键都被屏蔽，权重恰好为 0。在组件里，local-m 图的第一行只有三个格子未被屏蔽，句子中间的行则有五个。',
            },
          },
          {
            id: 'fading',
            text: { en: 'All of them, with weights that fade with distance from key 1', zh: '全部键，离第 1 个键越远，权重越小' },
            correct: false,
            feedback: {
              en: 'That describes a soft preference, not a window. Local-m blocks every key outside $|s - t| \\le D$: its weight is exactly 0. Even local-p fades keys only inside its window.',
              zh: '这描述的是一种柔性的偏好，而不是窗口。local-m 会屏蔽 $|s - t| \\le D$ 之外的所有键：它们的权重恰好为 0。即使是 local-p，也只在窗口之内让权重逐渐衰减。',
            },
          },
        ],
        reveal: { widget: 'score-compare', config: { d: 2, focus: 'local-m' } },
      },
    },
    {
      kind: 'prose',
      answers: 'local-m-keys',
      text: {
        en: 'So a query sees at most $2D + 1$ keys, and fewer near either end of the sentence, where the window is cut off rather than moved. Keys outside the window are blocked: their weight is exactly 0, not merely small.',
        zh: '所以每个查询最多看到 $2D + 1$ 个键；在句子两端，窗口会被截断而不是被挪动，看到的键就更少。窗口外的键被屏蔽：权重恰好为 0，而不只是很小。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'local-p-row-sum',
        prompt: {
          en: 'In the local-p map, what does each row of weights sum to?',
          zh: '在 local-p 的图中，每一行权重的和是多少？',
        },
        choices: [
          {
            id: 'exactly-one',
            text: { en: 'Exactly 1, like every softmax', zh: '恰好为 1，和所有 softmax 一样' },
            correct: false,
            feedback: {
              en: 'The softmax inside the window does sum to 1, but then each weight is multiplied by a Gaussian factor of at most 1, and nothing renormalises the row afterwards.',
              zh: '窗口内的 softmax 的确和为 1，但随后每个权重都要乘上一个不超过 1 的高斯因子，而这一行并没有再重新归一化。',
            },
          },
          {
            id: 'below-one',
            text: { en: 'Less than 1: each weight is then scaled by a Gaussian ≤ 1', zh: '小于 1：权重还要乘上不超过 1 的高斯因子' },
            correct: true,
            feedback: {
              en: 'Only a key exactly at $p_t$ keeps its whole align weight; every other key in the window loses part of it. Luong leaves it so, and the widget prints the range of the row sums under the local-p map.',
              zh: '只有恰好位于 $p_t$ 的键保留全部对齐权重，窗口里其余的键都会损失一部分。Luong 对此不作处理；组件会在 local-p 图下方显示各行之和的范围。',
            },
          },
          {
            id: 'one-if-whole',
            text: { en: 'Exactly 1 when $p_t$ lands on a whole position, less otherwise', zh: '$p_t$ 恰好落在整数位置时为 1，否则小于 1' },
            correct: false,
            feedback: {
              en: 'At a whole $p_t$ the key there keeps its full weight, but its neighbours in the window still lose part of theirs ($e^{-1/2} \\approx 0.61$ of it at one $\\sigma$), so the row still sums to less than 1.',
              zh: '当 $p_t$ 是整数时，那个位置的键确实保留全部权重，但窗口里相邻的键仍会损失一部分（相距一个 $\\sigma$ 时只剩 $e^{-1/2} \\approx 0.61$），所以这一行的和仍然小于 1。',
            },
          },
        ],
        reveal: { widget: 'score-compare', config: { focus: 'local-p' } },
      },
    },
    {
      kind: 'prose',
      answers: 'local-p-row-sum',
      text: {
        en: 'At $s = p_t$ the Gaussian factor is 1; one $\\sigma$ away it is $e^{-1/2} \\approx 0.61$; at the window’s edge, $2\\sigma$ away, it is $e^{-2} \\approx 0.14$. The Gaussian multiplies weights that already sum to 1, and Luong does not renormalise afterwards, so the widget follows him: local-p rows sum to less than 1.',
        zh: '在 $s = p_t$ 处高斯因子为 1；相距一个 $\\sigma$ 时为 $e^{-1/2} \\approx 0.61$；在窗口边缘，也就是相距 $2\\sigma$ 时为 $e^{-2} \\approx 0.14$。高斯因子乘在原本和为 1 的权重上，而 Luong 之后没有重新归一化，下面的组件也照此处理：local-p 每一行的和都小于 1。',
      },
    },
    { kind: 'heading', text: { en: 'All of them on your sentence', zh: '用你的句子把它们都试一遍' } },
    {
      kind: 'widget',
      widget: 'score-compare',
      caption: {
        en: 'The same queries and keys (layer 1 of the untrained encoder, the selected head) scored seven ways. Click a thumbnail to see that map in full below; move the D sliders to widen or narrow the local windows. All weights are random and untrained: compare the shapes, not the meaning.',
        zh: '同一组查询和键（未训练编码器第 1 层、所选的头）用七种方式打分。点击缩略图可在下方查看完整的图；拖动 D 滑块可以加宽或收窄局部窗口。所有权重都是随机初始化、未经训练的：请比较图的形状，不要解读其含义。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Use a longer sentence', zh: '换一个更长的句子' },
      preset: { lab: { text: 'The old man walked slowly along the quiet river until the sun went down behind the hills.' } },
      note: {
        en: 'With 18 tokens the local-m map above is a narrow diagonal band among many blocked cells, and the local-p windows jump to wherever each $p_t$ lands. The full maps spread their weight over every key.',
        zh: '句子有 18 个词元时，上面的 local-m 图只剩一条窄窄的对角线带，周围是大量被屏蔽的格子；local-p 的窗口则跳到各自 $p_t$ 所在的位置。不带窗口的图则把权重分散到所有键上。',
      },
    },
    { kind: 'heading', text: { en: 'Which score worked best?', zh: '哪一种得分效果最好？' } },
    {
      kind: 'table',
      caption: {
        en: 'Luong et al. 2015, Table 4: BLEU of English→German translation models that differ only in their attention (higher is better). These are the scores before unknown-word replacement, a later step that fills in the rare words the model wrote as `<unk>`; the paper lists the scores after that step too, all of them higher.',
        zh: 'Luong 等人 2015，表 4：几个英译德翻译模型的 BLEU 值（越高越好），这些模型只有注意力不同。表中是未登录词替换之前的结果；未登录词替换是后续的一个步骤，用来补上模型输出为 `<unk>` 的罕见词。论文也列出了替换之后的结果，全都更高。',
      },
      columns: [
        { en: 'Attention', zh: '注意力' },
        { en: 'Score', zh: '得分函数' },
        { en: 'BLEU', zh: 'BLEU 值' },
      ],
      rows: [
        [{ en: 'global', zh: '全局' }, { en: 'dot', zh: '点积' }, 18.6],
        [{ en: 'global', zh: '全局' }, { en: 'general', zh: '一般式' }, 17.3],
        [{ en: 'global', zh: '全局' }, { en: 'location', zh: '基于位置' }, 18.1],
        [{ en: 'local-p', zh: '局部 local-p' }, { en: 'general', zh: '一般式' }, '19.0'],
      ],
    },
    {
      kind: 'prose',
      text: {
        en: 'In their experiments dot worked better than general for global attention, while general worked best with local-p attention. These are single trained systems a point or so apart, so read them as “the best score depends on the rest of the model”, not as a law.',
        zh: '在他们的实验中，全局注意力用点积比用一般式好，而局部的 local-p 注意力配一般式效果最好。每个结果都只来自一次训练，彼此只差一分左右，所以应当理解为“最好的得分函数取决于模型的其余部分”，而不是普遍规律。',
      },
    },
    { kind: 'heading', text: { en: 'Local attention today: sliding windows', zh: '今天的局部注意力：滑动窗口' } },
    {
      kind: 'question',
      question: {
        id: 'window-reach',
        prompt: {
          en: 'Local-m lives on in self-attention as a sliding window. Mistral 7B has 32 layers, and in each a token attends only to itself and the tokens just before it, $w = 4096$ positions in all. In a very long text, how far back can information reach the last layer’s output at one token?',
          zh: 'local-m 在自注意力中以滑动窗口的形式延续下来。Mistral 7B 有 32 层，每一层里一个词元只关注它自己和紧挨在它前面的词元，一共 $w = 4096$ 个位置。在一篇很长的文本中，最后一层在某个词元处的输出，最远能受到多远之前的信息影响？',
        },
        choices: [
          {
            id: 'one-window',
            text: { en: '4,096 tokens: every layer has the same window, so more layers add no reach', zh: '4096 个词元：每一层的窗口都一样大，叠加再多层也不会看得更远' },
            correct: false,
            feedback: {
              en: 'Each layer reads the previous layer’s outputs, not the raw tokens. A key 4,000 positions back already mixed in its own window one layer below, so every layer pushes the reach about one window further.',
              zh: '每一层读取的是上一层的输出，而不是原始词元。往前 4000 个位置处的那个键，在下面一层就已经混合了它自己窗口里的信息，所以每多一层，能看到的范围大约再往前推一个窗口。',
            },
          },
          {
            id: 'layers-times-w',
            text: { en: 'About 32 × 4,096 ≈ 131,000 tokens: the windows add up layer by layer', zh: '约 32 × 4096 ≈ 131,000 个词元：逐层累加' },
            correct: true,
            feedback: {
              en: 'Layer 1 mixes 4,096 positions; layer 2 reads outputs that each mixed their own 4,096, and so on. After 32 layers the reach is about $32 \\times 4096 = 131{,}072$ tokens, the figure Jiang et al. give. It is a path information can take, not a guarantee that it arrives intact.',
              zh: '第 1 层混合 4096 个位置；第 2 层读取的每个输出又各自混合了 4096 个位置，依此类推。32 层之后，可达范围约为 $32 \\times 4096 = 131{,}072$ 个词元，这正是 Jiang 等人给出的数字。这只说明信息有一条可走的路径，并不保证它能完整地传过来。',
            },
          },
          {
            id: 'whole-text',
            text: { en: 'The whole text: the residual stream carries every earlier token along', zh: '整篇文本：残差连接会把前面所有词元的信息一路传下去' },
            correct: false,
            feedback: {
              en: 'The residual connection adds a token’s own previous state back to it; it never brings in another position. Only attention moves information between positions, and here it moves at most one window per layer.',
              zh: '残差连接只是把词元自己上一层的状态加回来，从不引入其他位置的信息。只有注意力能在位置之间传递信息，而在这里每一层最多传递一个窗口的距离。',
            },
          },
          {
            id: 'window-squared',
            text: { en: 'About 4,096² ≈ 16.8 million tokens: the windows multiply', zh: '约 4096² ≈ 1680 万个词元：各层的窗口相乘' },
            correct: false,
            feedback: {
              en: 'The windows overlap rather than multiply: the 4,096 keys a token reads sit side by side, and their own windows cover almost the same stretch, shifted by one position each. Each layer adds about one window, so the reach grows with the number of layers, not as a power.',
              zh: '这些窗口是相互重叠，而不是相乘：一个词元读取的 4096 个键挨在一起，它们各自的窗口覆盖的几乎是同一段文本，只是依次错开一个位置。每一层大约只增加一个窗口，所以可达范围随层数线性增长，而不是按幂增长。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      text: {
        en: '**Sliding-window attention** is local-m inside self-attention: each query attends only to the $w$ keys around it. Longformer (Beltagy et al. 2020) centres the window on the token and adds global attention for a few chosen tokens; a decoder such as Mistral 7B (Jiang et al. 2023) takes the $w = 4096$ most recent positions. Each query scores $w$ keys instead of $n$, so a layer costs $O(n \\cdot w)$ instead of $O(n^2)$: for a fixed window, linear in the length of the text.',
        zh: '**滑动窗口注意力**就是放进自注意力里的 local-m：每个查询只关注它周围的 $w$ 个键。Longformer（Beltagy 等人，2020）让窗口以词元为中心，并给少数选定的词元加上全局注意力；Mistral 7B（Jiang 等人，2023）这样的解码器则取最近的 $w = 4096$ 个位置。每个查询只给 $w$ 个键打分，而不是 $n$ 个，所以一层的代价是 $O(n \\cdot w)$ 而不是 $O(n^2)$：窗口固定时，它随文本长度线性增长。',
      },
    },
    {
      kind: 'formula',
      answers: 'window-reach',
      tex: String.raw`\underbrace{n \cdot w}_{\text{scores per layer}} \ \text{instead of}\ n^2, \qquad \text{reach after } L \text{ layers} \approx L \cdot w \quad (32 \times 4096 = 131{,}072)`,
      caption: {
        en: 'The window does not cap what the model can see. Layer 2 reads outputs that each summarised a window of layer 1, so the reach grows by about $w$ per layer; attention is the only part of a block that moves information between positions.',
        zh: '窗口并不是模型视野的上限。第 2 层读取的每个输出都概括了第 1 层的一个窗口，所以每多一层，可达范围大约增加 $w$；在一个块里，只有注意力会在位置之间传递信息。',
      },
    },
    { kind: 'heading', text: { en: 'Self-attention and attention between two sequences', zh: '自注意力与两个序列之间的注意力' } },
    {
      kind: 'prose',
      text: {
        en: 'In Bahdanau’s and Luong’s models the query comes from one sequence (the target being written) and the keys and values from another (the source sentence). In **self-attention**, also called intra-attention, queries, keys and values all come from the same sequence. The Transformer uses both: self-attention inside the encoder and the decoder, and encoder–decoder attention, where the decoder’s queries read the encoder’s output.',
        zh: '在 Bahdanau 和 Luong 的模型中，查询来自一个序列（正在生成的目标句），键和值来自另一个序列（源句）。而在**自注意力**（也叫内部注意力）中，查询、键和值都来自同一个序列。Transformer 同时用到了这两种：编码器和解码器内部是自注意力，而在编码器–解码器注意力中，解码器的查询去读取编码器的输出。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'cross-shape',
        prompt: {
          en: 'The target “今天天气很好。” has 7 tokens (one per character) and the source “The weather is nice today.” has 6. What shape do the cross-attention weights have?',
          zh: '目标句“今天天气很好。”有 7 个词元（每个字符一个），源句“The weather is nice today.”有 6 个。交叉注意力权重的形状是什么？',
        },
        choices: [
          {
            id: 's-by-t',
            text: { en: '6 × 7: one row per source token, as the source is read first', zh: '6 × 7：每个源词元一行，因为源句先被读入' },
            correct: false,
            feedback: {
              en: 'Rows belong to the queries, whichever sentence was read first. The queries come from the target, so there are 7 rows, and the 6 source keys are the columns.',
              zh: '行属于查询，与哪个句子先被读入无关。查询来自目标句，所以有 7 行；源句的 6 个键构成列。',
            },
          },
          {
            id: 't-by-s',
            text: { en: '7 × 6: one row per target token, since queries come from it', zh: '7 × 6：每个目标词元一行，查询都来自目标句' },
            correct: true,
            feedback: {
              en: 'Each target token asks one query (a row), and each source token offers one key (a column). The output has 7 rows too, one mixed source vector per target token.',
              zh: '每个目标词元发出一个查询（一行），每个源词元提供一个键（一列）。输出也有 7 行，每个目标词元得到一个由源句的值混合而成的向量。',
            },
          },
          {
            id: 'square',
            text: { en: '13 × 13: one self-attention over both sentences joined', zh: '13 × 13：把两个句子拼接起来做一次自注意力' },
            correct: false,
            feedback: {
              en: 'That would be self-attention over one joined sequence. Here the two sequences keep their roles: queries from one, keys from the other.',
              zh: '那是对拼接后的一个序列做自注意力。这里两个序列各司其职：查询来自其中一个，键来自另一个。',
            },
          },
        ],
        reveal: { widget: 'cross-attention' },
      },
    },
    {
      kind: 'formula',
      answers: 'cross-shape',
      tex: String.raw`Q = X_{\text{tgt}} W^Q,\quad K = X_{\text{src}} W^K,\quad V = X_{\text{src}} W^V, \qquad \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}}\right) \in \mathbb{R}^{T \times S}`,
      caption: {
        en: 'With $T$ target tokens and $S$ source tokens the weights are $T \\times S$: one row per target token, one column per source token.',
        zh: '目标句有 $T$ 个词元、源句有 $S$ 个词元时，权重是 $T \\times S$ 的：每个目标词元一行，每个源词元一列。',
      },
    },
    {
      kind: 'widget',
      widget: 'cross-attention',
      caption: {
        en: 'Type any source and target. The map is target rows × source columns; the toggle adds the target’s own self-attention from the same head, which is square.',
        zh: '源句和目标句都可以随意输入。图中的行对应目标词元、列对应源词元；打开开关后，还会显示同一个头在目标句内部的自注意力，那张图是方形的。',
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'In a Transformer decoder the encoder–decoder attention needs no causal mask: the whole source sentence is known before decoding starts, so every target position may read every source position. The causal mask belongs to the decoder’s self-attention. When generating, the later target tokens do not exist yet; in training they do, since the whole target is fed at once (teacher forcing, lesson 12), and the mask hides them so that no position reads the token it must predict.',
        zh: '在 Transformer 解码器中，编码器–解码器注意力不需要因果掩码：解码开始之前整个源句就已全部给出，所以每个目标位置都可以读取所有源位置。因果掩码只用在解码器的自注意力中。生成时，后面的目标词元还不存在；训练时它们是存在的，因为整个目标序列一次全部输入（教师强制，第 12 课），掩码把它们挡住，使任何位置都读不到自己要预测的那个词元。',
      },
    },
  ],
  sources: [
    SYLLABUS_ARTICLE,
    { label: 'Luong, Pham, Manning 2015, Effective Approaches to Attention-based Neural Machine Translation', url: 'https://arxiv.org/abs/1508.04025' },
    { label: 'Bahdanau, Cho, Bengio 2014, Neural Machine Translation by Jointly Learning to Align and Translate', url: 'https://arxiv.org/abs/1409.0473' },
    { label: 'Graves 2013, Generating Sequences With Recurrent Neural Networks', url: 'https://arxiv.org/abs/1308.0850' },
    { label: 'Mnih, Heess, Graves, Kavukcuoglu 2014, Recurrent Models of Visual Attention', url: 'https://arxiv.org/abs/1406.6247' },
    { label: 'Vaswani et al. 2017, Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Choromanski et al. 2021, Rethinking Attention with Performers', url: 'https://arxiv.org/abs/2009.14794' },
    { label: 'Beltagy, Peters, Cohan 2020, Longformer: The Long-Document Transformer', url: 'https://arxiv.org/abs/2004.05150' },
    { label: 'Jiang et al. 2023, Mistral 7B', url: 'https://arxiv.org/abs/2310.06825' },
    { label: 'Zhang, Lipton, Li, Smola, Dive into Deep Learning: Attention Scoring Functions', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/attention-scoring-functions.html' },
  ],
};
