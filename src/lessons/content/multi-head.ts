import type { Lesson } from '../types';
import { SYLLABUS_ARTICLE } from './syllabusArticle';

// Lesson 5: why several heads, the MultiHead formula and its shapes (outputs are combined, not weights), splitting
// d_model, concat and W_O, Vaswani Table 3 row (A), head selection / ablation on the student's sentence, and a
// sidebar on multi-query and grouped-query attention.
export const multiHead: Lesson = {
  slug: 'multi-head',
  title: { en: 'Multi-head attention', zh: '多头注意力' },
  summary: {
    en: 'Run several attentions side by side, each on its own slice of the width, then mix them with $W^O$. See how $d_{\\text{model}}$ splits into heads, what the original paper measured, and switch heads off on your own sentence.',
    zh: '让几个注意力并行运行，每个只使用宽度中的一段，最后用 $W^O$ 把它们的结果混合起来。看看 $d_{\\text{model}}$ 如何分给各个头、原论文测出了什么，并在你自己的句子上试着关掉几个头。',
  },
  objectives: [
    {
      en: 'Explain what a single head cannot do and what several heads add.',
      zh: '解释单个注意力头做不到什么，以及多个头带来了什么。',
    },
    {
      en: 'Write the multi-head formula, give the shape of every matrix in it, and say which of the heads’ results are combined, and how.',
      zh: '写出多头注意力的公式，给出其中每个矩阵的形状，并说明各个头的哪一种结果被合并，又是怎样合并的。',
    },
    {
      en: 'Say how wide each head is when $d_{\\text{model}}$ is shared among $h$ heads, and why the cost then stays about the same.',
      zh: '说明把 $d_{\\text{model}}$ 分给 $h$ 个头时每个头有多宽，以及为什么这样计算量基本不变。',
    },
    {
      en: 'Read row (A) of Vaswani et al.’s Table 3 and ablate heads on your sentence.',
      zh: '读懂 Vaswani 等人论文中表 3 的 (A) 行，并在你的句子上做注意力头的消融实验。',
    },
    {
      en: 'Say what multi-query and grouped-query attention share between heads, and what that saves.',
      zh: '说明多查询注意力和分组查询注意力让各个头共用了什么，又因此节省了什么。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'One head, one average', zh: '一个头只能做一次平均' } },
    {
      kind: 'question',
      question: {
        id: 'one-head-average',
        prompt: {
          en: 'A query needs information from two different tokens. What can one head with a single softmax give it?',
          zh: '某个查询需要从两个不同的词元获取信息。只做一次 softmax 的单个头能给它提供什么？',
        },
        choices: [
          {
            id: 'one-mix',
            text: { en: 'One weighted average, its weight split between the two tokens', zh: '一次加权平均，权重在两个词元之间分摊' },
            correct: true,
            feedback: {
              en: 'One distribution per query means one mix of the values: both tokens contribute, each diluted by the other. Two heads can each put most of their weight on one of them.',
              zh: '每个查询只有一个分布，也就只有一次对值的混合：两个词元都有贡献，但都被对方冲淡了。换成两个头，就可以各自把大部分权重放在其中一个词元上。',
            },
          },
          {
            id: 'two-outputs',
            text: { en: 'Two separate outputs, one for each token it needs', zh: '两个独立的输出，所需的每个词元各对应一个' },
            correct: false,
            feedback: {
              en: 'A head returns one vector per query: the weighted average of all values. Separate outputs need separate heads.',
              zh: '一个头对每个查询只返回一个向量，即所有值的加权平均。要得到彼此独立的输出，就需要不同的头。',
            },
          },
          {
            id: 'only-best',
            text: { en: 'Only the information of whichever token matches the query better', zh: '只有与查询更匹配的那个词元的信息' },
            correct: false,
            feedback: {
              en: 'The softmax is soft: unless one score is far above the other, both tokens get a share. Only a near one-hot row would pick a single token.',
              zh: 'softmax 是“软”的：除非一个得分远高于另一个，否则两个词元都会分到一部分权重。只有接近独热的一行权重才会只选中一个词元。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'one-head-average',
      text: {
        en: 'A single attention head gives each query **one** probability distribution over the keys, and its output is **one** weighted average of the values. If a word needs two kinds of information from two places, that one distribution has to split its weight between them, and the average blurs the two together.',
        zh: '单个注意力头为每个查询只给出**一个**覆盖所有键的概率分布，输出也只是值的**一次**加权平均。如果一个词需要从两处获取两种不同的信息，这唯一的分布就只能把权重分摊给两处，而平均又会把两者混在一起。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Take “it” in “The animal did not cross the street because it was too tired.” One useful signal is which noun “it” refers to, another is what is said about it. **Multi-head attention** runs several heads in parallel, each with its own projections and its own softmax, so different heads can put their weight on different positions at the same time.',
        zh: '以第 1 课的例句“那只动物没有过马路，因为它太累了。”为例，看其中的“它”：一条有用的线索是“它”指代哪个名词，另一条是句子对它说了什么（“太累了”）。**多头注意力**并行运行多个头，每个头都有自己的投影和自己的 softmax，因此不同的头可以同时把权重放在不同的位置上。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'heads-combine',
        prompt: {
          en: 'Each head computes its own attention weights and its own output. What do the heads combine: their weights or their outputs?',
          zh: '每个头都会算出自己的注意力权重和输出。多个头最后合并的是什么：是权重，还是输出？',
        },
        choices: [
          {
            id: 'outputs',
            text: { en: 'Their outputs: each head’s weights · V, concatenated, then mixed by $W^O$', zh: '输出：各头的“权重 · V”拼接起来，再由 $W^O$ 混合' },
            correct: true,
            feedback: {
              en: 'Each head’s output is its weights times its own $V_i$, an $[L \\times d_k]$ matrix. The $h$ outputs are concatenated and multiplied by $W^O$; the weight maps themselves are never averaged or mixed.',
              zh: '每个头的输出等于它的权重乘以它自己的 $V_i$，是一个 $[L \\times d_k]$ 的矩阵。$h$ 个输出拼接后再乘以 $W^O$；各头的权重图本身既不取平均，也不相互混合。',
            },
          },
          {
            id: 'average-weights',
            text: { en: 'Their weights: the $h$ maps are averaged into one map, which is then applied to $V$', zh: '权重：把 $h$ 张权重图平均成一张，再把这一张图作用到 $V$ 上' },
            correct: false,
            feedback: {
              en: 'An average of the heads is something the lab can draw for reading, not a step of the layer. Each head applies its own weights to its own $V_i$; what is combined afterwards are the outputs, concatenated and projected by $W^O$.',
              zh: '“所有头的平均”只是实验台为了便于阅读而画出的一张图，并不是这一层的计算步骤。每个头把自己的权重作用在自己的 $V_i$ 上；随后合并的是各头的输出：先拼接，再经 $W^O$ 投影。',
            },
          },
          {
            id: 'sum-scores',
            text: { en: 'Their scores: the heads’ scores are added up before one shared softmax', zh: '得分：先把各头的得分相加，再做一次共用的 softmax' },
            correct: false,
            feedback: {
              en: 'Each head has its own softmax over its own scores, and nothing is added before it. The combining happens after attention: the heads’ outputs are concatenated and projected by $W^O$.',
              zh: '每个头对自己的得分单独做 softmax，在此之前不做任何相加。合并发生在注意力之后：各头的输出先拼接，再经 $W^O$ 投影。',
            },
          },
        ],
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{aligned} &\mathrm{MultiHead}(Q, K, V) = \\ &\quad \mathrm{Concat}(\mathrm{head}_1, \ldots, \mathrm{head}_h)\, W^O \\[4pt] &\mathrm{head}_i = \\ &\quad \mathrm{Attention}(Q W_i^Q, K W_i^K, V W_i^V) \end{aligned}`,
      caption: {
        en: 'Vaswani et al. 2017, Section 3.2.2. In self-attention $Q$, $K$ and $V$ are all the same input $X$, one row per token.',
        zh: 'Vaswani 等人（2017），第 3.2.2 节。在自注意力中，$Q$、$K$、$V$ 都是同一个输入 $X$，每个词元占一行。',
      },
    },
    {
      kind: 'prose',
      answers: 'heads-combine',
      text: {
        en: 'Read the formula from the inside out: $\\mathrm{head}_i$ is an attention **output**, head $i$’s weights times its own values, with one row per token. The $h$ outputs are concatenated and multiplied by $W^O$; the heads’ weights are never averaged or mixed. The Analytics Vidhya article that this course’s syllabus follows says that the heads’ scores are combined into a final attention score: the formula does not do that. A map of the “average of the heads”, like the one the lab can show, is a summary for reading, not a step of the computation.',
        zh: '从里往外读这个公式：$\\mathrm{head}_i$ 是一个注意力**输出**，即第 $i$ 个头的权重乘以它自己的值，每个词元占一行。$h$ 个输出拼接起来，再乘以 $W^O$；各头的权重既不取平均，也不相互混合。本课程大纲所依据的 Analytics Vidhya 文章称各个头的得分会合并成最终的注意力得分，但公式里并没有这一步。实验台可以显示的“所有头的平均”这类图，只是便于阅读的汇总，并不是计算中的一步。',
      },
    },
    { kind: 'heading', text: { en: 'Splitting the width', zh: '切分宽度' } },
    {
      kind: 'question',
      question: {
        id: 'dk-for-heads',
        prompt: {
          en: 'The untrained encoder that the lessons’ widgets run has, by default, $d_{\\text{model}} = 32$ and 4 heads of 8 columns each. You switch to 8 heads. How wide is each head’s $Q_i$ now, and how wide is the concatenation of all heads?',
          zh: '课程组件运行的未训练编码器默认 $d_{\\text{model}} = 32$，共 4 个头，每个头 8 列。现在把头数改成 8：每个头的 $Q_i$ 有多宽？所有头拼接后又有多宽？',
        },
        choices: [
          {
            id: 'four',
            text: { en: '4 columns per head (halved); the concatenation stays 32 wide', zh: '每个头 4 列（减半）；拼接后仍是 32 列' },
            correct: true,
            feedback: {
              en: '$d_k = d_{\\text{model}} / h = 32 / 8 = 4$. More heads do not make the model wider: they cut the same 32 features into thinner slices, and the eight 4-wide outputs fill the same 32 columns.',
              zh: '$d_k = d_{\\text{model}} / h = 32 / 8 = 4$。头数增加并不会让模型变宽：同样的 32 个特征只是被切成了更窄的段，八个 4 列宽的输出正好填满原来的 32 列。',
            },
          },
          {
            id: 'eight-wider',
            text: { en: '8 columns per head, as before; the concatenation is 64', zh: '每个头仍是 8 列；拼接后是 64 列' },
            correct: false,
            feedback: {
              en: 'That is the picture of more heads making a wider model. The width is fixed and split: with 8 heads each gets $32 / 8 = 4$ columns, and the concatenation is back at 32, the width $W^O$ and the next layer expect.',
              zh: '这是把多头理解成了“头越多，模型越宽”。实际上宽度是固定的，只是被切分：8 个头时每个头分到 $32 / 8 = 4$ 列，拼接后回到 32 列，正是 $W^O$ 和下一层所需要的宽度。',
            },
          },
          {
            id: 'thirty-two',
            text: { en: '32 columns per head, the full width; the concatenation is 256', zh: '每个头 32 列（全宽）；拼接后是 256 列' },
            correct: false,
            feedback: {
              en: 'That would give every head the full width, and 8 heads would cost 8 times as much. The width is split, not copied: $d_k = 32 / 8 = 4$.',
              zh: '那样每个头都拿到完整的宽度，8 个头的计算量就会变成 8 倍。宽度是切分给各个头的，而不是复制给每个头：$d_k = 32 / 8 = 4$。',
            },
          },
        ],
      },
    },
    {
      kind: 'question',
      question: {
        id: 'params-vs-heads',
        prompt: {
          en: 'At $d_{\\text{model}} = 32$ you go from 4 heads to 8. How does the number of parameters of the attention layer change?',
          zh: '在 $d_{\\text{model}} = 32$ 的情况下，把头数从 4 改成 8，注意力层的参数量会怎样变化？',
        },
        choices: [
          {
            id: 'same',
            text: { en: 'It stays the same: the same matrices, cut into thinner slices', zh: '保持不变：同样的矩阵只是切得更细' },
            correct: true,
            feedback: {
              en: '$W^Q$, $W^K$, $W^V$ and $W^O$ are $32 \\times 32$ whatever $h$ is: $4 \\cdot 32^2 + 4 \\cdot 32 = 4224$ with the biases. More heads cut the same matrices into thinner slices.',
              zh: '无论 $h$ 是多少，$W^Q$、$W^K$、$W^V$、$W^O$ 都是 $32 \\times 32$：加上偏置共 $4 \\cdot 32^2 + 4 \\cdot 32 = 4224$ 个参数。增加头数只是把同样的矩阵切得更细。',
            },
          },
          {
            id: 'doubles',
            text: { en: 'It doubles: every extra head brings its own projection matrices', zh: '翻倍：每多一个头，就多一套投影矩阵' },
            correct: false,
            feedback: {
              en: 'Each head does have its own $W_i^Q$, but it is only $32 \\times d_k$. Twice as many heads, each half as wide: the total is unchanged.',
              zh: '每个头确实有自己的 $W_i^Q$，但它的大小只有 $32 \\times d_k$。头数翻倍，每个头的宽度减半，总数不变。',
            },
          },
          {
            id: 'halves',
            text: { en: 'It halves: each head’s matrices are only half as wide', zh: '减半：每个头的矩阵窄了一半' },
            correct: false,
            feedback: {
              en: 'The slices get thinner, but there are twice as many of them; together they still tile the same $32 \\times 32$ matrices.',
              zh: '每一段变窄了，但段数翻了一倍；它们拼起来仍是同样的 $32 \\times 32$ 矩阵。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'dk-for-heads',
      text: {
        en: 'The heads do not make the model wider. The $d_{\\text{model}}$ features of each projection are cut into $h$ slices of $d_k = d_{\\text{model}} / h$; head $i$ computes its queries, keys and values in its own slice. Equal slices need $h$ to divide $d_{\\text{model}}$, so PyTorch’s `nn.MultiheadAttention` requires it, and so does this lab. That is a convention of the implementation, not a law of attention: $d_k$ can be chosen on its own, and row (B) of Vaswani et al.’s Table 3 does just that, shrinking $d_k$ to 16 and 32 with 8 heads (both scored worse than 64).',
        zh: '多个头并不会让模型变宽。每个投影的 $d_{\\text{model}}$ 个特征被切成 $h$ 段，每段宽 $d_k = d_{\\text{model}} / h$；第 $i$ 个头只在自己那一段里计算查询、键和值。要切成等宽的段，$h$ 必须能整除 $d_{\\text{model}}$，因此 PyTorch 的 `nn.MultiheadAttention` 有这个要求，本实验台也是如此。不过这只是实现上的约定，并不是注意力本身的规律：$d_k$ 完全可以单独选取。Vaswani 等人表 3 的 (B) 行就是这样做的：保持 8 个头，把 $d_k$ 缩小到 16 和 32（两者的结果都不如 64）。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{gathered} W_i^Q, W_i^K \in \mathbb{R}^{d_{\text{model}} \times d_k} \\ W_i^V \in \mathbb{R}^{d_{\text{model}} \times d_v}, \quad W^O \in \mathbb{R}^{h d_v \times d_{\text{model}}} \\ d_k = d_v = d_{\text{model}} / h \end{gathered}`,
      caption: {
        en: 'The shapes, with the paper’s choice $d_k = d_v = d_{\\text{model}} / h$. The base Transformer has $d_{\\text{model}} = 512$, $h = 8$ and $d_k = d_v = 64$.',
        zh: '各矩阵的形状，按论文的取法 $d_k = d_v = d_{\\text{model}} / h$。基础版 Transformer 取 $d_{\\text{model}} = 512$、$h = 8$、$d_k = d_v = 64$。',
      },
    },
    {
      kind: 'prose',
      answers: 'params-vs-heads',
      text: {
        en: 'Each head’s output is $[L \\times d_k]$. Concatenating the $h$ outputs gives back $[L \\times d_{\\text{model}}]$, and $W^O$ mixes them, so every output feature can draw on every head. Because each head is $h$ times narrower, the total cost is about that of one head at full width, and the number of parameters does not change at all: the $h$ matrices $W_i^Q$ side by side form one $d_{\\text{model}} \\times d_{\\text{model}}$ matrix $W^Q$, and the same holds for $W^K$ and $W^V$, whatever $h$ is.',
        zh: '每个头输出的形状是 $[L \\times d_k]$。把 $h$ 个输出拼接起来，又回到 $[L \\times d_{\\text{model}}]$，再由 $W^O$ 混合，使每个输出特征都能用上所有头的结果。由于每个头的宽度只有全宽的 $h$ 分之一，总计算量与一个全宽的头大致相当，而参数量完全不变：把 $h$ 个 $W_i^Q$ 并排放在一起，就是一个 $d_{\\text{model}} \\times d_{\\text{model}}$ 的 $W^Q$；无论 $h$ 取多少，$W^K$ 和 $W^V$ 也是如此。',
      },
    },
    {
      kind: 'widget',
      widget: 'head-split',
      caption: {
        en: 'The untrained encoder’s width and head count: change them here and every widget in the lessons that runs it follows, and so does the lab when its model is the untrained one (the widget’s button opens it that way). The trained language model keeps its own 4 heads. Like PyTorch, the engine refuses a head count that does not divide the width.',
        zh: '未训练编码器的宽度和头数：在这里修改后，课程中运行它的每个组件都会随之更新；实验台选用未训练模型时也一样（组件上的按钮就是这样打开实验台的）。训练好的语言模型保持它自己的 4 个头。与 PyTorch 一样，引擎不接受不能整除宽度的头数。',
      },
    },
    { kind: 'heading', text: { en: 'What the paper measured', zh: '论文的测量结果' } },
    {
      kind: 'prose',
      text: {
        en: 'Vaswani et al. varied the number of heads while keeping the computation constant: as $h$ grows, $d_k$ and $d_v$ shrink so that $h \\cdot d_k = 512$. BLEU is the translation score (higher is better), PPL the perplexity per word piece (lower is better).',
        zh: 'Vaswani 等人在保持计算量不变的前提下改变头数：$h$ 增大时，$d_k$ 和 $d_v$ 随之减小，以保证 $h \\cdot d_k = 512$。BLEU 是衡量翻译质量的得分（越高越好），PPL 是按子词计算的困惑度（越低越好）。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'table-a',
        prompt: {
          en: 'Before you read the table below: with the computation held fixed, how do you expect the translation score to change from 1 head to 32?',
          zh: '先别看下面的表：在计算量固定的前提下，你预计从 1 个头到 32 个头，翻译得分会怎样变化？',
        },
        choices: [
          {
            id: 'middle',
            text: { en: 'One head is clearly worse; so are 32 heads of width 16', zh: '一个头明显更差，32 个宽度为 16 的头也更差' },
            correct: true,
            feedback: {
              en: 'One head loses 0.9 BLEU against the base model; 8 and 16 heads are best (25.8); 32 heads of width 16 drop back to 25.4.',
              zh: '一个头比基础模型低 0.9 BLEU；8 个和 16 个头最好（25.8）；32 个宽度为 16 的头又降回 25.4。',
            },
          },
          {
            id: 'more-better',
            text: { en: 'It keeps improving: 32 heads of width 16 do best', zh: '一直变好：32 个宽度为 16 的头得分最高' },
            correct: false,
            feedback: {
              en: '32 heads score 25.4 BLEU, below 16 heads (25.8). At constant computation each head gets narrower, and 16 features per head seem to be too few.',
              zh: '32 个头的 BLEU 为 25.4，低于 16 个头的 25.8。计算量不变时，头越多，每个头就越窄，而每个头只有 16 个特征似乎太少了。',
            },
          },
          {
            id: 'one-best',
            text: { en: 'One head of width 512 wins: it sees every feature at once', zh: '只用一个宽度为 512 的头最好：它能一次看到所有特征' },
            correct: false,
            feedback: {
              en: 'One 512-wide head scores 24.9 BLEU, the worst of the row: one softmax per query cannot look at several places at once, however wide it is.',
              zh: '一个宽度为 512 的头只得到 24.9 BLEU，是这一行中最差的：每个查询只有一次 softmax，头再宽也无法同时关注几个位置。',
            },
          },
          {
            id: 'no-matter',
            text: { en: 'Hardly at all: the five models land within 0.1 BLEU', zh: '几乎不变：五个模型的 BLEU 相差不到 0.1' },
            correct: false,
            feedback: {
              en: 'The row spans 0.9 BLEU (24.9 to 25.8) and 0.38 in perplexity (4.91 to 5.29). At the same computation, how the width is split matters.',
              zh: '这一行的 BLEU 相差 0.9（24.9 到 25.8），困惑度相差 0.38（4.91 到 5.29）。在计算量相同的情况下，宽度如何切分确实有影响。',
            },
          },
        ],
      },
    },
    {
      kind: 'table',
      answers: 'table-a',
      caption: {
        en: 'Vaswani et al. 2017, Table 3, row (A): English–German development set (newstest2013), same computation in every row',
        zh: 'Vaswani 等人（2017），表 3 的 (A) 行：英德翻译开发集（newstest2013），各行的计算量相同',
      },
      columns: [
        { en: 'Heads $h$', zh: '头数 $h$' },
        { en: '$d_k = d_v$', zh: '$d_k = d_v$' },
        { en: 'BLEU', zh: 'BLEU 得分' },
        { en: 'PPL', zh: 'PPL（困惑度）' },
      ],
      rows: [
        [{ en: '8 (base model)', zh: '8（基础模型）' }, 64, 25.8, 4.92],
        [1, 512, 24.9, 5.29],
        [4, 128, 25.5, '5.00'],
        [16, 32, 25.8, 4.91],
        [32, 16, 25.4, 5.01],
      ],
    },
    {
      kind: 'prose',
      text: {
        en: 'In the trained model, the paper’s attention figures (encoder layer 5 of 6) show heads doing different things: many heads link “making” to the distant “more difficult”, and two heads are, in the authors’ words, “apparently involved in anaphora resolution”: their attention from the pronoun “its” is very sharp.',
        zh: '论文给出的注意力图（训练好的模型，编码器第 5 层，共 6 层）显示，各个头做着不同的事：许多头把“making”和远处的“more difficult”联系起来；还有两个头，用作者的话说，“apparently involved in anaphora resolution”（看来参与了指代消解）：它们从代词“its”发出的注意力非常集中。',
      },
    },
    {
      kind: 'train',
      label: { en: 'Train a model of two layers with two heads each, and switch its heads off one at a time', zh: '训练一个两层、每层两个头的模型，再逐个关掉它的头' },
      query: 'task=sort&layers=2&heads=2&width=32&lr=0.005&seed=1',
      note: {
        en: 'Sorting 16 digits with two layers of two heads. Press “Load trained model”, then untick a head under “Heads on”: its output becomes zeros before $W^O$ and the held-out accuracy shows how much the model relied on it. Heads of a trained model rarely matter equally.',
        zh: '用一个两层、每层两个头的模型给 16 个数字排序。点击“加载训练好的模型”，再在“启用的头”里取消勾选一个头：它的输出会在进入 $W^O$ 之前被置零，留出集准确率则显示模型有多依赖这个头。在训练好的模型中，各个头的重要性很少是一样的。',
      },
    },
    { kind: 'heading', text: { en: 'Heads on your sentence', zh: '在你的句子上观察各个头' } },
    {
      kind: 'callout',
      tone: 'caution',
      text: {
        en: 'The widgets of this section run the untrained model: its weights are random. Its heads differ because their projections differ, but their maps are fairly diffuse and no head has learned a role like the ones above. What you can see for real is the mechanics: separate distributions per head, and what removing a head does. The last section runs the trained model.',
        zh: '本节的组件运行的是未经训练的模型，权重都是随机的。各个头彼此不同，是因为它们的投影不同；但它们的权重图都比较分散，没有哪个头学会了上面那样的分工。这里能如实看到的是机制本身：每个头各有自己的分布，以及去掉一个头会带来什么变化。本课最后一节运行的才是训练好的模型。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Select head 3 of layer 1', zh: '选中第 1 层的第 3 个头' },
      preset: { lab: { selectedLayer: 0, selectedHead: 2 } },
      note: {
        en: 'Head 3 is index 2 in the code and the link. The grid below outlines it; compare its thumbnail with its neighbours.',
        zh: '第 3 个头在代码和链接中的下标是 2。下面的网格会把它框出来；把它的缩略图与相邻的头比较一下。',
      },
    },
    {
      kind: 'widget',
      widget: 'heads-playground',
      caption: {
        en: 'Every head of your sentence, and the selected layer’s head view. Unticking a head really removes it: its slice of the concatenation becomes zeros before $W^O$.',
        zh: '你的句子的全部注意力头，以及所选那一层的头视图。取消勾选某个头就会真正移除它：它在拼接结果中的那一段会在乘以 $W^O$ 之前被置为 0。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'ablation-effect',
        prompt: {
          en: 'You switch off head 2 of layer 1 (of 2 layers). Which of these changes?',
          zh: '你关闭了第 1 层（共 2 层）的第 2 个头。下面哪一项会改变？',
        },
        choices: [
          {
            id: 'output-and-later',
            text: { en: 'Layer 1’s output, and therefore the weights of all heads in layer 2', zh: '第 1 层的输出，因而还有第 2 层所有头的权重' },
            correct: true,
            feedback: {
              en: 'The other heads of layer 1 compute exactly as before; only the concatenation, and so the output after $W^O$, changes. Layer 2 reads that output, so its queries, keys and weights change too.',
              zh: '第 1 层其余各头的计算与之前完全一样；只有拼接结果，以及经过 $W^O$ 之后的输出会变。第 2 层读入的正是这个输出，所以它的查询、键和权重也会改变。',
            },
          },
          {
            id: 'renormalise',
            text: { en: 'The other heads of layer 1 re-spread their weights to make up for it', zh: '第 1 层的其他头会重新分配权重，以弥补被关掉的头' },
            correct: false,
            feedback: {
              en: 'Heads do not see each other: each softmax runs on its own slice of Q and K. Their thumbnails in the grid stay the same.',
              zh: '各个头彼此看不到对方：每个 softmax 只在自己那一段 Q 和 K 上计算。网格中它们的缩略图保持不变。',
            },
          },
          {
            id: 'nothing',
            text: { en: 'Nothing: the other heads already carry the same information', zh: '什么都不变：其他头本来就携带着同样的信息' },
            correct: false,
            feedback: {
              en: 'Its $d_k$ columns of the concatenation become zeros, and $W^O$ mixes every column into every output feature, so the layer output changes. The output difference shows by how much.',
              zh: '它在拼接结果中的 $d_k$ 列变为 0，而 $W^O$ 会把每一列都混入每个输出特征，所以这一层的输出会变。输出差异图显示了变化有多大。',
            },
          },
        ],
      },
    },
    {
      kind: 'try',
      answers: 'ablation-effect',
      label: { en: 'Switch off heads 2 and 3 of layer 1', zh: '关闭第 1 层的第 2、3 个头' },
      preset: { lab: { disabledHeads: [{ layer: 0, head: 1 }, { layer: 0, head: 2 }] } },
      note: {
        en: 'Watch the grid above: the thumbnails of layer 1’s remaining heads stay exactly as they were, since each softmax sees only its own slice. Layer 1’s output moves (the output difference shows it), and layer 2, which reads that output, gets new weights.',
        zh: '观察上面的网格：第 1 层其余各头的缩略图与之前完全相同，因为每个 softmax 只看自己那一段。第 1 层的输出变了（输出差异图会显示出来），而读入这个输出的第 2 层也得到了新的权重。',
      },
    },
    { kind: 'heading', text: { en: 'Heads of a trained model', zh: '训练好的模型中的头' } },
    {
      kind: 'prose',
      text: {
        en: 'The widget below runs the small language model this project trained on English and Chinese text: 2 layers of 4 heads, reading your sentence from left to right and predicting the next token. Training gave its heads different jobs, and some of them can be measured. In this model one head of layer 1 puts almost all its weight on the **previous token**: 0.85 on average over held-out text, as its model card reports. Its map is a bright stripe just below the diagonal, and the grid labels the head when it does this on your sentence. Find it, switch it off, and see how the predictions change.',
        zh: '下面的组件运行的是本项目用英文和中文文本训练的小型语言模型：2 层，每层 4 个头，从左到右读你的句子，并预测下一个词元。经过训练，它的各个头有了不同的分工，其中一些可以测量出来。在这个模型中，第 1 层有一个头几乎把全部权重都放在**前一个词元**上：按模型卡的报告，在留出文本上平均为 0.85。它的注意力图紧贴对角线下方有一条亮的斜线；如果它在你的句子上也是这样，网格会给这个头加上标签。找到它，把它关掉，看看预测会怎样变化。',
      },
    },
    {
      kind: 'widget',
      widget: 'trained-model-lab',
      config: { example: 'plain' },
      caption: {
        en: 'The trained model on your sentence. Click a head in the grid to see its map below it; untick a head to switch it off, and the predictions read “before → after”. The model is tiny, so its predictions are often wrong.',
        zh: '训练好的模型处理你的句子的结果。点击网格中的某个头，可以在网格下方看到它的注意力图；取消勾选某个头即可将它关闭，预测会显示为“之前 → 之后”。模型很小，所以预测经常出错。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Try several heads, one at a time. You may see one head move the predictions a lot and another hardly at all, and the answer can change with the sentence. That is what different jobs look like from the outside: each head learned its own kind of lookup, and the model leans on different heads for different tokens. Lesson 10 looks for two heads that work together, and asks what switching a head off does and does not prove.',
        zh: '逐个试几个头。你可能会发现，关掉某个头让预测变化很大，关掉另一个却几乎没有影响，而且换一个句子，结果也可能不同。从外部看，“分工不同”就是这个样子：每个头学会了各自的一种查找方式，而模型在处理不同的词元时依赖不同的头。第 10 课会寻找两个协同工作的头，并讨论关掉一个头能证明什么、不能证明什么。',
      },
    },
    { kind: 'heading', text: { en: 'Sidebar: heads that share keys and values', zh: '旁注：共用键和值的头' } },
    {
      kind: 'prose',
      text: {
        en: 'A decoder that writes text one token at a time keeps the keys and values of all earlier tokens in every layer, so it need not recompute them at each step: the **KV cache** (lesson 12). With ordinary multi-head attention that is a key and a value for every head, $2 \\cdot h \\cdot d_k$ numbers per token and layer, and for long texts reading this cache, more than the arithmetic, limits the speed. Shazeer (2019) proposed **multi-query attention** (MQA): all $h$ query heads share a single key head and a single value head. Ainslie et al. (2023) put the two ends together as **grouped-query attention** (GQA): the $h$ query heads form $g$ groups, and the heads of a group share one key head and one value head.',
        zh: '逐个词元生成文本的解码器会在每一层保存之前所有词元的键和值，这样每一步就不必重新计算：这就是 **KV 缓存**（第 12 课）。在普通的多头注意力中，每个头都要存一个键和一个值，每个词元每层共 $2 \\cdot h \\cdot d_k$ 个数；文本很长时，限制速度的主要是读取这个缓存，而不是计算本身。Shazeer（2019）提出了**多查询注意力**（MQA）：全部 $h$ 个查询头共用一个键头和一个值头。Ainslie 等人（2023）把这两个极端统一起来，提出了**分组查询注意力**（GQA）：$h$ 个查询头分成 $g$ 组，同一组的头共用一个键头和一个值头。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'gqa-cache',
        prompt: {
          en: 'A decoder has $h = 8$ query heads and uses GQA with $g = 2$ groups. Per token and layer, how large is its KV cache compared with ordinary multi-head attention?',
          zh: '某个解码器有 $h = 8$ 个查询头，采用分成 $g = 2$ 组的 GQA。对每个词元、每一层而言，它的 KV 缓存是普通多头注意力的多少？',
        },
        choices: [
          {
            id: 'quarter',
            text: { en: 'A quarter: $2 \\cdot 2 \\cdot d_k$ numbers, not $2 \\cdot 8 \\cdot d_k$', zh: '四分之一：只存 2 个键头和 2 个值头' },
            correct: true,
            feedback: {
              en: 'The cache holds one key and one value per key/value head: $2 \\cdot g \\cdot d_k$ numbers. With $g = 2$ instead of 8 that is a quarter, and the key and value projections shrink by the same factor.',
              zh: '缓存为每个键/值头各存一个键和一个值，共 $2 \\cdot g \\cdot d_k$ 个数。$g = 2$ 而不是 8，缓存就只有原来的四分之一；键和值的投影也按同样的比例缩小。',
            },
          },
          {
            id: 'same',
            text: { en: 'The same: each of the 8 query heads still keeps its own keys and values', zh: '一样大：8 个查询头仍然各自保存自己的键和值' },
            correct: false,
            feedback: {
              en: 'Each query head still computes its own weights, but the 4 heads of a group read the same keys and values, so only 2 key heads and 2 value heads are stored.',
              zh: '每个查询头仍然计算自己的权重，但同一组的 4 个头读取的是同一份键和值，所以只需保存 2 个键头和 2 个值头。',
            },
          },
          {
            id: 'half',
            text: { en: 'Half: a group shares its keys, but every head keeps its own values', zh: '一半：同组共用键，但每个头保留自己的值' },
            correct: false,
            feedback: {
              en: 'GQA shares keys and values alike: each group has one key head and one value head, so the cache is $2 \\cdot 2 \\cdot d_k$, a quarter of $2 \\cdot 8 \\cdot d_k$.',
              zh: 'GQA 既共用键，也共用值：每组只有一个键头和一个值头，所以缓存是 $2 \\cdot 2 \\cdot d_k$，即 $2 \\cdot 8 \\cdot d_k$ 的四分之一。',
            },
          },
          {
            id: 'eighth',
            text: { en: 'An eighth: a single key/value head is left for all eight query heads', zh: '八分之一：8 个查询头只剩一个共用的键/值头' },
            correct: false,
            feedback: {
              en: 'That is multi-query attention, $g = 1$. With $g = 2$ there are two key/value heads, each serving four query heads: a quarter of the cache.',
              zh: '那是多查询注意力，即 $g = 1$。$g = 2$ 时有两个键/值头，每个为四个查询头服务：缓存是原来的四分之一。',
            },
          },
        ],
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      answers: 'gqa-cache',
      text: {
        en: 'In shapes, with $d_k = d_{\\text{model}} / h$: $Q$ stays $[L \\times h\\,d_k]$, but $K$ and $V$ are only $[L \\times g\\,d_k]$, and query head $i$ reads key/value head $\\lfloor i / (h/g) \\rfloor$. The key and value projections shrink from $2 \\cdot d_{\\text{model}} \\cdot h \\cdot d_k$ to $2 \\cdot d_{\\text{model}} \\cdot g \\cdot d_k$ weights, and the KV cache from $2 \\cdot h \\cdot d_k$ to $2 \\cdot g \\cdot d_k$ numbers per token and layer: $h / g$ times less. $g = h$ is ordinary multi-head attention, $g = 1$ is MQA. Every query head still has its own weights. Ainslie et al. report that GQA comes close to multi-head quality at close to MQA’s speed, and that a multi-head model can be converted by averaging the key and value heads of each group and training a little further (5 % of the original pre-training compute).',
        zh: '从形状上看（$d_k = d_{\\text{model}} / h$）：$Q$ 仍是 $[L \\times h\\,d_k]$，但 $K$ 和 $V$ 只有 $[L \\times g\\,d_k]$，第 $i$ 个查询头读取第 $\\lfloor i / (h/g) \\rfloor$ 个键/值头。键和值的投影从 $2 \\cdot d_{\\text{model}} \\cdot h \\cdot d_k$ 个权重减少到 $2 \\cdot d_{\\text{model}} \\cdot g \\cdot d_k$ 个，KV 缓存从每个词元每层 $2 \\cdot h \\cdot d_k$ 个数减少到 $2 \\cdot g \\cdot d_k$ 个：两者都只剩原来的 $h / g$ 分之一。$g = h$ 就是普通的多头注意力，$g = 1$ 就是 MQA。每个查询头仍有自己的权重。Ainslie 等人报告说，GQA 的质量接近多头注意力，速度接近 MQA；而且已有的多头模型可以转换过来：把每组的键头和值头分别取平均，再用原预训练计算量的 5% 继续训练一小段。',
      },
    },
    {
      kind: 'widget',
      widget: 'grouped-query',
      caption: {
        en: 'Choose $h$ and $g$ at the lab’s width. Each box is one key/value head with the query heads that read it; the table compares its keys and values with ordinary multi-head attention.',
        zh: '在实验台当前的宽度下选择 $h$ 和 $g$。每个框代表一个键/值头以及读取它的那些查询头；表格把这种配置下的键和值与普通多头注意力作对比。',
      },
    },
  ],
  sources: [
    SYLLABUS_ARTICLE,
    { label: 'Vaswani et al. 2017, Attention Is All You Need (Section 3.2.2, Table 3, Figures 3–5)', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Zhang et al., Dive into Deep Learning (d2l.ai), Multi-Head Attention', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/multihead-attention.html' },
    {
      label: 'UvA DL Tutorial 6, Transformers and Multi-Head Attention',
      url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html',
    },
    { label: 'PyTorch documentation, MultiheadAttention (torch.nn)', url: 'https://pytorch.org/docs/stable/generated/torch.nn.MultiheadAttention.html' },
    { label: 'Shazeer 2019, Fast Transformer Decoding: One Write-Head is All You Need', url: 'https://arxiv.org/abs/1911.02150' },
    { label: 'Ainslie et al. 2023, GQA: Training Generalized Multi-Query Transformer Models from Multi-Head Checkpoints', url: 'https://arxiv.org/abs/2305.13245' },
  ],
};
