import type { Lesson } from '../types';

// Lesson 4: masks (padding, causal, custom), the conventions of the papers and libraries, fully masked rows.
export const masking: Lesson = {
  slug: 'masking',
  title: { en: 'Masking', zh: '掩码' },
  summary: {
    en: 'Tell attention which keys a query may not look at: padding, the future, or any pattern you choose. See a blocked score become a weight of exactly 0, and what each library does when a row has no key left.',
    zh: '告诉注意力某个查询不能看哪些键：填充、未来的词元，或你任意选定的模式。观察被屏蔽的得分怎样变成恰好为 0 的权重，以及当一行中一个键都不剩时，各个库分别怎么处理。',
  },
  objectives: [
    {
      en: 'Give the three reasons to mask: padding in a batch, causal decoding, and custom patterns.',
      zh: '说出使用掩码的三个理由：批次中的填充、因果（自回归）解码，以及自定义模式。',
    },
    {
      en: 'Apply a mask as −∞ before the softmax and predict the weights that come out.',
      zh: '在 softmax 之前以 −∞ 的形式施加掩码，并预测由此得到的权重。',
    },
    {
      en: 'Translate between the mask conventions of Vaswani et al., UvA, d2l and PyTorch without flipping their meaning.',
      zh: '在 Vaswani 等人、UvA、d2l 和 PyTorch 的掩码约定之间正确转换，而不把含义弄反。',
    },
    {
      en: 'Say what a fully masked row gives in each convention, and why this app reports it.',
      zh: '说出整行都被屏蔽时各种约定分别给出什么结果，以及本应用为什么要报告这种情况。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'Why mask at all', zh: '为什么需要掩码' } },
    {
      kind: 'prose',
      text: {
        en: 'Plain self-attention lets every query look at every key. That is often not what we want: some keys carry nothing, and some must stay hidden. A **mask** says, for each query–key pair, whether the pair is allowed.',
        zh: '普通的自注意力让每个查询都能看到每一个键。但很多时候这并不是我们想要的：有些键不含任何信息，有些键必须保持不可见。**掩码**（mask；《动手学深度学习》中文版译作“掩蔽”）逐一规定每个“查询–键”对是否被允许。',
      },
    },
    {
      kind: 'list',
      items: [
        {
          en: '**Padding.** Sentences in a batch have different lengths, so the short ones are filled up with padding tokens. No query should take information from them.',
          zh: '**填充（padding）。** 一个批次里的句子长短不一，短句会用填充词元补齐到相同长度。任何查询都不应从这些填充词元中获取信息。',
        },
        {
          en: '**Causal (look-ahead) mask.** A decoder writes one token after another. In training it sees the whole target sentence at once, so token $i$ must be kept from the tokens after it: key $j$ is blocked when $j > i$.',
          zh: '**因果掩码（前瞻掩码）。** 解码器逐个生成词元。训练时它一次就能拿到整个目标句子，因此必须让第 $i$ 个词元看不到它之后的词元：当 $j > i$ 时屏蔽键 $j$。',
        },
        {
          en: '**Custom masks.** Any pattern of blocked pairs: a local window, a structure given by the task, or single pairs you want to switch off to see what changes.',
          zh: '**自定义掩码。** 任意一组被屏蔽的位置对：局部窗口、由任务给定的结构，或者为了观察变化而单独关掉的个别位置对。',
        },
      ],
    },
    {
      kind: 'question',
      question: {
        id: 'padding-renormalise',
        prompt: {
          en: 'Predict before you see how a mask is applied: you mark the last token as padding. What happens to the weights the other tokens give to the remaining keys?',
          zh: '先预测，再看掩码是怎样施加的：你把最后一个词元标记为填充。其他词元分给剩余各键的权重会怎样变化？',
        },
        choices: [
          {
            id: 'grow',
            text: { en: 'They grow, so that every row still sums to 1', zh: '它们变大，使每一行的和仍为 1' },
            correct: true,
            feedback: {
              en: 'The softmax now normalises over one key fewer; the weight the padding key had is shared among the others in proportion to $e^{s_{ij}}$.',
              zh: 'softmax 现在少了一个键参与归一化；原来属于填充键的那部分权重，按 $e^{s_{ij}}$ 的比例分给了其余的键。',
            },
          },
          {
            id: 'same',
            text: { en: 'They stay the same, and each row now sums to less than 1', zh: '保持不变，每一行的和变得小于 1' },
            correct: false,
            feedback: {
              en: 'Blocking is not deleting a weight after the softmax: the block happens before it, so the softmax normalises over the allowed keys and the row sums to 1 again.',
              zh: '屏蔽并不是在 softmax 之后删掉一个权重：它发生在 softmax 之前，所以 softmax 只在允许的键上归一化，每一行的和仍然是 1。',
            },
          },
          {
            id: 'negative',
            text: { en: 'The padding key gets a negative weight that balances the others', zh: '填充键得到负权重，用来抵消其他权重' },
            correct: false,
            feedback: {
              en: 'Softmax weights are never negative. A blocked key gets exactly 0.',
              zh: 'softmax 的权重永远不会是负数。被屏蔽的键权重恰好为 0。',
            },
          },
          {
            id: 'own-row',
            text: { en: 'Only the padding token’s own row changes', zh: '只有填充词元自己那一行会改变' },
            correct: false,
            feedback: {
              en: 'A padding mask blocks a **key**, that is a whole column: every query loses it. The padding token’s own row still attends to the real tokens; its output is simply ignored later.',
              zh: '填充掩码屏蔽的是一个**键**，也就是一整列：每个查询都失去了它。填充词元自己那一行照样关注真实词元，只是它的输出之后会被忽略。',
            },
          },
        ],
      },
    },
    { kind: 'heading', text: { en: 'How a mask enters the formula', zh: '掩码如何进入公式' } },
    {
      kind: 'prose',
      answers: 'padding-renormalise',
      text: {
        en: 'The mask acts on the scores, **before** the softmax. Vaswani et al. set every illegal connection to $-\\infty$. Because $e^{-\\infty} = 0$, a blocked key gets a weight of exactly 0, and the softmax shares the whole weight among the allowed keys, so each row still sums to 1.',
        zh: '掩码作用在得分上，而且是在 softmax **之前**。Vaswani 等人把所有不允许的连接设为 $-\\infty$。因为 $e^{-\\infty} = 0$，被屏蔽的键权重恰好为 0，softmax 把全部权重分给允许的键，所以每一行的和仍然是 1。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{gathered} \mathrm{softmax}\!\left(\frac{QK^\top}{\sqrt{d_k}} + M\right) V \\[4pt] M_{ij} = \begin{cases} 0 & (i, j) \in \mathcal{A} \\ -\infty & (i, j) \notin \mathcal{A} \end{cases} \end{gathered}`,
      // A formula is one TeX string for both languages, so it says "allowed" with the set 𝒜 and the captions name it.
      caption: {
        en: 'A mask as an additive matrix $M$ of zeros and $-\\infty$; $\\mathcal{A}$ is the set of allowed pairs, $(i, j) \\in \\mathcal{A}$ when query $i$ may attend to key $j$. A causal mask has $M_{ij} = -\\infty$ for $j > i$; a padding mask blocks whole columns.',
        zh: '把掩码写成由 0 和 $-\\infty$ 组成的加性矩阵 $M$；$\\mathcal{A}$ 是允许的位置对的集合，查询 $i$ 可以关注键 $j$ 时 $(i, j) \\in \\mathcal{A}$。因果掩码在 $j > i$ 处取 $-\\infty$；填充掩码则屏蔽整列。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\alpha_{ij} = \begin{cases} \dfrac{e^{s_{ij}}}{\sum_{j' :\, (i, j') \in \mathcal{A}} e^{s_{ij'}}} & (i, j) \in \mathcal{A} \\[8pt] 0 & (i, j) \notin \mathcal{A} \end{cases}`,
      caption: {
        en: 'The same thing row by row: the softmax runs over the allowed keys only ($s_{ij}$ is the scaled score, $\\mathcal{A}$ the allowed pairs as above).',
        zh: '逐行来看是同一回事：softmax 只在允许的键上计算（$s_{ij}$ 为缩放后的得分，$\\mathcal{A}$ 同上，是允许的位置对的集合）。',
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'This app’s convention, used by every widget: a mask entry `true` means **blocked**. Blocked scores count as $-\\infty$ before the softmax, so their weights are exactly 0; the heatmaps draw those cells grey and hatched.',
        zh: '本应用的所有组件都遵循同一个约定：掩码项为 `true` 表示**屏蔽**。被屏蔽的得分在 softmax 之前视为 $-\\infty$，所以它们的权重恰好为 0；热力图把这些格子画成带斜线的灰色。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'causal-first-row',
        prompt: {
          en: 'Under a causal mask, what weights does the **first** token of your sentence give to the keys?',
          zh: '在因果掩码下，你句子中的**第一个**词元会给各个键分配怎样的权重？',
        },
        choices: [
          {
            id: 'self-only',
            text: { en: 'Weight 1 on itself and exactly 0 on every other key', zh: '自己得到权重 1，其余每个键恰好为 0' },
            correct: true,
            feedback: {
              en: 'Only key 1 is allowed ($j \\le 1$), and a softmax over a single logit is 1, whatever its value. Every later key is $-\\infty$ and gets exactly 0.',
              zh: '只有键 1 是允许的（$j \\le 1$），而只对一个 logit 做 softmax，结果总是 1，与它的数值无关。之后的每个键都是 $-\\infty$，权重恰好为 0。',
            },
          },
          {
            id: 'mostly-self',
            text: { en: 'Mostly itself, with small positive weights on the later tokens', zh: '大部分给自己，后面的词元得到很小的正权重' },
            correct: false,
            feedback: {
              en: 'With $-\\infty$ the later keys get $e^{-\\infty} = 0$: not small, exactly zero. Small leftovers would let the decoder peek at the future.',
              zh: '用 $-\\infty$ 时，后面的键得到 $e^{-\\infty} = 0$：不是很小，而是恰好为零。哪怕留下一点点权重，解码器也能偷看到未来。',
            },
          },
          {
            id: 'uniform',
            text: { en: 'Equal weights on all tokens', zh: '所有词元权重相等' },
            correct: false,
            feedback: {
              en: 'Uniform weights appear when every key is blocked and the library uses a large finite negative number. The first query still has one allowed key: itself.',
              zh: '所有键都被屏蔽、而库又用一个很大的有限负数来表示屏蔽时，才会出现均匀权重。第一个查询仍有一个允许的键：它自己。',
            },
          },
          {
            id: 'depends',
            text: { en: 'It depends on the head’s random weights', zh: '取决于这个头的随机权重' },
            correct: false,
            feedback: {
              en: 'For the other rows it does. For row 1 there is only one allowed key, so the softmax gives it 1 in every head, trained or not.',
              zh: '其他行确实如此。但第 1 行只有一个允许的键，所以无论是否训练，在每个头中它都得到 1。',
            },
          },
        ],
      },
    },
    {
      kind: 'try',
      answers: 'causal-first-row',
      label: { en: 'Switch on the causal mask', zh: '打开因果掩码' },
      preset: { lab: { maskMode: 'causal' } },
      note: {
        en: 'The mask lab below shows the selected head: everything right of the diagonal is hatched, and the first query row reads 1, 0, 0, …',
        zh: '下面的掩码实验台显示所选的头：对角线右侧全部带斜线，第一个查询行显示的数值是 1, 0, 0, …',
      },
    },
    {
      kind: 'widget',
      widget: 'mask-lab',
      caption: {
        en: 'Your sentence with the mask you choose, on the real engine. Pick a query row to read its weights as numbers: a blocked key reads exactly 0.',
        zh: '用真实引擎、按你选定的掩码处理你的句子。选中一个查询行，即可读出它的各个权重：被屏蔽的键恰好为 0。',
      },
    },
    {
      kind: 'train',
      label: { en: 'See what the causal mask costs a model that needs the future', zh: '看看因果掩码会让需要“未来”的模型付出什么代价' },
      query: 'task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1&causal=1',
      note: {
        en: 'Reversing 16 digits means output 0 needs input 15. With the causal mask the first eight outputs can no longer see the inputs they need, so training stops near 55 % held-out accuracy (eight positions right, eight at chance). Untick the mask and the same model reaches 99 %.',
        zh: '把 16 个数字倒过来，意味着输出 0 需要输入 15。加上因果掩码后，前八个输出再也看不到它们需要的输入，所以训练会停在留出集准确率 55% 左右（八个位置正确，另外八个只能靠猜）。取消掩码，同一个模型就能达到 99%。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Pad a short sentence to five tokens', zh: '把一个短句填充到五个词元' },
      preset: { lab: { text: 'the cat sat pad pad', maskMode: 'padding', paddingTokens: [3, 4] } },
      note: {
        en: 'This replaces your sentence with a three-word one padded to length five, as in a batch. The two padding columns are blocked for every query. You can type your own sentence again at any time.',
        zh: '这会把你的句子换成一个只有三个词的短句，并像在批次中那样填充到五个词元。两个填充列对所有查询都被屏蔽。你随时可以重新输入自己的句子。',
      },
    },
    { kind: 'heading', text: { en: 'The same idea, four conventions', zh: '同一个想法，四种约定' } },
    {
      kind: 'question',
      question: {
        id: 'sdpa-flip',
        prompt: {
          en: 'Your code builds a boolean causal mask that is `True` above the diagonal (the future) and passes it to `nn.MultiheadAttention`. You switch to `F.scaled_dot_product_attention` and pass the same tensor. What happens?',
          zh: '你的代码构造了一个布尔型因果掩码，对角线上方（未来）为 `True`，并把它传给 `nn.MultiheadAttention`。后来你改用 `F.scaled_dot_product_attention`，并传入同一个张量。会发生什么？',
        },
        choices: [
          {
            id: 'flips',
            text: { en: 'It runs, but each query now sees only the tokens after it', zh: '照常运行，但每个查询只看得到它之后的词元' },
            correct: true,
            feedback: {
              en: 'For `scaled_dot_product_attention` `True` means “may attend”, so the mask now allows exactly the future. The last token has no later token, so its row is fully masked, and since PyTorch 2.5 this function returns zeros for such a row: no error and no NaN points at the mistake. Invert the mask (`~mask`) when you switch.',
              zh: '对 `scaled_dot_product_attention` 来说，`True` 表示“可以关注”，于是这个掩码恰好只允许看未来。最后一个词元之后没有词元，它那一行整行被屏蔽；从 PyTorch 2.5 起，这个函数对这样的行返回全 0：既不报错，也没有 NaN 提示你出了错。切换时要把掩码取反（`~mask`）。',
            },
          },
          {
            id: 'same',
            text: { en: 'Nothing changes: both functions treat `True` as blocked', zh: '没有变化：两个函数都把 `True` 当作屏蔽' },
            correct: false,
            feedback: {
              en: 'That is the trap. The two functions use opposite boolean conventions, and no error tells you so.',
              zh: '这正是陷阱所在。两个函数的布尔约定正好相反，而且不会有任何报错提醒你。',
            },
          },
          {
            id: 'error',
            text: { en: 'It stops with an error: this function wants another mask type', zh: '直接报错：这个函数要求另一种类型的掩码' },
            correct: false,
            feedback: {
              en: 'Both functions accept a boolean mask of that shape, so the code runs; it just computes something else.',
              zh: '两个函数都接受这种形状的布尔掩码，所以代码照常运行，只是算出的是另一回事。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Every source agrees on what a mask does, but not on how to write it down. Some say which pairs are **allowed**, others which are **blocked**; some use $-\\infty$, others a large negative number. Mixing them up is a classic bug: the model still runs, it just attends to the wrong keys.',
        zh: '各个来源对掩码的作用看法一致，但写法各不相同。有的标出**允许**的位置，有的标出**屏蔽**的位置；有的用 $-\\infty$，有的用一个很大的负数。把它们弄混是一个典型错误：模型照样能运行，只是关注的键不对。',
      },
    },
    {
      kind: 'table',
      answers: 'sdpa-flip',
      caption: {
        en: 'Mask conventions (from Vaswani et al. 2017, UvA DL Tutorial 6, d2l.ai and the PyTorch documentation)',
        zh: '掩码约定对照（依据 Vaswani 等人 2017、UvA 深度学习教程 6、d2l.ai 以及 PyTorch 文档）',
      },
      columns: [
        { en: 'Source', zh: '来源' },
        { en: 'How the mask is given', zh: '掩码的形式' },
        { en: 'Blocked where', zh: '被屏蔽的位置' },
        { en: 'Blocked logits become', zh: '被屏蔽的 logit 变为' },
      ],
      rows: [
        [
          'Vaswani et al. 2017',
          { en: 'illegal connections in the decoder', zh: '解码器中不允许的连接' },
          { en: 'future positions', zh: '未来的位置' },
          '−∞',
        ],
        [
          'UvA Tutorial 6',
          { en: 'a tensor; a 2-D mask is broadcast to [1, 1, L, L], a [B, 1, L] mask pads keys', zh: '一个张量；二维掩码广播成 [1, 1, L, L]，[B, 1, L] 的掩码用来屏蔽填充的键' },
          '`mask == 0`',
          { en: 'replaced by −9e15', zh: '替换为 −9e15' },
        ],
        [
          'd2l.ai',
          { en: '`valid_lens` per sequence (or per query)', zh: '每个序列（或每个查询）的 `valid_lens`' },
          { en: 'positions past the valid length', zh: '超过有效长度的位置' },
          { en: 'replaced by −1e6', zh: '替换为 −1e6' },
        ],
        [
          'PyTorch nn.MultiheadAttention',
          { en: 'boolean `attn_mask`; `key_padding_mask`; or a float mask added to the logits', zh: '布尔型 `attn_mask`；`key_padding_mask`；或一个加到 logit 上的浮点掩码' },
          { en: '`True` = not allowed', zh: '`True` 表示不允许' },
          '−∞',
        ],
        [
          'PyTorch F.scaled_dot_product_attention',
          { en: 'boolean `attn_mask`', zh: '布尔型 `attn_mask`' },
          { en: '`False` (here `True` = may attend)', zh: '`False`（这里 `True` 表示可以关注）' },
          '−∞',
        ],
        [
          { en: 'This app', zh: '本应用' },
          { en: 'causal, padding or custom, one grid of flags', zh: '因果、填充或自定义，统一用一张标志网格表示' },
          { en: '`true` = blocked', zh: '`true` 表示屏蔽' },
          { en: '−∞, skipped by the softmax', zh: '−∞，softmax 直接跳过' },
        ],
      ],
    },
    { kind: 'heading', text: { en: 'A row with no key left', zh: '一个键都不剩的行' } },
    {
      kind: 'prose',
      text: {
        en: 'What if a query has **every** key blocked? It happens with a padding-only sequence, a custom mask, or the flipped mask above. There is nothing to attend to, and the conventions now disagree. Predict before you look.',
        zh: '如果某个查询的**所有**键都被屏蔽了呢？全是填充的序列、自定义掩码，或者上面那种被弄反的掩码都会造成这种情况。这时已没有可以关注的键，各种约定给出的结果也就不再一致。先预测，再往下看。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'fully-masked-pytorch',
        prompt: {
          en: 'A query’s scores are all $-\\infty$ and `torch.softmax` is applied to the row. What comes out?',
          zh: '某个查询的得分全都是 $-\\infty$，对这一行调用 `torch.softmax`，会得到什么？',
        },
        choices: [
          {
            id: 'not-a-number',
            text: { en: 'Not a number (NaN) in every entry', zh: '每一项都是“非数值”（NaN）' },
            correct: true,
            feedback: {
              en: 'The softmax subtracts the row maximum, here $-\\infty$, and $-\\infty - (-\\infty)$ is not a number (NaN). Those values then spread to the output and, in training, to the gradients. `nn.MultiheadAttention` gives the same NaN when it computes the weights.',
              zh: 'softmax 会先减去这一行的最大值，而这里最大值是 $-\\infty$，$-\\infty - (-\\infty)$ 没有定义，结果是 NaN。这些值接着会传到输出，训练时还会传进梯度。`nn.MultiheadAttention` 在计算权重时也会得到同样的 NaN。',
            },
          },
          {
            id: 'uniform',
            text: { en: 'Uniform: $1/L$ for each key', zh: '均匀权重，每个键 $1/L$' },
            correct: false,
            feedback: {
              en: 'That is what UvA’s −9e15 and d2l’s −1e6 give: equal finite logits make a uniform softmax. With a true $-\\infty$ there is no finite number to normalise.',
              zh: '这是 UvA 的 −9e15 和 d2l 的 −1e6 给出的结果：相同的有限 logit 会得到均匀的 softmax。用真正的 $-\\infty$ 时，根本没有有限的数可供归一化。',
            },
          },
          {
            id: 'zeros',
            text: { en: 'All zeros, as for a single blocked key', zh: '全部为 0，和单个被屏蔽的键一样' },
            correct: false,
            feedback: {
              en: 'That is what this app’s engine gives, and since PyTorch 2.5 so does `F.scaled_dot_product_attention`: both check for a row with no key left. `torch.softmax` itself does not check.',
              zh: '这是本应用的引擎给出的结果；从 PyTorch 2.5 起，`F.scaled_dot_product_attention` 也是如此：两者都专门检查“一个键都不剩”的行。`torch.softmax` 本身不做这种检查。',
            },
          },
          {
            id: 'raises',
            text: { en: 'An error: it refuses a row with no finite score', zh: '报错：它不接受没有任何有限得分的一行' },
            correct: false,
            feedback: {
              en: 'Nothing is raised: floating-point arithmetic just carries on, which is why this bug is easy to miss.',
              zh: '不会抛出异常：浮点运算会照常进行下去，这正是这个错误容易被忽略的原因。',
            },
          },
        ],
        reveal: { widget: 'fully-masked-row' },
      },
    },
    {
      kind: 'table',
      answers: 'fully-masked-pytorch',
      caption: {
        en: 'A row with every key blocked (PyTorch as of version 2.5)',
        zh: '整行的键都被屏蔽时（PyTorch 以 2.5 版为准）',
      },
      columns: [
        { en: 'Where', zh: '情形' },
        { en: 'The row’s weights', zh: '这一行的权重' },
        { en: 'Why', zh: '原因' },
      ],
      rows: [
        [
          { en: '`torch.softmax` of a row of −∞', zh: '对一行 −∞ 调用 `torch.softmax`' },
          { en: 'NaN in every entry', zh: '每一项都是 NaN' },
          { en: '−∞ − (−∞) has no value', zh: '−∞ − (−∞) 没有定义' },
        ],
        [
          { en: '`nn.MultiheadAttention`, when it computes the weights', zh: '`nn.MultiheadAttention` 计算权重时' },
          { en: 'NaN in every entry', zh: '每一项都是 NaN' },
          { en: 'the same softmax over −∞', zh: '同样是对 −∞ 做 softmax' },
        ],
        [
          { en: '`F.scaled_dot_product_attention`, since PyTorch 2.5', zh: '`F.scaled_dot_product_attention`，从 PyTorch 2.5 起' },
          { en: 'all zeros', zh: '全部为 0' },
          { en: 'it checks for a row with no key left', zh: '它专门检查一个键都不剩的行' },
        ],
        [
          { en: 'UvA (−9e15), d2l (−1e6)', zh: 'UvA（替换为 −9e15）、d2l（替换为 −1e6）' },
          { en: 'uniform, $1/L$ each', zh: '均匀，每个 $1/L$' },
          { en: 'equal finite logits', zh: '相同的有限 logit' },
        ],
        [
          { en: 'This app', zh: '本应用' },
          { en: 'all zeros, row reported as fully masked', zh: '全部为 0，并把这一行报告为完全屏蔽' },
          { en: 'blocked keys are skipped, and none is left', zh: '被屏蔽的键直接跳过，一个都不剩' },
        ],
      ],
    },
    {
      kind: 'prose',
      text: {
        en: 'None of the three is “the” right answer. A uniform row hides the problem; a row of NaN makes it loud but breaks training. This engine returns zeros, as `F.scaled_dot_product_attention` has done since PyTorch 2.5, so the output row is just the bias; it also lists the row as **fully masked** so the heatmaps can say so.',
        zh: '三者之中没有哪一个是唯一“正确”的答案。均匀的行把问题掩盖了；全是 NaN 的行让问题暴露出来，却会破坏训练。本引擎返回全 0（从 PyTorch 2.5 起，`F.scaled_dot_product_attention` 也这样做），这样输出行就只剩偏置；同时它把这一行标为**完全屏蔽**，以便热力图把这一情况标示出来。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Block every key of the first query', zh: '屏蔽第一个查询的所有键' },
      preset: {
        lab: { text: 'the cat sat on the mat', maskMode: 'custom', customMask: [0, 1, 2, 3, 4, 5].map((key) => ({ query: 0, key })) },
      },
      note: {
        en: 'This sets a six-word sentence and a custom mask. In the mask lab above, row 1 is marked fully masked and reads 0 everywhere; click cells of the heatmap to unblock some again.',
        zh: '这会换上一个六个词的句子，并设置一个自定义掩码。在上面的掩码实验台中，第 1 行被标为完全屏蔽，每个数值都是 0；点击热力图中的格子，可以把其中一些重新放开。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762' },
    {
      label: 'UvA DL Tutorial 6, Transformers and Multi-Head Attention',
      url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html',
    },
    { label: 'Zhang et al., Dive into Deep Learning (d2l.ai), Attention Scoring Functions', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/attention-scoring-functions.html' },
    { label: 'PyTorch documentation, MultiheadAttention (torch.nn)', url: 'https://pytorch.org/docs/stable/generated/torch.nn.MultiheadAttention.html' },
    {
      label: 'PyTorch documentation, scaled_dot_product_attention (torch.nn.functional)',
      url: 'https://pytorch.org/docs/stable/generated/torch.nn.functional.scaled_dot_product_attention.html',
    },
    { label: 'PyTorch pull request 133882, Update fused kernels and call _safe_softmax from SDPA (2024, in PyTorch 2.5)', url: 'https://github.com/pytorch/pytorch/pull/133882' },
  ],
};
