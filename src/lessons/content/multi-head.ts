import type { Lesson } from '../types';

// Lesson 5: why several heads, the MultiHead formula and its shapes, splitting d_model, concat and W_O,
// Vaswani Table 3 row (A), and head selection / ablation on the student's sentence.
export const multiHead: Lesson = {
  slug: 'multi-head',
  title: { en: 'Multi-head attention', zh: '多头注意力' },
  summary: {
    en: 'Run several attentions side by side, each on its own slice of the width, then mix them with $W^O$. See how $d_{\\text{model}}$ splits into heads, what the original paper measured, and switch heads off on your own sentence.',
    zh: '让几个注意力并排运行，每个只用宽度中的一段，最后用 $W^O$ 把它们混合起来。看 $d_{\\text{model}}$ 如何切分给各个头、原论文测出了什么，并在你自己的句子上关掉某些头试试。',
  },
  objectives: [
    {
      en: 'Explain what a single head cannot do and what several heads add.',
      zh: '解释单个注意力头做不到什么，以及多个头带来了什么。',
    },
    {
      en: 'Write the multi-head formula and give the shape of every matrix in it.',
      zh: '写出多头注意力的公式，并说出其中每个矩阵的形状。',
    },
    {
      en: 'Split $d_{\\text{model}}$ into $h$ heads of $d_k = d_{\\text{model}} / h$ and say why the cost stays about the same.',
      zh: '把 $d_{\\text{model}}$ 切分为 $h$ 个宽度为 $d_k = d_{\\text{model}} / h$ 的头，并说明为什么计算量基本不变。',
    },
    {
      en: 'Read row (A) of Vaswani et al.’s Table 3 and ablate heads on your sentence.',
      zh: '读懂 Vaswani 等人表 3 的 (A) 行，并在你的句子上做注意力头消融。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'One head, one average', zh: '一个头，只有一次平均' } },
    {
      kind: 'prose',
      text: {
        en: 'A single attention head gives each query **one** probability distribution over the keys, and its output is **one** weighted average of the values. If a word needs two kinds of information from two places, that one distribution has to split its weight between them, and the average blurs the two together.',
        zh: '单个注意力头只给每个查询**一个**关于各键的概率分布，输出也只是值的**一次**加权平均。如果一个词需要从两个地方获取两种不同的信息，这一个分布只能把权重拆开分给它们，而平均的结果会把两者混在一起。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Take “it” in “The animal did not cross the street because it was too tired.” One useful signal is which noun “it” refers to, another is what is said about it. **Multi-head attention** runs several heads in parallel, each with its own projections and its own softmax, so different heads can put their weight on different positions at the same time.',
        zh: '以“The animal did not cross the street because it was too tired.”中的“it”为例：一个有用的信号是“it”指代哪个名词，另一个是句子对它说了什么。**多头注意力**并行运行多个头，每个头有自己的投影和自己的 softmax，因此不同的头可以同时把权重放在不同的位置上。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{aligned} &\mathrm{MultiHead}(Q, K, V) = \\ &\quad \mathrm{Concat}(\mathrm{head}_1, \ldots, \mathrm{head}_h)\, W^O \\[4pt] &\mathrm{head}_i = \\ &\quad \mathrm{Attention}(Q W_i^Q, K W_i^K, V W_i^V) \end{aligned}`,
      caption: {
        en: 'Vaswani et al. 2017, Section 3.2.2. In self-attention $Q$, $K$ and $V$ are all the same input $X$, one row per token.',
        zh: 'Vaswani 等人 2017，第 3.2.2 节。在自注意力中，$Q$、$K$、$V$ 都是同一个输入 $X$，每个词元一行。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{gathered} W_i^Q, W_i^K \in \mathbb{R}^{d_{\text{model}} \times d_k} \\ W_i^V \in \mathbb{R}^{d_{\text{model}} \times d_v}, \quad W^O \in \mathbb{R}^{h d_v \times d_{\text{model}}} \\ d_k = d_v = d_{\text{model}} / h \end{gathered}`,
      caption: {
        en: 'The shapes. The base Transformer has $d_{\\text{model}} = 512$, $h = 8$ and $d_k = d_v = 64$.',
        zh: '各矩阵的形状。基础版 Transformer 取 $d_{\\text{model}} = 512$、$h = 8$、$d_k = d_v = 64$。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'one-head-average',
        prompt: {
          en: 'A query needs information from two different tokens. What can one head with a single softmax give it?',
          zh: '某个查询需要来自两个不同词元的信息。只有一次 softmax 的单个头能给它什么？',
        },
        choices: [
          {
            id: 'one-mix',
            text: { en: 'One weighted average, with the weight split between the two tokens', zh: '一次加权平均，权重在两个词元之间拆分' },
            correct: true,
            feedback: {
              en: 'Right. One distribution per query means one mix of the values: both tokens contribute, each diluted by the other. Two heads can each put most of their weight on one of them.',
              zh: '对。每个查询只有一个分布，也就只有一次值的混合：两个词元都有贡献，但彼此冲淡。两个头则可以各自把大部分权重放在其中一个上。',
            },
          },
          {
            id: 'two-outputs',
            text: { en: 'Two separate outputs, one per token', zh: '两个独立的输出，每个词元一个' },
            correct: false,
            feedback: {
              en: 'A head returns one vector per query: the weighted average of all values. Separate outputs need separate heads.',
              zh: '一个头对每个查询只返回一个向量，即所有值的加权平均。想要分开的输出，就需要分开的头。',
            },
          },
          {
            id: 'only-best',
            text: { en: 'Only the information of the better-matching token', zh: '只有匹配度更高的那个词元的信息' },
            correct: false,
            feedback: {
              en: 'The softmax is soft: unless one score is far above the other, both tokens get a share. Only a near one-hot row would pick a single token.',
              zh: 'softmax 是“软”的：除非一个得分远高于另一个，两个词元都会分到一部分权重。只有近似独热的一行才会只选中一个词元。',
            },
          },
        ],
      },
    },
    { kind: 'heading', text: { en: 'Splitting the width', zh: '切分宽度' } },
    {
      kind: 'prose',
      text: {
        en: 'The heads do not make the model wider. The $d_{\\text{model}}$ features of each projection are cut into $h$ slices of $d_k = d_{\\text{model}} / h$; head $i$ computes its queries, keys and values in its own slice. That is why $h$ must divide $d_{\\text{model}}$.',
        zh: '多个头并不会让模型变宽。每个投影的 $d_{\\text{model}}$ 个特征被切成 $h$ 段，每段 $d_k = d_{\\text{model}} / h$；第 $i$ 个头只在自己那一段里计算查询、键和值。这就是为什么 $h$ 必须整除 $d_{\\text{model}}$。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Each head’s output is $[L \\times d_k]$. Concatenating the $h$ outputs gives back $[L \\times d_{\\text{model}}]$, and $W^O$ mixes them, so every output feature can draw on every head. Because each head is $h$ times narrower, the total cost is about that of one head at full width.',
        zh: '每个头的输出是 $[L \\times d_k]$。把 $h$ 个输出拼接起来又回到 $[L \\times d_{\\text{model}}]$，再由 $W^O$ 混合，使每个输出特征都能用上所有头的结果。由于每个头窄了 $h$ 倍，总的计算量与一个全宽的头大致相当。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'dk-for-heads',
        prompt: {
          en: 'The lab uses $d_{\\text{model}} = 32$. With 8 heads, how many columns does each head’s $Q_i$ have?',
          zh: '实验台使用 $d_{\\text{model}} = 32$。如果有 8 个头，每个头的 $Q_i$ 有多少列？',
        },
        choices: [
          {
            id: 'four',
            text: { en: '4', zh: '4' },
            correct: true,
            feedback: {
              en: 'Right: $d_k = 32 / 8 = 4$. Each head works in a 4-wide slice, and the eight slices together cover the 32 features.',
              zh: '对：$d_k = 32 / 8 = 4$。每个头在 4 列宽的一段中计算，八段合起来正好覆盖 32 个特征。',
            },
          },
          {
            id: 'thirty-two',
            text: { en: '32', zh: '32' },
            correct: false,
            feedback: {
              en: 'That would give every head the full width, and 8 heads would cost 8 times as much. The width is split, not copied.',
              zh: '那样每个头都拿到完整宽度，8 个头的计算量就是 8 倍。宽度是被切分的，而不是复制的。',
            },
          },
          {
            id: 'two-fifty-six',
            text: { en: '256', zh: '256' },
            correct: false,
            feedback: {
              en: '256 = 8 × 32 would multiply the width by the number of heads. The concatenation of all heads is 32 wide, so each head gets 32 / 8.',
              zh: '256 = 8 × 32 相当于把宽度乘以头数。所有头拼接后是 32 宽，所以每个头分到 32 / 8。',
            },
          },
        ],
      },
    },
    {
      kind: 'widget',
      widget: 'head-split',
      caption: {
        en: 'The lab’s width and head count: change them here and every view of the lab follows. A head count that does not divide the width is refused.',
        zh: '实验台的宽度和头数：在这里修改，实验台的所有视图都会跟着变。不能整除宽度的头数会被拒绝。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'params-vs-heads',
        prompt: {
          en: 'At $d_{\\text{model}} = 32$ you go from 4 heads to 8. How does the number of parameters of the attention layer change?',
          zh: '在 $d_{\\text{model}} = 32$ 时，你把头数从 4 改成 8。注意力层的参数量会怎样变化？',
        },
        choices: [
          {
            id: 'same',
            text: { en: 'It stays the same', zh: '保持不变' },
            correct: true,
            feedback: {
              en: 'Right. $W^Q$, $W^K$, $W^V$ and $W^O$ are $32 \\times 32$ whatever $h$ is: $4 \\cdot 32^2 + 4 \\cdot 32 = 4224$ with the biases. More heads cut the same matrices into thinner slices.',
              zh: '对。无论 $h$ 是多少，$W^Q$、$W^K$、$W^V$、$W^O$ 都是 $32 \\times 32$：加上偏置共 $4 \\cdot 32^2 + 4 \\cdot 32 = 4224$ 个参数。头越多，只是把同样的矩阵切得更细。',
            },
          },
          {
            id: 'doubles',
            text: { en: 'It doubles', zh: '翻倍' },
            correct: false,
            feedback: {
              en: 'Each head has its own $W_i^Q$, but it is only $32 \\times d_k$. Twice as many heads, each half as wide: the total is unchanged.',
              zh: '每个头确实有自己的 $W_i^Q$，但它只有 $32 \\times d_k$。头数翻倍、每个头宽度减半，总数不变。',
            },
          },
          {
            id: 'halves',
            text: { en: 'It halves', zh: '减半' },
            correct: false,
            feedback: {
              en: 'The slices get thinner but there are more of them; they still tile the same $32 \\times 32$ matrices.',
              zh: '每一段变窄了，但段数变多了；它们拼起来仍是同样的 $32 \\times 32$ 矩阵。',
            },
          },
        ],
      },
    },
    { kind: 'heading', text: { en: 'What the paper measured', zh: '论文测到了什么' } },
    {
      kind: 'prose',
      text: {
        en: 'Vaswani et al. varied the number of heads while keeping the computation constant: as $h$ grows, $d_k$ and $d_v$ shrink so that $h \\cdot d_k = 512$. BLEU is the translation score (higher is better), PPL the perplexity per word piece (lower is better).',
        zh: 'Vaswani 等人在保持计算量不变的前提下改变头数：$h$ 增大时，$d_k$ 和 $d_v$ 随之减小，使 $h \\cdot d_k = 512$。BLEU 是翻译质量得分（越高越好），PPL 是按子词计算的困惑度（越低越好）。',
      },
    },
    {
      kind: 'table',
      caption: {
        en: 'Vaswani et al. 2017, Table 3, row (A): English–German development set (newstest2013), same computation in every row',
        zh: 'Vaswani 等人 2017，表 3 的 (A) 行：英德翻译开发集（newstest2013），每一行的计算量相同',
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
      kind: 'question',
      question: {
        id: 'table-a',
        prompt: {
          en: 'What does row (A) say about the number of heads?',
          zh: '(A) 行关于头数说明了什么？',
        },
        choices: [
          {
            id: 'middle',
            text: { en: 'One head is clearly worse, and too many heads hurt too', zh: '一个头明显更差，但头太多也会变差' },
            correct: true,
            feedback: {
              en: 'Right. One head loses 0.9 BLEU against the base model; 8 and 16 heads are best; 32 heads of width 16 drop back to 25.4.',
              zh: '对。一个头比基础模型低 0.9 BLEU；8 个和 16 个头最好；32 个宽度为 16 的头又降回 25.4。',
            },
          },
          {
            id: 'more-better',
            text: { en: 'The more heads, the better', zh: '头越多越好' },
            correct: false,
            feedback: {
              en: '32 heads score 25.4 BLEU, below 16 heads (25.8). At constant computation, each head gets narrower, and 16 features per head seem to be too few.',
              zh: '32 个头的 BLEU 为 25.4，低于 16 个头的 25.8。在计算量不变时，每个头会变窄，而每个头 16 个特征似乎太少了。',
            },
          },
          {
            id: 'no-matter',
            text: { en: 'The number of heads makes no difference', zh: '头数没有影响' },
            correct: false,
            feedback: {
              en: 'With the same computation, one head is 0.9 BLEU and 0.37 perplexity worse than eight. The split matters.',
              zh: '在计算量相同时，一个头比八个头低 0.9 BLEU，困惑度高 0.37。切分方式是有影响的。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'In the trained model, the paper’s attention figures show heads with clearly different roles: many heads of one layer link “making” to the distant “more difficult”, and two heads resolve the pronoun “its” very sharply.',
        zh: '在训练好的模型中，论文的注意力图显示各个头承担着明显不同的角色：同一层的许多头把“making”与远处的“more difficult”联系起来，还有两个头非常清晰地解析出代词“its”的指代。',
      },
    },
    {
      kind: 'train',
      label: { en: 'Train a model with four heads and switch them off one at a time', zh: '训练一个有四个头的模型，再逐个关掉它们' },
      query: 'task=sort&layers=2&heads=2&width=32&lr=0.005&seed=1',
      note: {
        en: 'Sorting 16 digits with two layers of two heads. Press “Load trained model”, then untick a head under “Heads on”: its output becomes zeros before $W^O$ and the held-out accuracy shows how much the model relied on it. Heads of a trained model rarely matter equally.',
        zh: '用两层、每层两个头来给 16 个数字排序。点“加载训练好的模型”，再在“启用的头”里取消勾选一个头：它的输出在 $W^O$ 之前变成零，留出集准确率会显示模型有多依赖它。训练好的模型里，各个头的重要性很少相同。',
      },
    },
    { kind: 'heading', text: { en: 'Heads on your sentence', zh: '你句子上的各个头' } },
    {
      kind: 'callout',
      tone: 'caution',
      text: {
        en: 'The widgets of this section run the untrained model: its weights are random. Its heads differ because their projections differ, but their maps are fairly diffuse and no head has learned a role like the ones above. What you can see for real is the mechanics: separate distributions per head, and what removing a head does. The last section runs the trained model.',
        zh: '这一节的组件运行的是未训练的模型：它的权重是随机的。各个头之所以不同，是因为它们的投影不同；但它们的权重图都比较分散，没有哪个头学到上面那样的角色。这里能真实看到的是机制本身：每个头有各自的分布，以及去掉一个头会带来什么变化。最后一节运行的是训练好的模型。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Select head 3 of layer 1', zh: '选中第 1 层的第 3 个头' },
      preset: { lab: { selectedLayer: 0, selectedHead: 2 } },
      note: {
        en: 'Head 3 is index 2 in the code and the link. The grid below outlines it; compare its thumbnail with its neighbours.',
        zh: '第 3 个头在代码和链接中的下标是 2。下面的网格会把它框出来；把它的缩略图和相邻的头比较一下。',
      },
    },
    {
      kind: 'widget',
      widget: 'heads-playground',
      caption: {
        en: 'Every head of your sentence, and the selected layer’s head view. Unticking a head really removes it: its slice of the concatenation becomes zeros before $W^O$.',
        zh: '你句子的所有注意力头，以及所选层的头视图。取消勾选某个头就真的把它移除了：它在拼接结果中的那一段在乘 $W^O$ 之前变为 0。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Switch off heads 2 and 3 of layer 1', zh: '关闭第 1 层的第 2、3 个头' },
      preset: { lab: { disabledHeads: [{ layer: 0, head: 1 }, { layer: 0, head: 2 }] } },
      note: {
        en: 'Watch the output difference: only the layer’s output moves. The weights of the remaining heads of layer 1 stay exactly as they were.',
        zh: '观察输出差异：只有这一层的输出改变了。第 1 层其余各头的权重与之前完全相同。',
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
            text: { en: 'Layer 1’s output, and therefore the weights of layer 2', zh: '第 1 层的输出，因而还有第 2 层的权重' },
            correct: true,
            feedback: {
              en: 'Right. The other heads of layer 1 compute exactly as before; only the concatenation, and so the output after $W^O$, changes. Layer 2 reads that output, so its queries, keys and weights change too.',
              zh: '对。第 1 层其余各头的计算与之前完全一样；只有拼接结果、进而 $W^O$ 之后的输出发生变化。第 2 层读入的正是这个输出，所以它的查询、键和权重也会改变。',
            },
          },
          {
            id: 'renormalise',
            text: { en: 'The other heads of layer 1 re-spread their weights to make up for it', zh: '第 1 层的其他头重新分配权重来弥补' },
            correct: false,
            feedback: {
              en: 'Heads do not see each other: each softmax runs on its own slice of Q and K. Their thumbnails in the grid stay the same.',
              zh: '各个头互相看不见：每个 softmax 只在自己那一段 Q 和 K 上计算。网格中它们的缩略图保持不变。',
            },
          },
          {
            id: 'nothing',
            text: { en: 'Nothing: the other heads carry the same information', zh: '什么都不变：其他头携带着同样的信息' },
            correct: false,
            feedback: {
              en: 'Its $d_k$ columns of the concatenation become zeros, and $W^O$ mixes every column into every output feature, so the layer output changes. The output difference shows by how much.',
              zh: '它在拼接结果中的 $d_k$ 列变为 0，而 $W^O$ 会把每一列都混入每个输出特征，所以这一层的输出会变。输出差异图显示了变化的大小。',
            },
          },
        ],
      },
    },
    { kind: 'heading', text: { en: 'Heads of a trained model', zh: '训练好的模型中的头' } },
    {
      kind: 'prose',
      text: {
        en: 'The widget below runs the small language model this project trained on English and Chinese text: 2 layers of 4 heads, reading your sentence from left to right and predicting the next token. Training gave its heads different jobs. A common one is looking at the **previous token**: that head’s map is a bright stripe just below the diagonal. Find such a head in the grid, switch it off, and see how the predictions change.',
        zh: '下面的组件运行的是本项目用英文和中文文本训练的小型语言模型：2 层，每层 4 个头，从左到右读你的句子，并预测下一个词元。训练让它的各个头分担了不同的工作。常见的一种是看**前一个词元**：这种头的注意力图在对角线正下方有一条亮的斜线。在网格里找到这样一个头，把它关掉，看看预测怎样变化。',
      },
    },
    {
      kind: 'widget',
      widget: 'trained-model-lab',
      config: { example: 'plain' },
      caption: {
        en: 'The trained model on your sentence. Click a head in the grid to see its map below it; untick a head to switch it off, and the predictions read “before → after”. The model is tiny, so its predictions are often wrong.',
        zh: '训练好的模型处理你的句子。点击网格中的一个头，可以在下方看到它的注意力图；取消勾选一个头就把它关掉，预测会显示为“之前 → 之后”。模型很小，所以它的预测经常是错的。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Try several heads, one at a time. You may see one head move the predictions a lot and another hardly at all, and the answer can change with the sentence. That is what different jobs look like from the outside: each head learned its own kind of lookup, and the model leans on different heads for different tokens. Lesson 10 looks for two heads that work together, and asks what switching a head off does and does not prove.',
        zh: '逐个试几个头。你可能会看到，关掉某个头让预测变化很大，关掉另一个却几乎没有影响，而且换一个句子，结果也可能不同。从外面看，“分工不同”就是这个样子：每个头学会了自己的一种查找方式，模型对不同的词元依赖不同的头。第 10 课会寻找两个协同工作的头，并讨论关掉一个头能证明什么、不能证明什么。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need (Section 3.2.2, Table 3, Figures 3–5)', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Zhang et al., Dive into Deep Learning (d2l.ai), Multi-Head Attention', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/multihead-attention.html' },
    {
      label: 'UvA DL Tutorial 6, Transformers and Multi-Head Attention',
      url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html',
    },
  ],
};
