import type { Lesson } from '../types';

// Lesson 2: the roles of Q, K and V, the scoring function, softmax, output = AV, and Q/K/V as projections of X.
export const queriesKeysValues: Lesson = {
  slug: 'queries-keys-values',
  title: { en: 'Queries, keys and values', zh: '查询、键与值' },
  summary: {
    en: 'Every token plays three parts: a query that asks, a key that is matched, and a value that is passed on. In self-attention all three are learned projections of the same embeddings.',
    zh: '每个词元都扮演三个角色：负责提问的查询、供查询匹配的键，以及传递出去的值。在自注意力中，这三者都由同一组嵌入经可学习的投影得到。',
  },
  objectives: [
    { en: 'Explain what the query, the key and the value of a token are each for.', zh: '说明一个词元的查询、键和值各自起什么作用。' },
    { en: 'Follow $QK^\\top$, the softmax weights and their weighted sum of values, $AV$, through a small example, and check it in the editor.', zh: '在一个小例子里一步步算出 $QK^\\top$、softmax 权重和对值的加权和 $AV$，并在编辑器里验证。' },
    { en: 'Describe how self-attention makes Q, K and V from the same embeddings with $W^Q$, $W^K$ and $W^V$.', zh: '描述自注意力如何用 $W^Q$、$W^K$、$W^V$ 从同一组嵌入得到 Q、K、V。' },
    { en: 'Tell which numbers change when only a query, a key or a value changes.', zh: '判断只改动某个查询、键或值时，哪些数字会跟着变。' },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'Three roles for every token', zh: '每个词元的三个角色' } },
    {
      kind: 'prose',
      text: {
        en: 'In the first lesson one vector per word did two jobs: it was compared with the query, and it was also what got averaged. Real attention keeps these jobs apart, because what makes a word relevant is not the same as what it should contribute.',
        zh: '第一课里，每个词只有一个向量，却身兼两职：既要和查询比较，又是被平均的对象。真正的注意力把这两件事分开，因为“一个词是否相关”和“它应该贡献什么”并不是一回事。',
      },
    },
    {
      kind: 'list',
      items: [
        { en: '**Query** $q$: what the current token is looking for. It asks the question.', zh: '**查询** $q$：当前词元在寻找什么。它负责提出问题。' },
        { en: '**Key** $k$: what a token advertises about itself. Every query is compared with every key.', zh: '**键** $k$：一个词元对外展示的“标签”。每个查询都要和每个键比较。' },
        { en: '**Value** $v$: the content a token hands over once it is attended to.', zh: '**值** $v$：一个词元被关注时交出去的内容。' },
      ],
    },
    {
      kind: 'prose',
      text: {
        en: 'A library catalogue is a fair picture. You type a request (the query), it is matched against the labels on the catalogue cards (the keys), and what you carry home is the books (the values), not the labels.',
        zh: '可以拿图书馆目录打个比方：你输入检索要求（查询），系统拿它去和目录卡片上的标签（键）比对，而你最后带回家的是书（值），不是标签。',
      },
    },
    { kind: 'heading', text: { en: 'Scores, weights, output', zh: '得分、权重与输出' } },
    {
      kind: 'prose',
      text: {
        en: 'The **scoring function** takes one query and one key and returns a single number: how well this query-key pair matches. In the Transformer it is the dot product. Stack the queries as the rows of $Q$ and the keys as the rows of $K$, and every score at once is the matrix product $QK^\\top$.',
        zh: '**评分函数**接收一个查询和一个键，返回一个数，表示这一对查询和键匹配得有多好。Transformer 用的是点积。把所有查询按行排成矩阵 $Q$、所有键按行排成 $K$，全部得分就是一次矩阵乘法 $QK^\\top$。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`S = QK^\top, \qquad S_{ij} = q_i \cdot k_j`,
      caption: { en: 'Row $i$ holds query $i$’s scores against every key $j$.', zh: '第 $i$ 行是查询 $i$ 对每个键 $j$ 的得分。' },
    },
    {
      kind: 'prose',
      text: {
        en: 'A softmax along each row turns the scores into weights, so each row of $A$ adds up to 1. Output row $i$ is then the weighted sum of the value rows. Before the softmax the Transformer divides the scores by $\\sqrt{d_k}$, the square root of the key width; lesson 3 is about why.',
        zh: '对每一行做 softmax，把得分变成权重，于是 $A$ 的每一行之和都是 1。输出的第 $i$ 行，就是以第 $i$ 行的权重对各个值向量求加权和。在 softmax 之前，Transformer 还会把得分除以 $\\sqrt{d_k}$（键向量宽度的平方根），原因留到第 3 课再讲。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`A = \operatorname{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}}\right), \qquad \text{output} = AV, \qquad \text{output}_i = \sum_{j} A_{ij}\, v_j`,
    },
    { kind: 'heading', text: { en: 'Edit the matrices', zh: '动手改矩阵' } },
    {
      kind: 'prose',
      text: {
        en: 'Three tokens, each with a query, a key and a value of two numbers ($d_k = d_v = 2$). Change any number and every matrix below follows; they are computed by the same engine the lab uses. Choose which token’s query to follow: its row is highlighted throughout.',
        zh: '这里有三个词元，每个词元的查询、键和值都由两个数组成（$d_k = d_v = 2$）。改动任意一个数，下面的所有矩阵都会随之更新；它们和实验台用的是同一个计算引擎。选定要跟踪哪个词元的查询后，该词元所在的行会在各个矩阵中高亮。',
      },
    },
    {
      kind: 'widget',
      widget: 'qkv-editor',
      caption: {
        en: 'Values must be numbers between −10 and 10. Anything else is flagged, and the last valid number stays in use.',
        zh: '输入必须是 −10 到 10 之间的数字。其他输入会被标记出来，同时沿用上一个有效的数字。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'value-change',
        prompt: {
          en: 'Starting from the initial numbers, you change only the V row of “tea”. Which of the matrices below the editor change?',
          zh: '从初始数值出发，只改动“茶”那一行的 V。编辑器下方的哪些矩阵会变？',
        },
        choices: [
          {
            id: 'output',
            text: { en: 'Only the output, in every row: the scores never use V', zh: '只有输出，每一行都变：得分与 V 无关' },
            correct: true,
            feedback: {
              en: 'Values take no part in the scores: $QK^\\top$, the scaled scores and the weights depend on Q and K only. With the starting numbers every query gives “tea” a clearly positive weight, so every output row moves.',
              zh: '值不参与打分：$QK^\\top$、缩放后的得分和权重都只取决于 Q 和 K。按初始数值，每个查询给“茶”的权重都明显大于 0，所以输出的每一行都会变。',
            },
          },
          {
            id: 'column',
            text: { en: 'The scores and the weights in the “tea” column', zh: '“茶”那一列的得分和权重' },
            correct: false,
            feedback: {
              en: 'The scores are $q_i \\cdot k_j$; no value appears in them. A value decides what is passed on, not who gets chosen.',
              zh: '得分是 $q_i \\cdot k_j$，里面没有值。值决定的是传递什么，而不是选中谁。',
            },
          },
          {
            id: 'own-row',
            text: { en: 'Only the output row of “tea”, the token whose value changed', zh: '只有“茶”那一行的输出，因为改的是它的值' },
            correct: false,
            feedback: {
              en: 'Output row $i$ averages all the values with row $i$’s weights. Since every row gives “tea” a positive weight, every output row changes, not just the one for “tea”.',
              zh: '输出的第 $i$ 行是用第 $i$ 行的权重对所有值求平均。每一行给“茶”的权重都是正的，所以每一行输出都会变，而不只是“茶”那一行。',
            },
          },
          {
            id: 'everything',
            text: { en: 'Everything: the scores, the weights and the output', zh: '全部都变：得分、权重和输出' },
            correct: false,
            feedback: {
              en: 'The scores and weights come from Q and K alone, so they stay exactly as they were. Try it in the editor.',
              zh: '得分和权重只由 Q 和 K 决定，所以它们完全不变。在编辑器里试一试。',
            },
          },
        ],
        reveal: { widget: 'qkv-editor' },
      },
    },
    {
      kind: 'question',
      question: {
        id: 'key-change',
        prompt: {
          en: 'Starting from the initial numbers (press Reset), you double the K row of “like”, from (0, 1) to (0, 2). What happens in the weights matrix?',
          zh: '从初始数值出发（先按“重置”），把“喜欢”那一行的 K 加倍，从 (0, 1) 变成 (0, 2)。权重矩阵会发生什么变化？',
        },
        choices: [
          {
            id: 'rows-with-score',
            text: { en: 'Rows “like” and “tea” change in every column; row “I” stays', zh: '“喜欢”和“茶”两行每列都变；“我”那行不变' },
            correct: true,
            feedback: {
              en: 'The key of “like” enters the “like” column of every row, but the query of “I” is (1, 0), and its dot product with (0, 2) is still 0. In the other two rows the “like” score doubles, its weight grows, and because each row still sums to 1 the other weights in those rows shrink.',
              zh: '“喜欢”的键会影响每一行中“喜欢”那一列，但“我”的查询是 (1, 0)，它和 (0, 2) 的点积仍然是 0。另外两行里“喜欢”的得分翻倍、权重变大；由于每行的和仍是 1，这两行的其他权重随之变小。',
            },
          },
          {
            id: 'column-only',
            text: { en: 'Only the “like” column changes; the other weights keep their values', zh: '只有“喜欢”那一列会变，同一行的其他权重保持原值' },
            correct: false,
            feedback: {
              en: 'A softmax normalises each row: when one weight in a row grows, the others in that row must shrink to keep the sum at 1.',
              zh: 'softmax 对每一行做归一化：一行里某个权重变大时，同一行的其他权重必须变小，总和才能保持为 1。',
            },
          },
          {
            id: 'row-only',
            text: { en: 'Only the row of “like” changes, since only its vector was edited', zh: '只有“喜欢”那一行会变，因为只改了它的向量' },
            correct: false,
            feedback: {
              en: 'A token’s row is steered by its query. Its key decides how it is seen by everyone, so the change shows up in the “like” column across the rows.',
              zh: '一个词元所在的行由它的查询决定；它的键决定别人如何“看到”它，所以变化出现在各行的“喜欢”那一列。',
            },
          },
          {
            id: 'nothing',
            text: { en: 'Nothing, because only the direction of a key matters', zh: '什么都不变，因为键只有方向才重要' },
            correct: false,
            feedback: {
              en: 'The dot product grows with the length of the key, as in lesson 1. Doubling a key doubles all its scores.',
              zh: '和第一课一样，点积会随键的长度增大。把键加倍，它的所有得分都会翻倍。',
            },
          },
        ],
        reveal: { widget: 'qkv-editor' },
      },
    },
    { kind: 'heading', text: { en: 'Where Q, K and V come from', zh: 'Q、K、V 从哪里来' } },
    {
      kind: 'prose',
      text: {
        en: 'In **self-attention** the queries, keys and values all come from the same sequence. Each token’s embedding $x_i$ is a row of $X$, and three learned matrices turn it into that token’s query, key and value.',
        zh: '在**自注意力**中，查询、键和值都来自同一个序列。每个词元的嵌入 $x_i$ 是矩阵 $X$ 的一行，三个可学习的矩阵把它分别变成这个词元的查询、键和值。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`Q = XW^Q, \qquad K = XW^K, \qquad V = XW^V`,
      caption: {
        en: '$X$ is [tokens × $d_{\\text{model}}$]; $W^Q$ and $W^K$ are [$d_{\\text{model}}$ × $d_k$], $W^V$ is [$d_{\\text{model}}$ × $d_v$]. Training sets the three matrices; nothing else about the roles is built in.',
        zh: '$X$ 的形状是 [词元数 × $d_{\\text{model}}$]；$W^Q$ 和 $W^K$ 是 [$d_{\\text{model}}$ × $d_k$]，$W^V$ 是 [$d_{\\text{model}}$ × $d_v$]。这三个矩阵由训练确定；除此之外，三种角色再没有任何预先设定的东西。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'symmetric',
        prompt: {
          en: 'In self-attention, is the weight token $i$ gives token $j$ always equal to the weight $j$ gives $i$?',
          zh: '在自注意力中，词元 $i$ 给词元 $j$ 的权重是否总等于 $j$ 给 $i$ 的权重？',
        },
        choices: [
          {
            id: 'no',
            text: { en: 'No: queries and keys use different matrices', zh: '不是：查询和键的矩阵不同' },
            correct: true,
            feedback: {
              en: '$q_i \\cdot k_j$ and $q_j \\cdot k_i$ compare different vectors, because queries and keys use different matrices. And even equal scores give unequal weights, since each row is normalised by its own sum. Compare the “I” to “like” and “like” to “I” weights in the editor.',
              zh: '$q_i \\cdot k_j$ 和 $q_j \\cdot k_i$ 比较的是不同的向量，因为查询和键用的是不同的矩阵。而且即使得分相等，权重也不一定相等，因为每一行都按自己的总和归一化。在编辑器里比较一下“我”看“喜欢”与“喜欢”看“我”的权重。',
            },
          },
          {
            id: 'same-embeddings',
            text: { en: 'Yes, because both come from the same embeddings', zh: '是，因为两者来自同一组嵌入' },
            correct: false,
            feedback: {
              en: 'The embeddings are shared, but the query and the key are made from them by different matrices, $W^Q$ and $W^K$, so $q_i$ and $k_i$ are different vectors.',
              zh: '嵌入确实是共用的，但查询和键是用不同的矩阵 $W^Q$ 和 $W^K$ 从嵌入算出来的，所以 $q_i$ 和 $k_i$ 是不同的向量。',
            },
          },
          {
            id: 'dot-symmetric',
            text: { en: 'Yes, because the dot product is symmetric', zh: '是，因为点积满足交换律' },
            correct: false,
            feedback: {
              en: 'It is true that $a \\cdot b = b \\cdot a$, but the two scores pair different vectors: $q_i$ with $k_j$, and $q_j$ with $k_i$. On top of that, the softmax divides each row by a different sum.',
              zh: '$a \\cdot b = b \\cdot a$ 确实成立，但这两个得分配对的是不同的向量：$q_i$ 配 $k_j$，$q_j$ 配 $k_i$。此外，softmax 还会让每一行除以各自不同的总和。',
            },
          },
        ],
        reveal: { widget: 'qkv-editor' },
      },
    },
    {
      kind: 'prose',
      answers: 'symmetric',
      text: {
        en: 'So the same word gets three different vectors, one per role. Because $W^Q$ and $W^K$ differ, the score of $i$ looking at $j$, $q_i \\cdot k_j$, is in general not the score of $j$ looking at $i$. And even equal scores need not give equal weights: each row of the softmax is divided by its own sum.',
        zh: '所以同一个词会得到三个不同的向量，每个角色一个。由于 $W^Q$ 和 $W^K$ 不同，$i$ 看 $j$ 的得分 $q_i \\cdot k_j$ 一般并不等于 $j$ 看 $i$ 的得分。即使得分相等，权重也未必相等：softmax 的每一行都除以它自己的总和。',
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'The untrained encoder’s projection matrices are random (seeded), not trained. Its Q, K and V are real projections of your sentence’s embeddings, but the patterns they give carry no learned meaning yet.',
        zh: '未训练编码器的投影矩阵是随机生成的（带固定种子），没有经过训练。它的 Q、K、V 确实是你这句话的嵌入经投影得到的，但由此得到的模式还不带有任何学到的含义。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Show the Q, K, V projections of my sentence', zh: '显示我的句子的 Q、K、V 投影' },
      preset: { walkthroughStep: 'qkv' },
      note: {
        en: 'One row per token of your sentence; the columns are the selected head’s share of the features.',
        zh: '你的句子中每个词元一行；各列是所选注意力头分到的那部分特征。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Show the scores $QK^\\top$ of my sentence', zh: '显示我的句子的得分 $QK^\\top$' },
      preset: { walkthroughStep: 'scores' },
    },
    {
      kind: 'widget',
      widget: 'walkthrough-step',
      caption: {
        en: 'The same computation as in the editor, on your sentence, with the untrained encoder’s random weights.',
        zh: '与编辑器中相同的计算，这次作用在你的句子上，用的是未训练编码器的随机权重。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762' },
    {
      label: 'Lippe, UvA Deep Learning Tutorial 6: Transformers and Multi-Head Attention',
      url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html',
    },
    { label: 'Zhang et al., Dive into Deep Learning, 11.1 Queries, Keys, and Values', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/queries-keys-values.html' },
  ],
};
