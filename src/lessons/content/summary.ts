import { GLOSSARY } from '../glossary';
import type { Lesson } from '../types';

// Lesson 11: review questions first (before the summary gives their answers away), then the course in formulas and
// shapes, frequently asked questions, the Chinese glossary and a compact lab.
export const summary: Lesson = {
  slug: 'summary',
  title: { en: 'Summary and FAQ', zh: '总结与常见问题' },
  summary: {
    en: 'The whole course in a few formulas and one table of shapes, answers to the questions students ask most, the Chinese glossary, and a compact lab to check any of it on your own sentence.',
    zh: '用几条公式和一张形状表回顾整个课程，回答学生最常问的问题，列出中文术语表，并提供一个小型实验台，用你自己的句子验证其中任何一点。',
  },
  objectives: [
    {
      en: 'Recall the formulas from scaled dot-product attention to the encoder block, with the shape of every quantity.',
      zh: '回忆从缩放点积注意力到编码器块的各条公式，以及每个量的形状。',
    },
    {
      en: 'Answer the common questions about heads, scaling, masks, residuals and explanations.',
      zh: '回答关于注意力头、缩放、掩码、残差连接和可解释性的常见问题。',
    },
    {
      en: 'Use the mini-lab to test a claim on your own sentence.',
      zh: '用小型实验台在自己的句子上检验一个论断。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'Check yourself first', zh: '先自测一下' } },
    {
      kind: 'prose',
      text: {
        en: 'Three questions from earlier lessons. Answer them from memory before you read on: the summary below gives their answers away.',
        zh: '下面三道题来自前面的课程。先凭记忆作答，再往下读：后面的总结会透露答案。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'review-head-shape',
        review: true,
        prompt: {
          en: 'A classmate says: “With $h = 8$ heads and $d_{\\text{model}} = 512$, each head has its own 512-wide queries and keys, so multi-head attention costs about 8 times as much as one head.” What is wrong with that?',
          zh: '一位同学说：“当 $h = 8$、$d_{\\text{model}} = 512$ 时，每个头都有自己 512 维的查询和键，所以多头注意力的计算量大约是单头的 8 倍。”这句话错在哪里？',
        },
        choices: [
          {
            id: 'split-width',
            text: { en: 'Each head is $512 / 8 = 64$ wide; all 8 cost about as much as one', zh: '每个头只有 64 维，8 个头的计算量合起来与单头相当' },
            correct: true,
            feedback: {
              en: 'The heads split the 512 features instead of copying them: $d_k = d_{\\text{model}} / h = 64$. Each head still has an $L \\times L$ map, one weight per query–key pair, and the 8 heads together cost about as much as one full-width head.',
              zh: '各个头分摊这 512 个特征，而不是各自复制一份：$d_k = d_{\\text{model}} / h = 64$。每个头仍有一张 $L \\times L$ 的注意力图，每一对查询–键一个权重；8 个头加起来的计算量与一个全宽的头相当。',
            },
          },
          {
            id: 'nothing',
            text: { en: 'Nothing: 8 full-width heads are the price of looking at 8 places', zh: '没有错：8 个全宽的头，正是同时关注 8 个地方要付出的代价' },
            correct: false,
            feedback: {
              en: 'That is the misconception itself. In the Transformer each head works on $512 / 8 = 64$ features: the gain comes from splitting the width, not from paying for 8 copies of it.',
              zh: '这正是要纠正的误解。在 Transformer 中，每个头只处理 $512 / 8 = 64$ 个特征：好处来自把宽度分开，而不是为 8 份完整的宽度付出代价。',
            },
          },
          {
            id: 'split-tokens',
            text: { en: 'The heads are full width, but each one reads only an eighth of the tokens', zh: '每个头确实是全宽的，但每个头只读取八分之一的词元' },
            correct: false,
            feedback: {
              en: 'The heads split the features, not the tokens: every head compares all queries with all keys, so each has a full $L \\times L$ map, over $512 / 8 = 64$ features.',
              zh: '各个头分的是特征，不是词元：每个头都拿所有查询和所有键比较，所以每个头都有完整的 $L \\times L$ 注意力图，只是基于 $512 / 8 = 64$ 个特征。',
            },
          },
          {
            id: 'shared-qk',
            text: { en: 'The heads share one set of queries and keys and differ only in values', zh: '各个头共用一组查询和键，只有值各不相同' },
            correct: false,
            feedback: {
              en: 'Each head has its own $W_i^Q$ and $W_i^K$, and so its own map; shared queries and keys would give every head the same weights. What is split is the width: 64 features per head.',
              zh: '每个头都有自己的 $W_i^Q$ 和 $W_i^K$，因此有自己的注意力图；如果共用查询和键，所有头的权重就会一模一样。被分开的是宽度：每个头 64 个特征。',
            },
          },
        ],
      },
    },
    {
      kind: 'question',
      question: {
        id: 'review-flatter',
        review: true,
        prompt: {
          en: 'Which change is sure to make every row of a head’s weights flatter (closer to uniform), whatever the scores are?',
          zh: '下面哪种改动无论得分是多少，都一定会让一个头的每一行权重变得更平坦（更接近均匀）？',
        },
        choices: [
          {
            id: 'divide-dk',
            text: { en: 'Dividing the scores by $d_k$ instead of $\\sqrt{d_k}$', zh: '把得分除以 $d_k$ 而不是 $\\sqrt{d_k}$' },
            correct: true,
            feedback: {
              en: 'Compared with now, every score of the row shrinks by the same factor $\\sqrt{d_k}$ (8 at $d_k = 64$), and shrinking all the scores of a row by one factor always moves its softmax towards uniform.',
              zh: '与现在相比，这一行的每个得分都缩小同一个倍数 $\\sqrt{d_k}$（$d_k = 64$ 时是 8 倍）；把一行得分按同一倍数缩小，softmax 总会更接近均匀。',
            },
          },
          {
            id: 'no-scale',
            text: { en: 'Not dividing at all: $q \\cdot k$ goes straight into the softmax', zh: '不做除法，直接把 $q \\cdot k$ 送入 softmax' },
            correct: false,
            feedback: {
              en: 'That makes every score $\\sqrt{d_k}$ times larger than now, so every row gets sharper, closer to one-hot.',
              zh: '这会让每个得分比现在大 $\\sqrt{d_k}$ 倍，所以每一行都变得更尖锐，更接近独热向量。',
            },
          },
          {
            id: 'causal',
            text: { en: 'Switching on the causal mask, so each row has fewer keys', zh: '打开因果掩码，让每一行的键变少' },
            correct: false,
            feedback: {
              en: 'Removing keys can go either way. Row 0 becomes one-hot. A row $(0.9, 0.05, 0.05)$ becomes $(0.5, 0.5)$, flatter, if the 0.9 key is blocked, but about $(0.947, 0.053)$, sharper, if a 0.05 key is blocked.',
              zh: '去掉键之后，一行可能变平坦，也可能变尖锐。第 0 行会变成独热向量。一行 $(0.9, 0.05, 0.05)$ 如果屏蔽的是 0.9 那个键，就变成 $(0.5, 0.5)$，更平坦；如果屏蔽的是一个 0.05 的键，就变成约 $(0.947, 0.053)$，更尖锐。',
            },
          },
          {
            id: 'shift',
            text: { en: 'Adding the same number to every score in the row', zh: '给这一行的每个得分都加上同一个数' },
            correct: false,
            feedback: {
              en: 'The softmax ignores a shift: $e^{s_j + c} / \\sum_k e^{s_k + c} = e^{s_j} / \\sum_k e^{s_k}$, so the weights do not change at all.',
              zh: 'softmax 不受平移影响：$e^{s_j + c} / \\sum_k e^{s_k + c} = e^{s_j} / \\sum_k e^{s_k}$，所以权重完全不变。',
            },
          },
        ],
      },
    },
    {
      kind: 'question',
      question: {
        id: 'review-causal-row',
        review: true,
        prompt: {
          en: 'With the causal mask on, which weights in row 3 (0-based) of a head can be non-zero?',
          zh: '打开因果掩码后，一个头的第 3 行（从 0 开始计数）中哪些权重可能不为 0？',
        },
        choices: [
          {
            id: 'past',
            text: { en: 'Columns 0 to 3', zh: '第 0 到第 3 列' },
            correct: true,
            feedback: {
              en: 'Query 3 may look at itself and everything before it; the later columns are $-\\infty$ before the softmax and exactly 0 after it.',
              zh: '查询 3 可以看自己和之前的所有词元；后面的列在 softmax 之前是 $-\\infty$，之后恰好为 0。',
            },
          },
          {
            id: 'future',
            text: { en: 'Columns 3 to the end', zh: '从第 3 列到最后一列' },
            correct: false,
            feedback: {
              en: 'That is the reverse: a causal mask blocks the future, so a token cannot peek at the words after it.',
              zh: '方向反了：因果掩码屏蔽的是“未来”，词元不能偷看它后面的词。',
            },
          },
          {
            id: 'self',
            text: { en: 'Only column 3', zh: '只有第 3 列' },
            correct: false,
            feedback: {
              en: 'The mask blocks only later keys; the earlier ones stay available and usually share the weight.',
              zh: '掩码只屏蔽后面的键；前面的键仍然可用，通常会分到一部分权重。',
            },
          },
        ],
      },
    },
    { kind: 'heading', text: { en: 'The course in formulas', zh: '用公式回顾整个课程' } },
    {
      kind: 'formula',
      tex: String.raw`\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{Q K^\top}{\sqrt{d_k}} + M\right) V, \qquad M_{ij} \in \{0, -\infty\}`,
      caption: { en: 'Scaled dot-product attention; the mask $M$ puts $-\\infty$ where key $j$ is blocked for query $i$.', zh: '缩放点积注意力；掩码 $M$ 在查询 $i$ 不允许看到键 $j$ 的位置放入 $-\\infty$。' },
    },
    {
      kind: 'formula',
      tex: String.raw`\mathrm{MultiHead}(X) = \big[\,\mathrm{head}_1 \mid \dots \mid \mathrm{head}_h\,\big]\, W^O, \qquad \mathrm{head}_i = \mathrm{Attention}(X W_i^Q,\; X W_i^K,\; X W_i^V)`,
      caption: { en: 'Multi-head attention: $h$ heads of width $d_k = d_{\\text{model}} / h$, concatenated and projected.', zh: '多头注意力：$h$ 个宽度为 $d_k = d_{\\text{model}} / h$ 的头，拼接后再做投影。' },
    },
    {
      kind: 'formula',
      tex: String.raw`X' = \mathrm{LN}\big(X + \mathrm{MHA}(X)\big), \qquad Y = \mathrm{LN}\big(X' + \mathrm{FFN}(X')\big), \qquad X = E[t] + PE`,
      caption: { en: 'One post-LN encoder block, fed with embeddings plus positional encoding.', zh: '一个 Post-LN 编码器块，输入是词嵌入加位置编码。' },
    },
    {
      kind: 'table',
      caption: { en: 'Shapes for a sentence of $L$ tokens (the untrained encoder’s defaults: $d_{\\text{model}} = 32$, $h = 4$).', zh: '长度为 $L$ 的句子中各个量的形状（未训练编码器的默认值：$d_{\\text{model}} = 32$，$h = 4$）。' },
      columns: [
        { en: 'Quantity', zh: '量' },
        { en: 'Shape', zh: '形状' },
        { en: 'In the lab', zh: '实验台中' },
      ],
      rows: [
        [{ en: 'Input X', zh: '输入 X' }, 'L × d_model', 'L × 32'],
        [{ en: 'Q, K, V of one head', zh: '单个头的 Q、K、V' }, 'L × d_k', 'L × 8'],
        [{ en: 'Scores and weights of one head', zh: '单个头的得分与权重' }, 'L × L', 'L × L'],
        [{ en: 'Output of one head', zh: '单个头的输出' }, 'L × d_k', 'L × 8'],
        [{ en: 'Concatenated heads', zh: '拼接后的各头输出' }, 'L × h·d_k = L × d_model', 'L × 32'],
        ['Wᴼ', 'd_model × d_model', '32 × 32'],
        [{ en: 'FFN hidden layer', zh: '前馈网络隐藏层' }, 'L × d_ff', 'L × 128'],
        [{ en: 'Block output', zh: '块的输出' }, 'L × d_model', 'L × 32'],
      ],
    },
    { kind: 'heading', text: { en: 'Why not just one full-width head?', zh: '为什么不只用一个全宽的头？' } },
    {
      kind: 'prose',
      answers: 'review-head-shape',
      text: {
        en: 'One head gives each query a single weighted average, so different relations (syntax, a repeated name, the previous word) get blurred into one. $h$ heads of width $d_{\\text{model}} / h$ cost about the same as one full-width head, yet each can look elsewhere. In Vaswani et al.’s Table 3, one head scored 0.9 BLEU below eight heads, and 32 heads were worse again.',
        zh: '一个头只给每个查询一种加权平均，不同的关系（句法、重复出现的名字、前一个词）会被混在一起。$h$ 个宽度为 $d_{\\text{model}} / h$ 的头，计算量与一个全宽的头相当，而每个头都能关注不同的地方。在 Vaswani 等人的表 3 中，单头比 8 个头低 0.9 BLEU，而 32 个头又会变差。',
      },
    },
    { kind: 'heading', text: { en: 'Is attention the same as explanation?', zh: '注意力就是解释吗？' } },
    {
      kind: 'prose',
      text: {
        en: 'No. A weight says how much of a value vector is mixed in, not how much it changes the prediction. Jain & Wallace (2019), studying BiLSTM models with attention, found that the weights often disagree with other measures of which inputs matter. Treat a map as a hypothesis, and test it, for instance by switching the head off and measuring the output difference.',
        zh: '不是。权重说明的是某个值向量被混入了多少，而不是它对预测改变了多少。Jain 和 Wallace（2019）研究带注意力的 BiLSTM 模型时发现，这些权重经常与其他衡量“哪些输入重要”的方法不一致。把注意力图当作一个假设，然后去检验它，例如关掉这个头，测量输出的差异。',
      },
    },
    { kind: 'heading', text: { en: 'What does the mask do to the gradient?', zh: '掩码对梯度有什么影响？' } },
    {
      kind: 'prose',
      text: {
        en: 'A masked score is $-\\infty$, so its weight is exactly 0. Since $\\partial a_j / \\partial s_k = a_j(\\delta_{jk} - a_k)$, a weight of 0 also passes no gradient back: a blocked key and value get no learning signal from that query. A fully masked row is the exception, and the libraries disagree on it: `torch.softmax` over a row of $-\\infty$ gives NaN, and so does `nn.MultiheadAttention` when it computes the weights; since PyTorch 2.5, `F.scaled_dot_product_attention` returns zeros for such a row, as this lab does (the lab also flags the row).',
        zh: '被掩码的得分是 $-\\infty$，所以它的权重恰好为 0。由于 $\\partial a_j / \\partial s_k = a_j(\\delta_{jk} - a_k)$，权重为 0 的位置也不会回传梯度：被屏蔽的键和值不会从这个查询得到任何学习信号。整行都被屏蔽是个例外，各个库的做法也不一致：对一整行 $-\\infty$ 做 `torch.softmax` 会得到 NaN，`nn.MultiheadAttention` 在计算权重时也是如此；从 PyTorch 2.5 起，`F.scaled_dot_product_attention` 对这样的行返回 0，和本实验台一样（本实验台还会把这一行标出来）。',
      },
    },
    { kind: 'heading', text: { en: 'Why divide by √d_k and not by d_k?', zh: '为什么除以 √d_k 而不是 d_k？' } },
    {
      kind: 'prose',
      answers: 'review-flatter',
      text: {
        en: 'With independent components of mean 0 and variance 1, $q \\cdot k$ has variance $d_k$, so its standard deviation is $\\sqrt{d_k}$. Dividing by $\\sqrt{d_k}$ brings the scores back to variance 1. Dividing by $d_k$ would shrink them to variance $1/d_k$: for wide heads every score is near 0 and the softmax turns almost uniform, unable to focus.',
        zh: '当各分量独立、均值为 0、方差为 1 时，$q \\cdot k$ 的方差是 $d_k$，标准差是 $\\sqrt{d_k}$。除以 $\\sqrt{d_k}$ 正好把得分的方差拉回 1。若除以 $d_k$，方差会缩小到 $1/d_k$：头越宽，所有得分越接近 0，softmax 几乎变成均匀分布，无法聚焦。',
      },
    },
    { kind: 'heading', text: { en: 'What do the residual connections do?', zh: '残差连接起什么作用？' } },
    {
      kind: 'prose',
      text: {
        en: 'They give the gradient a path around every sub-layer, so deep stacks train. In a pre-LN stack that path is the identity, nothing but additions; in the post-LN block written above, the original, each LayerNorm sits on the skip path itself, so the gradient still passes through every LayerNorm on its way down, which is why post-LN training needs a learning-rate warm-up (Xiong et al. 2020; lesson 7). They also keep each token’s own information, so the tokens do not collapse into one vector; and they let each sub-layer learn a correction to its input instead of a whole new representation.',
        zh: '它们为梯度提供一条绕过每个子层的路径，让很多层叠起来的网络也能训练。在 Pre-LN 的堆叠中，这条路径是恒等的，只有加法；而在上面写出的 Post-LN 块（也就是原始结构）中，每个层归一化都位于残差路径上，梯度向下传播时仍要逐一经过它们，所以 Post-LN 的训练需要学习率预热（Xiong 等人，2020；第 7 课）。它们也保留每个词元自己的信息，使词元不会塌缩成同一个向量；它们还让每个子层只需学习对输入的修正，而不必学习全新的表示。',
      },
    },
    { kind: 'heading', text: { en: 'Glossary', zh: '术语表' } },
    {
      kind: 'prose',
      text: {
        en: 'The Chinese side of this course uses one Chinese term per concept, in the lessons, the guide and the interface alike. Where a reader might expect another rendering, the note says why.',
        zh: '本课程的中文内容每个概念只用一个中文术语，课程、指南和界面都一样。读者可能预期另一种译法的地方，说明一栏给出了原因。',
      },
    },
    {
      kind: 'table',
      caption: { en: 'The English terms and the one Chinese term the course uses for each.', zh: '英文术语，以及本课程为每个术语采用的唯一中文译法。' },
      columns: [
        { en: 'English term', zh: '英文术语' },
        { en: 'Chinese term', zh: '中文术语' },
        { en: 'Note', zh: '说明' },
      ],
      rows: GLOSSARY.map((entry) => [entry.en, entry.zh, entry.note ?? '—']),
    },
    { kind: 'heading', text: { en: 'Check it on your own sentence', zh: '用你自己的句子检验' } },
    {
      kind: 'try',
      label: { en: 'Switch the causal mask on', zh: '打开因果掩码' },
      preset: { lab: { maskMode: 'causal' } },
      note: { en: 'The mini-lab below shows the upper triangle of every head greyed out.', zh: '下面的小型实验台中，每个头的右上三角都会变成灰色。' },
    },
    {
      kind: 'widget',
      widget: 'mini-lab',
      config: { showSettings: true },
      answers: 'review-causal-row',
      caption: { en: 'A compact lab on the shared settings: your sentence, any layer and head.', zh: '一个与实验台共用设置的小型实验台：用你的句子，任选一层、一个头。' },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'UvA Deep Learning Tutorial 6: Transformers and Multi-Head Attention', url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html' },
    { label: 'd2l.ai, Multi-Head Attention', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/multihead-attention.html' },
    { label: 'Dong, Cordonnier & Loukas 2021, Attention is not all you need', url: 'https://arxiv.org/abs/2103.03404' },
    { label: 'Xiong et al. 2020, On Layer Normalization in the Transformer Architecture', url: 'https://arxiv.org/abs/2002.04745' },
    { label: 'Jain & Wallace 2019, Attention is not Explanation', url: 'https://arxiv.org/abs/1902.10186' },
    { label: 'PyTorch documentation, torch.nn.functional.scaled_dot_product_attention', url: 'https://pytorch.org/docs/stable/generated/torch.nn.functional.scaled_dot_product_attention.html' },
    { label: 'PyTorch pull request #133882 (in 2.5): scaled_dot_product_attention uses a safe softmax, zeros for fully masked rows', url: 'https://github.com/pytorch/pytorch/pull/133882' },
  ],
};
