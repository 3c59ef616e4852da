import type { Lesson } from '../types';

// Lesson 9: why attention needs position information, the sinusoidal positional encoding, why an offset is
// learnable (a rotation, not the dot product of two codes), and an optional section on rotary position embedding.
// Widgets: permutation, pe-heatmap, rope-rotation. Each question sits above the block marked as answering it.
export const position: Lesson = {
  slug: 'position',
  title: { en: 'Position and order', zh: '位置与顺序' },
  summary: {
    en: 'Self-attention on its own cannot tell word orders apart. See this on the live model, then look inside the sinusoidal positional encoding that fixes it, and (optionally) at rotary position embedding.',
    zh: '单靠自注意力分不清词序。先在实时运行的模型上验证这一点，再深入了解解决这个问题的正弦位置编码，最后（选读）看看旋转位置编码。',
  },
  objectives: [
    {
      en: 'Explain permutation equivariance, and check on the live model what shuffling the tokens does to the outputs.',
      zh: '解释什么是置换等变性，并在实时运行的模型上检验打乱词元顺序对输出有什么影响。',
    },
    {
      en: 'Write the sinusoidal positional encoding and read its heatmap: wavelengths from $2\\pi$ to $10000 \\cdot 2\\pi$.',
      zh: '写出正弦位置编码的公式并读懂它的热力图：波长从 $2\\pi$ 到 $10000 \\cdot 2\\pi$。',
    },
    {
      en: 'Show that moving by $\\delta$ positions is a rotation of each sine–cosine pair, and say what a layer can learn about an offset from that rotation, and what the dot product of two codes can tell it.',
      zh: '说明移动 $\\delta$ 个位置相当于把每一对正弦–余弦旋转一个角度，并说明一层网络能从这个旋转中学到关于位移的什么，以及两个编码的点积能告诉它什么。',
    },
    {
      en: 'Optional: describe how rotary position embedding (RoPE) applies the same rotation to queries and keys.',
      zh: '选读：描述旋转位置编码（RoPE）如何把同样的旋转施加到查询和键上。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'What attention does with word order', zh: '注意力怎样处理词序' } },
    {
      kind: 'prose',
      text: {
        en: 'Lessons 1 to 5 built attention out of scores $q_i \\cdot k_j$, softmax weights and sums of values. Before looking at what that recipe does with word order, make a prediction.',
        zh: '第 1 到第 5 课用得分 $q_i \\cdot k_j$、softmax 权重和值的加权和搭建起了注意力。在看这套计算如何处理词序之前，先做个预测。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'shuffle-without-pe',
        prompt: {
          en: 'Positional encoding is off. You shuffle the tokens of your sentence and run the same model again. What happens to the outputs?',
          zh: '位置编码已关闭。你打乱句子中词元的顺序，再用同一个模型运行一次。输出会怎样？',
        },
        choices: [
          {
            id: 'all-change',
            text: { en: 'Every output changes, because each token now has new neighbours.', zh: '每个输出都会变，因为每个词元现在有了新的邻居。' },
            correct: false,
            feedback: {
              en: 'Attention has no notion of neighbours: every token attends to the whole set, and the set has not changed.',
              zh: '注意力没有“邻居”的概念：每个词元关注的是整组词元，而这组词元并没有变。',
            },
          },
          {
            id: 'reordered',
            text: { en: 'Each token keeps its output; only the rows’ order is shuffled.', zh: '每个词元的输出不变，只是行的顺序被打乱了。' },
            correct: true,
            feedback: {
              en: 'Each token still sees the same set of tokens, so its output is unchanged; only its row moved. The widget prints max |output(shuffled) − shuffle(output)| ≈ 0.',
              zh: '每个词元看到的仍是同一组词元，所以它的输出不变，只是所在的行换了位置。组件会显示 max |output(打乱) − 打乱(output)| ≈ 0。',
            },
          },
          {
            id: 'unchanged-order',
            text: { en: 'The outputs stay exactly as they were, in the original order.', zh: '输出完全不变，仍然按原来的顺序排列。' },
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
      note: { en: 'Then press “Shuffle the tokens” below.', zh: '然后点击下方的“打乱词元顺序”。' },
    },
    { kind: 'widget', widget: 'permutation', caption: { en: 'The untrained encoder on the lab’s sentence, run in two orders.', zh: '用未训练的编码器处理实验台中的句子，按两种顺序各运行一次。' } },
    {
      kind: 'prose',
      text: {
        en: 'A score $q_i \\cdot k_j$ compares two vectors; nothing in it says where token $i$ or token $j$ stands. “dog bites man” and “man bites dog” hand attention the same three word vectors, only listed in another order.',
        zh: '得分 $q_i \\cdot k_j$ 只是比较两个向量，其中没有任何信息表明词元 $i$ 或词元 $j$ 在句中的位置。“狗咬人”和“人咬狗”交给注意力的是同样的几个词向量，只是排列顺序不同。',
      },
    },
    {
      kind: 'formula',
      answers: 'shuffle-without-pe',
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
        zh: 'Transformer 块的其余部分也保持这一性质，因为前馈网络和层归一化都只对单个词元操作。没有位置信息时，整个编码器把句子当作一个“词袋”：只看有哪些词元，不看它们的顺序。',
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'Without positional encoding, two copies of the same word have identical queries, keys and values, so their rows in every attention map are identical too. Look for this in the lab after switching the encoding off.',
        zh: '没有位置编码时，同一个词如果出现两次，两处的查询、键和值完全相同，因此它们在每张注意力图中的行也完全相同。关闭位置编码后，可以在实验台中找找这种现象。',
      },
    },
    { kind: 'heading', text: { en: 'Sinusoidal positional encoding', zh: '正弦位置编码' } },
    {
      kind: 'prose',
      text: {
        en: 'The original Transformer adds a fixed vector $PE(pos)$ to each token’s embedding before the first block: one vector per position, the same whatever word stands there. It has the same width $d_{\\text{model}}$, so the sum is still one vector per token.',
        zh: '原始 Transformer 在第一个块之前，给每个词元的嵌入加上一个固定向量 $PE(pos)$：每个位置一个向量，与那里是什么词无关。它的宽度同样是 $d_{\\text{model}}$，所以相加之后每个词元仍然是一个向量。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'shuffle-with-pe',
        prompt: {
          en: 'Now tick positional encoding in the widget and shuffle again. Compare output(shuffled) with shuffle(output) row by row. What do you expect?',
          zh: '现在在组件里勾选位置编码，再打乱一次。逐行比较 output(打乱) 与 打乱(output)。你预计会看到什么？',
        },
        choices: [
          {
            id: 'same-codes',
            text: { en: 'About 0 again: the same position codes are added, only to other tokens', zh: '仍然约为 0：加上的还是同一组位置编码，只是换给了别的词元' },
            correct: false,
            feedback: {
              en: 'The set of codes is the same, but which token gets which code has changed: “dog” + $PE(0)$ is a different vector from “dog” + $PE(2)$. The inputs are new vectors, not the old ones reordered, so the outputs are new too.',
              zh: '编码的集合确实没变，但哪个词元拿到哪个编码变了：“狗” + $PE(0)$ 与“狗” + $PE(2)$ 是不同的向量。输入是一组新向量，而不是旧向量换了顺序，所以输出也是新的。',
            },
          },
          {
            id: 'all-rows',
            text: { en: 'Rows differ, even for tokens that stayed: they read new keys and values', zh: '每一行都不同，原位未动的词元也不例外：它读到的键和值变了' },
            correct: true,
            feedback: {
              en: 'A moved token enters as its embedding plus the code of its new position, so its query, key and value change. A token that kept its place has the same input, but the keys and values it reads have changed, so its output changes too. Only swapping two copies of the same word changes nothing.',
              zh: '被移动的词元以“嵌入 + 新位置的编码”进入模型，所以它的查询、键和值都变了。留在原位的词元输入不变，但它读取的键和值变了，所以它的输出也会变。只有把同一个词出现的两处互换，才什么都不会变。',
            },
          },
          {
            id: 'moved-only',
            text: { en: 'Only the rows of moved tokens differ; a token that stayed keeps its output', zh: '只有被移动的词元那几行不同；留在原位的词元输出不变' },
            correct: false,
            feedback: {
              en: 'Attention mixes every token: a token that kept its place still reads the moved tokens, whose keys and values now carry other codes. Its scores, and so its output, change with them.',
              zh: '注意力会混合所有词元：留在原位的词元仍要读取被移动的词元，而后者的键和值现在带着别的位置编码。于是这个词元的得分和输出都会随之改变。',
            },
          },
        ],
        reveal: { widget: 'permutation' },
      },
    },
    {
      kind: 'prose',
      answers: 'shuffle-with-pe',
      text: {
        en: 'With the encoding on, a token enters the first block as its embedding plus the code of the place it stands in. A shuffle hands the codes to other tokens, so the inputs are new vectors, not the old ones reordered: the symmetry above is broken on purpose. Even a token that kept its place gets a different output, because the keys and values it reads have changed.',
        zh: '加上位置编码后，词元以“嵌入 + 所在位置的编码”进入第一个块。打乱顺序后，编码被分给了别的词元，所以输入是一组新向量，而不是旧向量换了顺序：上面的对称性被有意打破了。即使是留在原位的词元，输出也会不同，因为它读取的键和值变了。',
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
        zh: '每一对维度 $(2i, 2i+1)$ 存放的是位置的正弦和余弦，频率为 $\\omega_i = 1 / 10000^{2i/d}$。波长从第一对的 $2\\pi$ 开始按等比数列增长，到最后一对已接近 $10000 \\cdot 2\\pi$，有点像几根转速相差悬殊的钟表指针。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'pe-at-zero',
        prompt: {
          en: 'With $d = 4$, what does the encoding add to the embedding of the token at position 0?',
          zh: '取 $d = 4$，位置编码给位置 0 上词元的嵌入加上的是什么？',
        },
        choices: [
          {
            id: 'zeros',
            text: { en: '$[0, 0, 0, 0]$: position 0 is the origin, so token 0 gets no code', zh: '$[0, 0, 0, 0]$：位置 0 是原点，所以第一个词元没有编码' },
            correct: false,
            feedback: {
              en: 'Only the sines vanish at position 0; the cosines are $\\cos 0 = 1$. So the first token gets a code too, and no position’s code is the zero vector: $\\sin^2 + \\cos^2 = 1$ in every pair.',
              zh: '在位置 0 处只有正弦为 0，余弦是 $\\cos 0 = 1$。所以第一个词元同样有编码，而且没有哪个位置的编码是零向量：每一对都满足 $\\sin^2 + \\cos^2 = 1$。',
            },
          },
          {
            id: 'sin-cos',
            text: { en: '$[0, 1, 0, 1]$: sines (even dimensions) are 0, cosines (odd) are 1', zh: '$[0, 1, 0, 1]$：偶数维正弦为 0，奇数维余弦为 1' },
            correct: true,
            feedback: {
              en: 'Every angle is $0 / 10000^{2i/d} = 0$, and $\\sin 0 = 0$, $\\cos 0 = 1$; the formula puts the sines at even dimensions and the cosines at odd ones. Set p = 0 in the widget to check.',
              zh: '所有角度都是 $0 / 10000^{2i/d} = 0$，而 $\\sin 0 = 0$、$\\cos 0 = 1$；公式把正弦放在偶数维、余弦放在奇数维。在组件里把 p 设为 0 即可验证。',
            },
          },
          {
            id: 'halves',
            text: { en: '$[0, 0, 1, 1]$: the sines fill the first half and the cosines the second', zh: '$[0, 0, 1, 1]$：正弦占前一半维度，余弦占后一半' },
            correct: false,
            feedback: {
              en: 'Some implementations do lay the code out that way, all sines and then all cosines, which only reorders the dimensions. The formula here interleaves them: sine at dimension $2i$, cosine at $2i + 1$.',
              zh: '有些实现确实这样排列：先放所有正弦，再放所有余弦，这只是换了维度的顺序。这里的公式是交错排列的：正弦在第 $2i$ 维，余弦在第 $2i + 1$ 维。',
            },
          },
        ],
        reveal: { widget: 'pe-heatmap', config: { width: 4, positions: 16 } },
      },
    },
    {
      kind: 'widget',
      widget: 'pe-heatmap',
      answers: 'pe-at-zero',
      caption: { en: 'Computed by the engine for the lab’s width; pick 4 to check the textbook values. Row 0 is the first position.', zh: '由引擎按实验台的宽度计算；把宽度选为 4，可以核对教科书中的数值。第 0 行就是第一个位置。' },
    },
    { kind: 'heading', text: { en: 'Offsets are rotations', zh: '位移就是旋转' } },
    {
      kind: 'prose',
      text: {
        en: 'Moving $\\delta$ positions adds $\\delta\\,\\omega_i$ to the angle of pair $i$, which rotates the point $(\\sin, \\cos)$ on its circle. The rotation depends on $\\delta$ only, not on where you start: $PE(pos + \\delta)$ is a fixed linear function of $PE(pos)$.',
        zh: '向后移动 $\\delta$ 个位置，会让第 $i$ 对的角度增加 $\\delta\\,\\omega_i$，相当于把点 $(\\sin, \\cos)$ 沿圆周转动一个角度。旋转只取决于 $\\delta$，与起点无关：$PE(pos + \\delta)$ 是 $PE(pos)$ 的一个固定线性函数。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{pmatrix} \sin(\omega_i (pos+\delta)) \\ \cos(\omega_i (pos+\delta)) \end{pmatrix} = \begin{pmatrix} \cos \omega_i\delta & \sin \omega_i\delta \\ -\sin \omega_i\delta & \cos \omega_i\delta \end{pmatrix} \begin{pmatrix} \sin(\omega_i\, pos) \\ \cos(\omega_i\, pos) \end{pmatrix}`,
    },
    {
      kind: 'question',
      question: {
        id: 'pe-offset-sign',
        prompt: {
          en: 'The dot product of two codes, $PE(pos) \\cdot PE(pos + \\delta)$, depends on the offset $\\delta$ alone. Can it tell a key two positions back ($\\delta = -2$) from a key two positions ahead ($\\delta = +2$)?',
          zh: '两个编码的点积 $PE(pos) \\cdot PE(pos + \\delta)$ 只取决于位移 $\\delta$。它能区分往前两个位置的键（$\\delta = -2$）和往后两个位置的键（$\\delta = +2$）吗？',
        },
        choices: [
          {
            id: 'rotation-direction',
            text: { en: 'Yes: the rotation for $+\\delta$ turns the other way from the one for $-\\delta$', zh: '能：$+\\delta$ 对应的旋转与 $-\\delta$ 对应的旋转方向相反' },
            correct: false,
            feedback: {
              en: 'The two rotations do turn opposite ways, but a dot product sees only the angle between the two vectors, through its cosine, and $\\cos(-x) = \\cos x$. The direction is lost.',
              zh: '这两个旋转的方向确实相反，但点积只通过余弦反映两个向量的夹角，而 $\\cos(-x) = \\cos x$，旋转的方向就丢失了。',
            },
          },
          {
            id: 'cosine-even',
            text: { en: 'No: it is a sum of cosines of $\\delta$, and cosine is an even function', zh: '不能：它是 $\\delta$ 的余弦之和，而余弦是偶函数' },
            correct: true,
            feedback: {
              en: 'In each pair $\\sin a \\sin b + \\cos a \\cos b = \\cos(a - b)$, so the dot product is $\\sum_i \\cos(\\omega_i \\delta)$, and cosine is even. Two back and two ahead look exactly alike to it.',
              zh: '每一对都有 $\\sin a \\sin b + \\cos a \\cos b = \\cos(a - b)$，所以点积等于 $\\sum_i \\cos(\\omega_i \\delta)$，而余弦是偶函数。在它看来，往前两个和往后两个完全一样。',
            },
          },
          {
            id: 'sine-sign',
            text: { en: 'Yes: the sine terms change sign with $\\delta$, and so does the sum', zh: '能：正弦项随 $\\delta$ 变号，总和也跟着变号' },
            correct: false,
            feedback: {
              en: 'The sines do not survive the product: in each pair $\\sin a \\sin b + \\cos a \\cos b = \\cos(a - b)$, so only cosines of the offset remain, and $\\cos(-x) = \\cos x$.',
              zh: '乘积中不会留下正弦项：每一对都有 $\\sin a \\sin b + \\cos a \\cos b = \\cos(a - b)$，所以只剩下位移的余弦，而 $\\cos(-x) = \\cos x$。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'pe-offset-sign',
      text: {
        en: 'Each pair contributes $\\sin a \\sin b + \\cos a \\cos b = \\cos(a - b)$, so $PE(pos) \\cdot PE(pos + \\delta) = \\sum_i \\cos(\\omega_i \\delta)$. It depends on the offset alone, but cosine is even: the value is the same for $\\delta$ and $-\\delta$, so the codes on their own cannot tell “two back” from “two ahead”.',
        zh: '每一对贡献 $\\sin a \\sin b + \\cos a \\cos b = \\cos(a - b)$，所以 $PE(pos) \\cdot PE(pos + \\delta) = \\sum_i \\cos(\\omega_i \\delta)$。它只取决于位移，但余弦是偶函数：$\\delta$ 与 $-\\delta$ 给出同一个值，所以单靠编码本身分不清“往前两个”和“往后两个”。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'What makes an offset learnable is the rotation above. Shifting by $\\delta$ is one linear map, the same at every position, and linear maps are exactly what $W^Q$ and $W^K$ are. A query projection that rotates the position part of its input by $-2$ steps (angle $-2\\omega_i$ in pair $i$) turns $PE(pos)$ into $PE(pos - 2)$, which matches the code of the key two back best and the key two ahead less well, at every position. Vaswani et al. chose the sinusoids for this reason. They also tried learned position embeddings and found nearly identical results; they kept the sinusoids in the hope that they extend to longer sentences.',
        zh: '真正让位移可以学会的，是上面的旋转。移动 $\\delta$ 是一个线性映射，在每个位置都相同，而 $W^Q$ 和 $W^K$ 恰好就是线性映射。如果查询投影把输入中的位置部分旋转 $-2$ 步（第 $i$ 对转 $-2\\omega_i$），$PE(pos)$ 就变成 $PE(pos - 2)$；于是在任何位置，它都与往前两个位置的键的编码最匹配，与往后两个位置的键则匹配得差一些。Vaswani 等人正是为此选择了正弦编码。他们也试过可学习的位置嵌入，效果几乎一样；之所以保留正弦编码，是希望它能推广到更长的句子。',
      },
    },
    { kind: 'heading', text: { en: 'Optional: rotary position embedding (RoPE)', zh: '选读：旋转位置编码（RoPE）' } },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'This section is optional. Nothing later in the course builds on it, and neither of the lab’s models uses it: the untrained encoder adds the sinusoidal encoding above, and the trained language model learned one position vector per position. Read it to see how many recent language models handle position instead.',
        zh: '本节为选读。课程后面的内容都不依赖它，实验台的两个模型也都不用它：未训练的编码器加的是上面的正弦编码，训练好的语言模型则为每个位置学到一个位置向量。想了解许多近期的语言模型改用什么方式处理位置，可以读一读。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Su et al. (2021, RoFormer) use the rotation above directly. Instead of adding a code to the embedding, they rotate the query and the key themselves: at position $m$, each pair of features $(2i, 2i+1)$ of $q$ is turned by the angle $m\\,\\theta_i$, with the sinusoids’ frequencies $\\theta_i = 10000^{-2i/d_k}$, and the key at position $n$ is turned by $n\\,\\theta_i$. Here the width is the head’s, $d_k$, not $d_{\\text{model}}$: each head rotates its own query and key. The values are not rotated. Which features form a pair is a convention: the paper pairs neighbours $(2i, 2i+1)$, while many implementations (GPT-NeoX’s, and LLaMA’s in Hugging Face’s code) pair feature $i$ with feature $i + d_k/2$; the rotation and the scores it gives are the same, only the order of the features differs.',
        zh: 'Su 等人（2021，RoFormer）直接使用了上面的旋转。他们不再给嵌入加上编码，而是旋转查询和键本身：在位置 $m$ 上，$q$ 的每一对特征 $(2i, 2i+1)$ 旋转角度 $m\\,\\theta_i$，其中频率 $\\theta_i = 10000^{-2i/d_k}$ 与正弦编码相同；位置 $n$ 上的键旋转 $n\\,\\theta_i$。这里的宽度是头的宽度 $d_k$，而不是 $d_{\\text{model}}$：每个头旋转它自己的查询和键。值不做旋转。哪些特征配成一对只是约定：论文把相邻的 $(2i, 2i+1)$ 配成一对，而许多实现（GPT-NeoX 的实现，以及 Hugging Face 代码中的 LLaMA）把特征 $i$ 与特征 $i + d_k/2$ 配成一对；旋转本身和由此得到的得分都一样，只是特征的排列顺序不同。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'rope-shift',
        prompt: {
          en: 'With RoPE, a query at position 2 and a key at position 5 have the score $s$. Both move 10 positions on, to 12 and 15, and the vectors before rotation stay the same. What is the score now?',
          zh: '使用 RoPE 时，位置 2 的查询与位置 5 的键之间的得分为 $s$。把两者都往后移 10 个位置（到 12 和 15），旋转前的向量不变。现在得分是多少？',
        },
        choices: [
          {
            id: 'absolute',
            text: { en: 'Different: each vector is now turned by a much larger angle', zh: '变了：每个向量现在转过的角度都大得多' },
            correct: false,
            feedback: {
              en: 'Both are turned further, by the same extra angle $10\\,\\theta_i$ in pair $i$. A dot product depends only on the angle between the two arrows and their lengths, and neither has changed.',
              zh: '两者都多转了一些，而且在第 $i$ 对里多转的角度相同，都是 $10\\,\\theta_i$。点积只取决于两个箭头之间的夹角和它们的长度，而这两者都没有变。',
            },
          },
          {
            id: 'unchanged',
            text: { en: 'Still $s$: both turn by the same extra angle, so their angle is kept', zh: '仍是 $s$：两者多转的角度相同，夹角不变' },
            correct: true,
            feedback: {
              en: 'Moving both by 10 turns pair $i$ of both vectors by another $10\\,\\theta_i$. Turning two arrows by the same angle keeps the angle between them, and with it their dot product, in every pair. The score depends on $m - n$ only.',
              zh: '两者都移动 10 个位置，会让两个向量的第 $i$ 对都再转 $10\\,\\theta_i$。把两个箭头转过同样的角度，它们之间的夹角不变，每一对的点积也就不变。得分只取决于 $m - n$。',
            },
          },
          {
            id: 'pairs-differ',
            text: { en: 'Different: each pair turns at its own speed, so the pairs drift apart', zh: '变了：每一对以各自的速度旋转，各对之间会错开' },
            correct: false,
            feedback: {
              en: 'Each pair does turn at its own speed $\\theta_i$, but within one pair the query and the key turn by the same extra angle. Each pair’s share of the score stays the same, and so does their sum.',
              zh: '每一对确实以各自的速度 $\\theta_i$ 旋转，但在同一对里，查询和键多转的角度相同。每一对贡献的那部分得分不变，总和也就不变。',
            },
          },
        ],
      },
    },
    {
      kind: 'formula',
      answers: 'rope-shift',
      tex: String.raw`R(\alpha) = \begin{pmatrix} \cos\alpha & -\sin\alpha \\ \sin\alpha & \cos\alpha \end{pmatrix}, \qquad \big(R(m\theta_i)\, q\big)^\top \big(R(n\theta_i)\, k\big) = q^\top R\big((n - m)\,\theta_i\big)\, k`,
      caption: {
        en: 'One pair $i$ of features, written as columns. $R(a)^\\top R(b) = R(b - a)$, so the pair’s share of the score depends on $m - n$, not on $m$ and $n$ separately; the score is the sum over the pairs, so it too depends only on the offset.',
        zh: '只看第 $i$ 对特征，写成列向量。$R(a)^\\top R(b) = R(b - a)$，所以这一对贡献的得分只取决于 $m - n$，而不是分别取决于 $m$ 和 $n$；总得分是各对贡献之和，因此同样只取决于位移。',
      },
    },
    {
      kind: 'widget',
      widget: 'rope-rotation',
      config: { m: 2, n: 5 },
      answers: 'rope-shift',
      caption: {
        en: 'One pair of features of a query (position $m$) and a key (position $n$), starting at 2 and 5 as in the question. Move either slider and the score changes with $m - n$; press “Shift both +1” and both arrows turn while the score stays. The table repeats the offset further along the text.',
        zh: '查询（位置 $m$）和键（位置 $n$）中的一对特征，与问题中一样，分别从位置 2 和 5 开始。拖动任一滑块，得分随 $m - n$ 变化；点击“两者同时 +1”，两个箭头都会转动，得分却不变。表格把同样的位移放到文本更靠后的位置再算一遍。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Because the offset enters the score only through an angle, every layer gets relative position directly; with added sinusoids a layer has to learn the rotation in $W^Q$ and $W^K$. The values are left alone: position decides how much a token is attended to, not what it contributes. RoPE is the position scheme of many recent language models, LLaMA (Touvron et al. 2023) among them.',
        zh: '由于位移只通过一个角度进入得分，每一层都能直接得到相对位置；而用相加的正弦编码时，一层网络得在 $W^Q$ 和 $W^K$ 里自己学出这种旋转。值不做旋转：位置决定一个词元被关注多少，而不决定它贡献什么内容。许多近期的语言模型都用 RoPE 处理位置，LLaMA（Touvron 等人，2023）就是其中之一。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need (section 3.5, Table 3 row E)', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Su, Lu, Pan, Murtadha, Wen, Liu 2021, RoFormer: Enhanced Transformer with Rotary Position Embedding', url: 'https://arxiv.org/abs/2104.09864' },
    { label: 'Touvron et al. 2023, LLaMA: Open and Efficient Foundation Language Models', url: 'https://arxiv.org/abs/2302.13971' },
    { label: 'UvA Deep Learning Tutorial 6: Transformers and Multi-Head Attention', url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html' },
    { label: 'd2l.ai, Self-Attention and Positional Encoding', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/self-attention-and-positional-encoding.html' },
  ],
};
