import type { Lesson } from '../types';

// Lesson 11: the course in formulas and shapes, frequently asked questions, review questions and a compact lab.
export const summary: Lesson = {
  slug: 'summary',
  title: { en: 'Summary and FAQ', zh: '总结与常见问题' },
  summary: {
    en: 'The whole course in a few formulas and one table of shapes, answers to the questions students ask most, and a compact lab to check any of it on your own sentence.',
    zh: '用几条公式和一张形状表回顾整个课程，回答学生最常问的问题，并提供一个小型实验台，用你自己的句子验证其中任何一点。',
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
      caption: { en: 'Shapes for a sentence of $L$ tokens (the lab’s defaults: $d_{\\text{model}} = 32$, $h = 4$).', zh: '长度为 $L$ 的句子中各个量的形状（实验台默认 $d_{\\text{model}} = 32$，$h = 4$）。' },
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
    { kind: 'heading', text: { en: 'Why not one big head?', zh: '为什么不用一个大头？' } },
    {
      kind: 'prose',
      text: {
        en: 'One head gives each query a single weighted average, so different relations (syntax, a repeated name, the previous word) get blurred into one. $h$ heads of width $d_{\\text{model}} / h$ cost about the same as one full-width head, yet each can look elsewhere. In Vaswani et al.’s Table 3, one head scored 0.9 BLEU below eight heads, and 32 heads were worse again.',
        zh: '一个头只给每个查询一种加权平均，不同的关系（句法、重复出现的名字、前一个词）会被混成一团。$h$ 个宽度为 $d_{\\text{model}} / h$ 的头，计算量与一个全宽度的头相当，但每个头都能关注不同的地方。在 Vaswani 等人的表 3 中，单头比 8 个头低 0.9 BLEU，而 32 个头又会变差。',
      },
    },
    { kind: 'heading', text: { en: 'Is attention the same as explanation?', zh: '注意力就是解释吗？' } },
    {
      kind: 'prose',
      text: {
        en: 'No. A weight says how much of a value vector is mixed in, not how much it changes the prediction. Treat a map as a hypothesis, and test it, for instance by switching the head off and measuring the output difference.',
        zh: '不是。权重说明的是某个值向量被混入了多少，而不是它对预测改变了多少。把注意力图当作一个假设，然后去检验它，例如关掉这个头，测量输出的差异。',
      },
    },
    { kind: 'heading', text: { en: 'What does the mask do to the gradient?', zh: '掩码对梯度有什么影响？' } },
    {
      kind: 'prose',
      text: {
        en: 'A masked score is $-\\infty$, so its weight is exactly 0. Since $\\partial a_j / \\partial s_k = a_j(\\delta_{jk} - a_k)$, a weight of 0 also passes no gradient back: a blocked key and value get no learning signal from that query. A fully masked row is the exception: PyTorch returns NaN there, while this lab returns zeros and flags the row.',
        zh: '被掩码的得分是 $-\\infty$，所以它的权重恰好为 0。由于 $\\partial a_j / \\partial s_k = a_j(\\delta_{jk} - a_k)$，权重为 0 的位置也不会回传梯度：被屏蔽的键和值不会从这个查询得到任何学习信号。整行都被屏蔽是个例外：PyTorch 在这种情况下返回 NaN，而本实验台返回 0 并标出这一行。',
      },
    },
    { kind: 'heading', text: { en: 'Why divide by √d_k and not by d_k?', zh: '为什么除以 √d_k 而不是 d_k？' } },
    {
      kind: 'prose',
      text: {
        en: 'With independent components of mean 0 and variance 1, $q \\cdot k$ has variance $d_k$, so its standard deviation is $\\sqrt{d_k}$. Dividing by $\\sqrt{d_k}$ brings the scores back to variance 1. Dividing by $d_k$ would shrink them to variance $1/d_k$: for wide heads every score is near 0 and the softmax turns almost uniform, unable to focus.',
        zh: '当各分量独立、均值为 0、方差为 1 时，$q \\cdot k$ 的方差是 $d_k$，标准差是 $\\sqrt{d_k}$。除以 $\\sqrt{d_k}$ 正好把得分的方差拉回 1。若除以 $d_k$，方差会缩小到 $1/d_k$：头越宽，所有得分越接近 0，softmax 几乎变成均匀分布，无法聚焦。',
      },
    },
    { kind: 'heading', text: { en: 'What do the residual connections do?', zh: '残差连接起什么作用？' } },
    {
      kind: 'prose',
      text: {
        en: 'They give the gradient an identity path through every block, so deep stacks train; they keep each token’s own information, so the tokens do not collapse into one vector; and they let each sub-layer learn a correction to its input instead of a whole new representation.',
        zh: '它们为梯度在每个块中提供一条恒等路径，使深层堆叠能够训练；它们保留每个词元自己的信息，使词元不会塌缩成同一个向量；它们还让每个子层只需学习对输入的修正，而不必学习全新的表示。',
      },
    },
    { kind: 'heading', text: { en: 'Review questions', zh: '复习题' } },
    {
      kind: 'question',
      question: {
        id: 'review-head-shape',
        prompt: {
          en: 'A model has $d_{\\text{model}} = 512$ and $h = 8$. For a sentence of 10 tokens, what are $d_k$ and the shape of one head’s attention weights?',
          zh: '某模型 $d_{\\text{model}} = 512$，$h = 8$。对一个 10 个词元的句子，$d_k$ 是多少？单个头的注意力权重是什么形状？',
        },
        choices: [
          {
            id: 'right',
            text: { en: '$d_k = 64$; weights $10 \\times 10$', zh: '$d_k = 64$；权重为 $10 \\times 10$' },
            correct: true,
            feedback: {
              en: 'Right: $512 / 8 = 64$, and the weights hold one value per query–key pair, whatever the width.',
              zh: '对：$512 / 8 = 64$；权重对每一对查询–键给出一个值，与宽度无关。',
            },
          },
          {
            id: 'full-width',
            text: { en: '$d_k = 512$; weights $10 \\times 10$', zh: '$d_k = 512$；权重为 $10 \\times 10$' },
            correct: false,
            feedback: {
              en: 'The heads split the width: each works on $512 / 8 = 64$ features.',
              zh: '各个头是平分宽度的：每个头处理 $512 / 8 = 64$ 个特征。',
            },
          },
          {
            id: 'width-shape',
            text: { en: '$d_k = 64$; weights $10 \\times 64$', zh: '$d_k = 64$；权重为 $10 \\times 64$' },
            correct: false,
            feedback: {
              en: '$10 \\times 64$ is the shape of that head’s Q, K, V or output. The weights are queries × keys.',
              zh: '$10 \\times 64$ 是这个头的 Q、K、V 或输出的形状。权重的形状是“查询数 × 键数”。',
            },
          },
        ],
      },
    },
    {
      kind: 'question',
      question: {
        id: 'review-flatter',
        prompt: {
          en: 'Which change makes a head’s attention rows flatter (closer to uniform)?',
          zh: '下面哪种改动会让一个头的注意力行变得更平坦（更接近均匀）？',
        },
        choices: [
          {
            id: 'divide-dk',
            text: { en: 'Dividing the scores by $d_k$ instead of $\\sqrt{d_k}$', zh: '把得分除以 $d_k$ 而不是 $\\sqrt{d_k}$' },
            correct: true,
            feedback: {
              en: 'Right. Smaller scores mean a softer softmax; at $d_k = 64$ the scores would be 8 times smaller than now.',
              zh: '对。得分变小，softmax 就更平缓；在 $d_k = 64$ 时，得分会比现在小 8 倍。',
            },
          },
          {
            id: 'no-scale',
            text: { en: 'Not dividing at all', zh: '完全不做除法' },
            correct: false,
            feedback: {
              en: 'That makes the scores $\\sqrt{d_k}$ times larger and the rows sharper, closer to one-hot.',
              zh: '这会让得分放大 $\\sqrt{d_k}$ 倍，行变得更尖锐，更接近独热向量。',
            },
          },
          {
            id: 'causal',
            text: { en: 'Switching on the causal mask', zh: '打开因果掩码' },
            correct: false,
            feedback: {
              en: 'A causal mask removes keys: each row shares its weight among fewer tokens, so the first rows get sharper (row 0 puts all its weight on token 0).',
              zh: '因果掩码去掉了一部分键：每一行只在更少的词元之间分配权重，所以前面几行反而更集中（第 0 行把全部权重放在词元 0 上）。',
            },
          },
        ],
      },
    },
    {
      kind: 'question',
      question: {
        id: 'review-causal-row',
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
              en: 'Right. Query 3 may look at itself and everything before it; the later columns are $-\\infty$ before the softmax and exactly 0 after it.',
              zh: '对。查询 3 可以看自己和之前的所有词元；后面的列在 softmax 之前是 $-\\infty$，之后恰好为 0。',
            },
          },
          {
            id: 'future',
            text: { en: 'Columns 3 to the end', zh: '第 3 列到最后一列' },
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
        reveal: { widget: 'mini-lab' },
      },
    },
    {
      kind: 'try',
      label: { en: 'Switch the causal mask on', zh: '打开因果掩码' },
      preset: { lab: { maskMode: 'causal' } },
      note: { en: 'The mini-lab below shows the upper triangle of every head greyed out.', zh: '下面的小型实验台中，每个头的右上三角都会变成灰色。' },
    },
    { kind: 'widget', widget: 'mini-lab', config: { showSettings: true }, caption: { en: 'A compact lab on the shared settings: your sentence, any layer and head.', zh: '一个共享设置的小型实验台：你的句子，任选一层、一个头。' } },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'UvA Deep Learning Tutorial 6: Transformers and Multi-Head Attention', url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html' },
    { label: 'd2l.ai, Multi-Head Attention', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/multihead-attention.html' },
    { label: 'Dong, Cordonnier & Loukas 2021, Attention is not all you need', url: 'https://arxiv.org/abs/2103.03404' },
    { label: 'Jain & Wallace 2019, Attention is not Explanation', url: 'https://arxiv.org/abs/1902.10186' },
  ],
};
