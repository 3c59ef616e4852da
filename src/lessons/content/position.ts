import type { Lesson } from '../types';

// Lesson 9: why attention needs position information, and the sinusoidal positional encoding.
export const position: Lesson = {
  slug: 'position',
  title: { en: 'Position and order', zh: '位置与顺序' },
  summary: {
    en: 'Self-attention on its own cannot tell word orders apart. See this on the live model, then look inside the sinusoidal positional encoding that fixes it.',
    zh: '单靠自注意力分不清词的先后顺序。先在实时模型上验证这一点，再深入看看解决它的正弦位置编码。',
  },
  objectives: [
    {
      en: 'Explain permutation equivariance: without position information, shuffling the tokens only shuffles the outputs.',
      zh: '解释置换等变性：没有位置信息时，打乱词元只会让输出跟着换位置。',
    },
    {
      en: 'Write the sinusoidal positional encoding and read its heatmap: wavelengths from $2\\pi$ to $10000 \\cdot 2\\pi$.',
      zh: '写出正弦位置编码的公式并读懂它的热力图：波长从 $2\\pi$ 到 $10000 \\cdot 2\\pi$。',
    },
    {
      en: 'Show that moving by $\\delta$ positions is a rotation of each sine–cosine pair, the same for every position.',
      zh: '说明向后移动 $\\delta$ 个位置相当于把每一对正弦–余弦旋转一个角度，且对所有位置都一样。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'Attention alone ignores order', zh: '单靠注意力看不到顺序' } },
    {
      kind: 'prose',
      text: {
        en: 'A score $q_i \\cdot k_j$ compares two vectors; nothing in it says where token $i$ or token $j$ stands. “dog bites man” and “man bites dog” hand attention the same three word vectors, only listed in another order.',
        zh: '得分 $q_i \\cdot k_j$ 只是比较两个向量，其中没有任何信息表明词元 $i$ 或词元 $j$ 在句中的位置。“狗咬人”和“人咬狗”交给注意力的是同样的几个词向量，只是排列顺序不同。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\mathrm{MHA}(PX) = P\,\mathrm{MHA}(X) \quad \text{for every permutation matrix } P`,
      caption: {
        en: 'Permutation equivariance: reorder the input rows and the output rows are reordered the same way, nothing else changes.',
        zh: '置换等变性：把输入的行重新排列，输出的行也按同样方式重排，除此之外什么都不变。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'The rest of the block keeps this property, because the feed-forward network and the layer norms act on each token alone. Without position information, the whole encoder treats a sentence as a bag of tokens.',
        zh: '块中其余部分也保持这一性质，因为前馈网络和层归一化都是对单个词元操作的。没有位置信息时，整个编码器把句子当作一袋无序的词元。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'shuffle-without-pe',
        prompt: {
          en: 'Positional encoding is off. You shuffle the tokens of your sentence and run the same model again. What happens to the outputs?',
          zh: '关闭位置编码。你把句子中的词元顺序打乱，再用同一个模型运行一次。输出会怎样？',
        },
        choices: [
          {
            id: 'reordered',
            text: { en: 'The same output rows come back, in the shuffled order.', zh: '得到同样的几行输出，只是按打乱后的顺序排列。' },
            correct: true,
            feedback: {
              en: 'Right. Each token still sees the same set of tokens, so its output is unchanged; only its row moved. The widget prints max |output(shuffled) − shuffle(output)| ≈ 0.',
              zh: '对。每个词元看到的仍是同一组词元，所以它的输出不变，只是所在的行换了位置。组件会显示 max |output(打乱) − 打乱(output)| ≈ 0。',
            },
          },
          {
            id: 'all-change',
            text: { en: 'Every output changes, because each token has new neighbours.', zh: '每个输出都会变，因为每个词元的邻居变了。' },
            correct: false,
            feedback: {
              en: 'Attention has no notion of neighbours: every token attends to the whole set, and the set has not changed.',
              zh: '注意力没有“邻居”的概念：每个词元关注的是整组词元，而这组词元并没有变。',
            },
          },
          {
            id: 'unchanged-order',
            text: { en: 'The outputs stay exactly as they were, in the original order.', zh: '输出完全不变，仍按原来的顺序排列。' },
            correct: false,
            feedback: {
              en: 'Each output row belongs to its token, so when the token moves its row moves with it: the outputs are reordered, not frozen.',
              zh: '每一行输出属于对应的词元，词元移动时它的那一行也跟着移动：输出被重新排列，而不是原地不动。',
            },
          },
        ],
        reveal: { widget: 'permutation' },
      },
    },
    {
      kind: 'try',
      label: { en: 'Turn positional encoding off in the lab', zh: '在实验台中关闭位置编码' },
      preset: { lab: { positionalEncoding: false } },
      note: { en: 'Then press “Shuffle the tokens” below, and tick the box again to compare.', zh: '然后点击下方的“打乱词元顺序”，再重新勾选位置编码进行对比。' },
    },
    { kind: 'widget', widget: 'permutation', caption: { en: 'The lab’s own model and sentence, run in two orders.', zh: '实验台自己的模型和句子，以两种顺序运行。' } },
    { kind: 'heading', text: { en: 'Sinusoidal positional encoding', zh: '正弦位置编码' } },
    {
      kind: 'prose',
      text: {
        en: 'The original Transformer adds a fixed vector $PE(pos)$ to each token’s embedding before the first block. It has the same width $d_{\\text{model}}$, so the sum is still one vector per token.',
        zh: '原始 Transformer 在第一个块之前，给每个词元的嵌入加上一个固定向量 $PE(pos)$。它的宽度同样是 $d_{\\text{model}}$，所以相加之后每个词元仍然是一个向量。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`PE_{(pos,\,2i)} = \sin\!\left(\frac{pos}{10000^{2i/d}}\right), \qquad PE_{(pos,\,2i+1)} = \cos\!\left(\frac{pos}{10000^{2i/d}}\right)`,
    },
    {
      kind: 'prose',
      text: {
        en: 'Each pair of dimensions $(2i, 2i+1)$ is a sine and a cosine of the position at frequency $\\omega_i = 1 / 10000^{2i/d}$. The wavelengths grow geometrically from $2\\pi$ for the first pair to almost $10000 \\cdot 2\\pi$ for the last, a little like the hands of a clock turning at very different speeds.',
        zh: '每一对维度 $(2i, 2i+1)$ 都是位置的正弦和余弦，频率为 $\\omega_i = 1 / 10000^{2i/d}$。波长从第一对的 $2\\pi$ 按几何级数增长，直到最后一对接近 $10000 \\cdot 2\\pi$，有点像转速差别很大的几根钟表指针。',
      },
    },
    { kind: 'widget', widget: 'pe-heatmap', caption: { en: 'Computed by the engine for the lab’s width; pick 4 to check the textbook values.', zh: '由引擎按实验台的宽度计算；选 4 可以核对教科书中的数值。' } },
    {
      kind: 'question',
      question: {
        id: 'pe-at-zero',
        prompt: { en: 'With $d = 4$, what is $PE(0)$, the code of the very first position?', zh: '当 $d = 4$ 时，第一个位置的编码 $PE(0)$ 是什么？' },
        choices: [
          {
            id: 'sin-cos',
            text: { en: '$[0, 1, 0, 1]$ (every sine 0, every cosine 1)', zh: '$[0, 1, 0, 1]$（正弦为 0，余弦为 1）' },
            correct: true,
            feedback: {
              en: 'Right: every angle is $0 / 10000^{2i/d} = 0$, and $\\sin 0 = 0$, $\\cos 0 = 1$. Set p = 0 in the widget to check.',
              zh: '对：所有角度都是 $0 / 10000^{2i/d} = 0$，而 $\\sin 0 = 0$、$\\cos 0 = 1$。在组件里把 p 设为 0 即可验证。',
            },
          },
          {
            id: 'zeros',
            text: { en: '$[0, 0, 0, 0]$ (all zeros)', zh: '$[0, 0, 0, 0]$（全为 0）' },
            correct: false,
            feedback: {
              en: 'The sine dimensions are 0 at position 0, but the cosine dimensions are $\\cos 0 = 1$.',
              zh: '正弦维度在位置 0 处确实为 0，但余弦维度是 $\\cos 0 = 1$。',
            },
          },
          {
            id: 'pos-one',
            text: { en: '$[0.841, 0.540, 0.010, 1.000]$ (approximately)', zh: '$[0.841, 0.540, 0.010, 1.000]$（约数）' },
            correct: false,
            feedback: {
              en: 'Those are the values for position 1: $\\sin 1$, $\\cos 1$, $\\sin 0.01$, $\\cos 0.01$. At position 0 every angle is 0.',
              zh: '这是位置 1 的值：$\\sin 1$、$\\cos 1$、$\\sin 0.01$、$\\cos 0.01$。在位置 0 处所有角度都是 0。',
            },
          },
        ],
        reveal: { widget: 'pe-heatmap', config: { width: 4, positions: 16 } },
      },
    },
    { kind: 'heading', text: { en: 'Offsets are rotations', zh: '位移就是旋转' } },
    {
      kind: 'prose',
      text: {
        en: 'Moving $\\delta$ positions adds $\\delta\\,\\omega_i$ to the angle of pair $i$, which rotates the point $(\\sin, \\cos)$ on its circle. The rotation depends on $\\delta$ only, not on where you start: $PE(pos + \\delta)$ is a fixed linear function of $PE(pos)$.',
        zh: '向后移动 $\\delta$ 个位置，会让第 $i$ 对的角度增加 $\\delta\\,\\omega_i$，相当于把点 $(\\sin, \\cos)$ 在圆上旋转。旋转只取决于 $\\delta$，与起点无关：$PE(pos + \\delta)$ 是 $PE(pos)$ 的一个固定线性函数。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{pmatrix} \sin(\omega_i (pos+\delta)) \\ \cos(\omega_i (pos+\delta)) \end{pmatrix} = \begin{pmatrix} \cos \omega_i\delta & \sin \omega_i\delta \\ -\sin \omega_i\delta & \cos \omega_i\delta \end{pmatrix} \begin{pmatrix} \sin(\omega_i\, pos) \\ \cos(\omega_i\, pos) \end{pmatrix}`,
    },
    {
      kind: 'prose',
      text: {
        en: 'So the dot product $PE(pos) \\cdot PE(pos + \\delta) = \\sum_i \\cos(\\omega_i \\delta)$ depends on the offset alone, which lets a layer learn to attend “two tokens back” wherever it is. Vaswani et al. also tried learned position embeddings and found nearly identical results; they kept the sinusoids in the hope that they extend to longer sentences.',
        zh: '因此点积 $PE(pos) \\cdot PE(pos + \\delta) = \\sum_i \\cos(\\omega_i \\delta)$ 只取决于位移，这让模型可以学会在任何位置都“关注往前第二个词元”。Vaswani 等人也试过可学习的位置嵌入，效果几乎一样；他们保留正弦编码，是希望它能推广到更长的句子。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'shuffle-with-pe',
        prompt: {
          en: 'Now tick positional encoding and shuffle again. What will the maximum difference between output(shuffled) and shuffle(output) be?',
          zh: '现在勾选位置编码，再打乱一次。output(打乱) 与 打乱(output) 之间的最大差值会是多少？',
        },
        choices: [
          {
            id: 'large',
            text: { en: 'Clearly above 0: the outputs themselves change.', zh: '明显大于 0：输出本身变了。' },
            correct: true,
            feedback: {
              en: 'Right. A token now enters as embedding + $PE$ of its new position, a different vector, so its queries, keys, values and outputs all change.',
              zh: '对。词元现在以“嵌入 + 新位置的 $PE$”进入模型，这是一个不同的向量，所以它的查询、键、值以及输出都会改变。',
            },
          },
          {
            id: 'zero',
            text: { en: 'Still about 0, as without positions.', zh: '仍然约为 0，和没有位置编码时一样。' },
            correct: false,
            feedback: {
              en: 'The encoding is added by position, after the shuffle, so the model reads different inputs; the symmetry is broken on purpose.',
              zh: '位置编码是在打乱之后按位置加上的，所以模型读到的是不同的输入；这正是有意打破对称性。',
            },
          },
          {
            id: 'repeats',
            text: { en: 'Non-zero only if a word appears twice.', zh: '只有某个词出现两次时才不为 0。' },
            correct: false,
            feedback: {
              en: 'Every moved token gets a new position code, repeated or not, so any shuffle changes the outputs.',
              zh: '每个被移动的词元都会得到新的位置编码，不管它是否重复，所以任何一次打乱都会改变输出。',
            },
          },
        ],
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'Without positional encoding, two copies of the same word have identical queries, keys and values, so their rows in every attention map are identical too. Look for this in the lab after switching the encoding off.',
        zh: '没有位置编码时，同一个词的两次出现拥有完全相同的查询、键和值，因此它们在每张注意力图中的行也完全相同。关闭位置编码后，可以在实验台中找找这种现象。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need (section 3.5, Table 3 row E)', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'UvA Deep Learning Tutorial 6: Transformers and Multi-Head Attention', url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html' },
    { label: 'd2l.ai, Self-Attention and Positional Encoding', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html' },
  ],
};
