import type { Lesson } from '../types';

// Lesson 8: the score functions before (and beside) scaled dot-product: Luong's dot / general / concat and
// location-based scores, Bahdanau's additive attention, Luong's global vs local (local-m, local-p) attention with
// his Table 4, and self-attention vs attention between two sequences. Widgets: score-compare, cross-attention.
export const otherAttention: Lesson = {
  slug: 'other-attention',
  title: { en: 'Other kinds of attention', zh: '其他类型的注意力' },
  summary: {
    en: 'The score $q^\\top k / \\sqrt{d}$ is one choice among several. Compare dot, general, additive, location-based and local attention on your own sentence, and see attention between two different sentences.',
    zh: '得分 $q^\\top k / \\sqrt{d}$ 只是多种选择之一。在你自己的句子上比较点积、一般式、加性、基于位置和局部注意力，并看看两个不同句子之间的注意力。',
  },
  objectives: [
    {
      en: 'Write the dot, general (bilinear), concat/additive and location-based score functions and say what each one learns.',
      zh: '写出点积、一般式（双线性）、拼接式/加性以及基于位置的得分函数，并说出每一种学习的是什么。',
    },
    {
      en: 'Tell global from local attention, and compute the window of local-m and the Gaussian of local-p with $\\sigma = D/2$.',
      zh: '区分全局注意力与局部注意力，并算出 local-m 的窗口和 local-p 中 $\\sigma = D/2$ 的高斯因子。',
    },
    {
      en: 'Explain why Luong’s concat score and Bahdanau’s additive score are the same function.',
      zh: '解释为什么 Luong 的拼接式得分和 Bahdanau 的加性得分是同一个函数。',
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
        zh: '本课程里的每一种注意力都遵循同一个配方：给每个键相对于查询打一个分，用 softmax 把得分变成权重，再对值做加权求和。在 Transformer 出现之前，注意力用在由循环神经网络构成的翻译模型里，这些论文尝试过好几种得分函数。Luong 等人（2015）把这个配方写成：',
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
        zh: '当所有源位置都参与时，Luong 称之为**全局**注意力。得分函数是可以自由选择的部分：',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\operatorname{score}(h_t, \bar h_s) = \begin{cases} h_t^\top \bar h_s & \text{dot} \\ h_t^\top W_a \bar h_s & \text{general} \\ v_a^\top \tanh\big(W_a [h_t; \bar h_s]\big) & \text{concat} \end{cases}`,
      caption: {
        en: 'Luong’s three content-based scores. $[h_t; \\bar h_s]$ stacks the two vectors into one.',
        zh: 'Luong 的三种基于内容的得分。$[h_t; \\bar h_s]$ 表示把两个向量上下拼接成一个。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: '**General** is a bilinear form $x^\\top W y$, sometimes called generalized attention: a learned matrix decides which features of the query should match which features of the key. With $W = I$ it is the dot score again, and $W$ may be rectangular, so queries and keys can have different widths. The Transformer’s $q^\\top k$ with $q = W^Q x$, $k = W^K y$ is a bilinear form too, with $W = (W^Q)^\\top W^K$.',
        zh: '**一般式**是双线性形式 $x^\\top W y$，有时也叫“广义”注意力：由一个可学习的矩阵决定查询的哪些特征应当与键的哪些特征相匹配。当 $W = I$ 时它又变回点积得分；$W$ 也可以不是方阵，所以查询和键的宽度可以不同。Transformer 中 $q = W^Q x$、$k = W^K y$ 时的 $q^\\top k$ 也是一种双线性形式，其中 $W = (W^Q)^\\top W^K$。',
      },
    },
    { kind: 'heading', text: { en: 'Additive attention (Bahdanau)', zh: '加性注意力（Bahdanau）' } },
    {
      kind: 'prose',
      text: {
        en: 'Bahdanau et al. (2014) introduced attention for translation with a small neural network as the score. The query is the decoder’s previous state $s_{i-1}$; the encoder states $h_j$ are the keys and also the values that are averaged.',
        zh: 'Bahdanau 等人（2014）首次把注意力用于翻译，用一个小型神经网络来打分。查询是解码器的上一个状态 $s_{i-1}$；编码器状态 $h_j$ 既是键，也是被加权平均的值。',
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
            text: { en: 'They are the same number for every pair', zh: '对每一对都是同一个数' },
            correct: true,
            feedback: {
              en: 'Right. A matrix times a stacked vector is the sum of its column blocks times the parts: $W_a [h_t; \\bar h_s] = W_1 h_t + W_2 \\bar h_s$. The tanh and $v_a$ come after, so the scores agree. The engine computes the two literally in different ways, and a test checks that they match.',
              zh: '对。矩阵乘以拼接向量，等于各列块分别乘以对应的部分再相加：$W_a [h_t; \\bar h_s] = W_1 h_t + W_2 \\bar h_s$。tanh 和 $v_a$ 在这之后才作用，所以两个得分相同。引擎用两种不同的写法分别计算它们，并有测试检查结果一致。',
            },
          },
          {
            id: 'tanh-breaks',
            text: { en: 'They differ, because tanh is not linear', zh: '不同，因为 tanh 不是线性的' },
            correct: false,
            feedback: {
              en: 'tanh is indeed not linear, but it is applied to the same vector in both: the split happens inside, where everything is still linear. $W_a [h_t; \\bar h_s] = W_1 h_t + W_2 \\bar h_s$ exactly.',
              zh: 'tanh 确实不是线性的，但两边它作用的是同一个向量：拆分发生在 tanh 里面，那里一切仍然是线性的。$W_a [h_t; \\bar h_s] = W_1 h_t + W_2 \\bar h_s$ 严格成立。',
            },
          },
          {
            id: 'equal-widths',
            text: { en: 'They agree only when queries and keys have the same width', zh: '只有当查询和键宽度相同时才一致' },
            correct: false,
            feedback: {
              en: 'No width condition is needed: $W_1$ has as many columns as $h_t$ has entries and $W_2$ as many as $\\bar h_s$, whatever those are. The identity holds for any widths.',
              zh: '不需要宽度相同：$W_1$ 的列数等于 $h_t$ 的长度，$W_2$ 的列数等于 $\\bar h_s$ 的长度，无论它们是多少。这个等式对任何宽度都成立。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'So concat and additive are one function with two names. It costs more than a dot product: every query–key pair goes through the small network, while dot scores for all pairs are a single matrix product.',
        zh: '所以拼接式和加性是同一个函数的两个名字。它比点积更费计算：每一对查询–键都要经过这个小网络，而所有配对的点积得分只需一次矩阵乘法。',
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
        zh: 'Luong 的基于位置的变体完全不看源状态：权重只由查询决定，$W_a$ 的每一行对应一个源位置。因此它需要固定数量 $S$ 的源位置，而且只能学到“看哪里”，学不到“找什么”。',
      },
    },
    { kind: 'heading', text: { en: 'Global and local attention', zh: '全局注意力与局部注意力' } },
    {
      kind: 'prose',
      text: {
        en: 'Global attention scores all $S$ source positions for every target word, which is costly for long sentences. Luong’s **local** attention looks only at a window $[p_t - D, p_t + D]$ around an aligned position $p_t$, so at most $2D + 1$ keys per query. The align scores are a softmax over that window.',
        zh: '全局注意力要为每个目标词给全部 $S$ 个源位置打分，句子很长时代价很高。Luong 的**局部**注意力只看以对齐位置 $p_t$ 为中心的窗口 $[p_t - D, p_t + D]$，所以每个查询最多看 $2D + 1$ 个键。对齐得分就是在这个窗口内做的 softmax。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{gathered} \text{local-m: } p_t = t \qquad\qquad \text{local-p: } p_t = S \cdot \operatorname{sigmoid}\big(v_p^\top \tanh(W_p h_t)\big) \\ \text{local-p: } a_t(s) = \operatorname{align}(h_t, \bar h_s)\, \exp\!\left(-\frac{(s - p_t)^2}{2\sigma^2}\right), \quad \sigma = \frac{D}{2} \end{gathered}`,
      caption: {
        en: 'Local-m assumes source and target run roughly in step (monotonic). Local-p predicts a real-valued $p_t \\in (0, S)$ and fades the keys away from it with a Gaussian.',
        zh: 'local-m 假设源句和目标句大致同步（单调对齐）。local-p 预测一个实数位置 $p_t \\in (0, S)$，并用高斯因子让远离它的键逐渐减弱。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'At $s = p_t$ the Gaussian factor is 1; one $\\sigma$ away it is $e^{-1/2} \\approx 0.61$; at the window’s edge, $2\\sigma$ away, it is $e^{-2} \\approx 0.14$. The Gaussian multiplies weights that already sum to 1, and Luong does not renormalise afterwards, so the widget follows him: local-p rows sum to less than 1.',
        zh: '在 $s = p_t$ 处高斯因子为 1；相距一个 $\\sigma$ 时为 $e^{-1/2} \\approx 0.61$；在窗口边缘，也就是相距 $2\\sigma$ 时为 $e^{-2} \\approx 0.14$。高斯因子乘在本来和为 1 的权重上，而 Luong 之后没有重新归一化，下面的组件也照此处理：local-p 每一行的和都小于 1。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'local-m-keys',
        prompt: {
          en: 'Local-m with $D = 1$, in a sentence of at least six tokens. How many keys can query 5 attend to?',
          zh: '使用 local-m、$D = 1$，句子至少有六个词元。第 5 个查询可以关注多少个键？',
        },
        choices: [
          {
            id: 'one',
            text: { en: '1: only key 5', zh: '1 个：只有第 5 个键' },
            correct: false,
            feedback: {
              en: 'That is $D = 0$. With $D = 1$ the window reaches one position to each side: $|s - 5| \\le 1$.',
              zh: '那是 $D = 0$ 的情况。$D = 1$ 时窗口向两边各延伸一个位置：$|s - 5| \\le 1$。',
            },
          },
          {
            id: 'two',
            text: { en: '2', zh: '2 个' },
            correct: false,
            feedback: {
              en: 'Two keys happen only at the ends of the sentence: query 1 sees keys 1 and 2, the last query its own key and the one before. Query 5 is in the middle.',
              zh: '只有在句子两端才是 2 个：第 1 个查询看第 1、2 个键，最后一个查询看自己和前一个键。第 5 个查询位于中间。',
            },
          },
          {
            id: 'three',
            text: { en: '3: keys 4, 5 and 6', zh: '3 个：第 4、5、6 个键' },
            correct: true,
            feedback: {
              en: 'Right: $|s - 5| \\le 1$ keeps $s = 4, 5, 6$, that is $2D + 1 = 3$ keys. Every other key is blocked and gets weight exactly 0. In the widget, the local-m map is a band three cells wide along the diagonal.',
              zh: '对：$|s - 5| \\le 1$ 留下 $s = 4, 5, 6$，即 $2D + 1 = 3$ 个键。其余的键都被屏蔽，权重恰好为 0。在组件里，local-m 的图是沿对角线、三格宽的一条带。',
            },
          },
          {
            id: 'all',
            text: { en: 'All of them, only with smaller weights far away', zh: '全部，只是远处的权重更小' },
            correct: false,
            feedback: {
              en: 'That describes a soft preference, not a window. Local-m blocks every key outside $|s - t| \\le D$: its weight is exactly 0, as the cell count in the widget shows.',
              zh: '那描述的是一种软偏好，而不是窗口。local-m 会屏蔽 $|s - t| \\le D$ 之外的所有键：它们的权重恰好为 0，组件里的非零格子数就能说明这一点。',
            },
          },
        ],
        reveal: { widget: 'score-compare', config: { d: 1, focus: 'local-m' } },
      },
    },
    { kind: 'heading', text: { en: 'All of them on your sentence', zh: '在你的句子上全部试一遍' } },
    {
      kind: 'widget',
      widget: 'score-compare',
      caption: {
        en: 'The same queries and keys (layer 1 of the lab’s model, the selected head) scored seven ways. Click a thumbnail to see that map in full below; move the D sliders to widen or narrow the local windows. All weights are random and untrained: compare the shapes, not the meaning.',
        zh: '同一组查询和键（实验台模型第 1 层、所选的头）用七种方式打分。点击缩略图可在下方查看完整的图；拖动 D 滑块可以加宽或收窄局部窗口。所有权重都是随机、未经训练的：请比较形状，而不是含义。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Use a longer sentence', zh: '换一个更长的句子' },
      preset: { lab: { text: 'The old man walked slowly along the quiet river until the sun went down behind the hills.' } },
      note: {
        en: 'With 18 tokens the local-m map above is a narrow diagonal band among many blocked cells, and the local-p windows jump to wherever each $p_t$ lands. The full maps spread their weight over every key.',
        zh: '有了 18 个词元，上面的 local-m 图就是一条窄窄的对角线带，周围是大量被屏蔽的格子；local-p 的窗口则跳到各自 $p_t$ 落下的位置。完整的图会把权重分散到所有键上。',
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
              zh: '窗口内的 softmax 的确和为 1，但随后每个权重都乘上一个不超过 1 的高斯因子，之后也没有重新归一化。',
            },
          },
          {
            id: 'below-one',
            text: { en: 'Less than 1', zh: '小于 1' },
            correct: true,
            feedback: {
              en: 'Right. Only a key exactly at $p_t$ keeps its whole align weight; every other key loses part of it. Luong leaves it so, and the widget prints the range of the row sums under the local-p map.',
              zh: '对。只有恰好位于 $p_t$ 的键保留全部对齐权重，其余的键都会损失一部分。Luong 就这样保留下来，组件会在 local-p 图下方显示各行之和的范围。',
            },
          },
          {
            id: 'above-one',
            text: { en: 'More than 1, because the Gaussian adds weight near $p_t$', zh: '大于 1，因为高斯因子在 $p_t$ 附近增加了权重' },
            correct: false,
            feedback: {
              en: 'The factor $\\exp(-(s - p_t)^2 / 2\\sigma^2)$ is never above 1: it can only keep or shrink a weight, never add to it.',
              zh: '因子 $\\exp(-(s - p_t)^2 / 2\\sigma^2)$ 永远不会超过 1：它只能保持或缩小权重，不可能增加权重。',
            },
          },
        ],
        reveal: { widget: 'score-compare', config: { focus: 'local-p' } },
      },
    },
    { kind: 'heading', text: { en: 'Which score worked best?', zh: '哪一种得分效果最好？' } },
    {
      kind: 'table',
      caption: {
        en: 'Luong et al. 2015, Table 4: BLEU of English→German translation models that differ only in their attention (higher is better).',
        zh: 'Luong 等人 2015，表 4：只在注意力上不同的英译德翻译模型的 BLEU 得分（越高越好）。',
      },
      columns: [
        { en: 'Attention', zh: '注意力' },
        { en: 'Score', zh: '得分函数' },
        { en: 'BLEU', zh: 'BLEU 得分' },
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
        zh: '在他们的实验中，全局注意力用点积比用一般式好，而局部的 local-p 注意力配一般式效果最好。这些都是单次训练的系统，彼此只差一分左右，所以应当理解为“最好的得分函数取决于模型的其余部分”，而不是一条定律。',
      },
    },
    { kind: 'heading', text: { en: 'Self-attention and attention between two sequences', zh: '自注意力与两个序列之间的注意力' } },
    {
      kind: 'prose',
      text: {
        en: 'In Bahdanau’s and Luong’s models the query comes from one sequence (the target being written) and the keys and values from another (the source sentence). In **self-attention**, also called intra-attention, queries, keys and values all come from the same sequence. The Transformer uses both: self-attention inside the encoder and the decoder, and encoder–decoder attention, where the decoder’s queries read the encoder’s output.',
        zh: '在 Bahdanau 和 Luong 的模型中，查询来自一个序列（正在生成的目标句），键和值来自另一个序列（源句）。而在**自注意力**（也叫内部注意力）中，查询、键和值都来自同一个序列。Transformer 两者都用：编码器和解码器内部是自注意力，而在编码器–解码器注意力中，解码器的查询去读取编码器的输出。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`Q = X_{\text{tgt}} W^Q,\quad K = X_{\text{src}} W^K,\quad V = X_{\text{src}} W^V, \qquad \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}}\right) \in \mathbb{R}^{T \times S}`,
      caption: {
        en: 'With $T$ target tokens and $S$ source tokens the weights are $T \\times S$: one row per target token, one column per source token.',
        zh: '目标句有 $T$ 个词元、源句有 $S$ 个词元时，权重是 $T \\times S$ 的：每个目标词元一行，每个源词元一列。',
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
            id: 't-by-s',
            text: { en: '7 × 6: target rows, source columns', zh: '7 × 6：行是目标词元，列是源词元' },
            correct: true,
            feedback: {
              en: 'Right. Each target token asks one query (a row), and each source token offers one key (a column). The output has 7 rows too, one mixed source vector per target token.',
              zh: '对。每个目标词元发出一个查询（一行），每个源词元提供一个键（一列）。输出也有 7 行，每个目标词元得到一个由源句混合而成的向量。',
            },
          },
          {
            id: 's-by-t',
            text: { en: '6 × 7', zh: '6 × 7' },
            correct: false,
            feedback: {
              en: 'Rows belong to the queries. The queries come from the target, so there are 7 rows, and the 6 source keys are the columns.',
              zh: '行属于查询。查询来自目标句，所以有 7 行，6 个源键是列。',
            },
          },
          {
            id: 'square',
            text: { en: '13 × 13: both sentences joined', zh: '13 × 13：把两个句子连起来' },
            correct: false,
            feedback: {
              en: 'That would be self-attention over one joined sequence. Here the two sequences keep their roles: queries from one, keys from the other.',
              zh: '那是对拼接后的一个序列做自注意力。这里两个序列各司其职：查询来自一个，键来自另一个。',
            },
          },
        ],
        reveal: { widget: 'cross-attention' },
      },
    },
    {
      kind: 'widget',
      widget: 'cross-attention',
      caption: {
        en: 'Type any source and target. The map is target rows × source columns; the toggle adds the target’s own self-attention from the same head, which is square.',
        zh: '可以输入任意的源句和目标句。图的行是目标词元、列是源词元；切换按钮会加上同一个头对目标句本身的自注意力，它是方阵。',
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'In a Transformer decoder the encoder–decoder attention needs no causal mask: the whole source sentence is known before decoding starts, so every target position may read every source position. The causal mask belongs to the decoder’s self-attention, where later target tokens do not exist yet.',
        zh: '在 Transformer 解码器中，编码器–解码器注意力不需要因果掩码：解码开始之前整个源句就已全部给出，所以每个目标位置都可以读取所有源位置。因果掩码属于解码器的自注意力，因为那里后面的目标词元还不存在。',
      },
    },
  ],
  sources: [
    { label: 'Luong, Pham, Manning 2015, Effective Approaches to Attention-based Neural Machine Translation', url: 'https://arxiv.org/abs/1508.04025' },
    { label: 'Bahdanau, Cho, Bengio 2014, Neural Machine Translation by Jointly Learning to Align and Translate', url: 'https://arxiv.org/abs/1409.0473' },
    { label: 'Vaswani et al. 2017, Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Zhang, Lipton, Li, Smola, Dive into Deep Learning: Attention Scoring Functions', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/attention-scoring-functions.html' },
  ],
};
