import type { Lesson } from '../types';
import { SYLLABUS_ARTICLE } from './syllabusArticle';

// Lesson 6: the engine's multi-head attention code step by step (fused QKV projection, the two weight layouts,
// reshape → permute → chunk, per-head attention, concat, W_O, Xavier init), with live shapes.
const PYTHON_SKETCH = String.raw`# Written for this course as a comparison; it is not the Analytics Vidhya article's code.
# The same steps as the engine, with a batch dimension B in front.
import math
import torch
import torch.nn.functional as F

def init_weights(E):
    w_qkv = torch.empty(3 * E, E)            # fused projection, fan_in E, fan_out 3E
    torch.nn.init.xavier_uniform_(w_qkv)
    w_o = torch.empty(E, E)
    torch.nn.init.xavier_uniform_(w_o)
    return w_qkv, torch.zeros(3 * E), w_o, torch.zeros(E)

def multi_head(x, w_qkv, b_qkv, w_o, b_o, heads, blocked=None):
    """x: [B, L, E]; w_qkv in the per-head [q | k | v] layout; blocked: [L, L], True = blocked."""
    B, L, E = x.shape
    D = E // heads
    qkv = F.linear(x, w_qkv, b_qkv)                   # [B, L, 3E]
    qkv = qkv.reshape(B, L, heads, 3 * D)             # [B, L, H, 3D]
    qkv = qkv.permute(0, 2, 1, 3)                     # [B, H, L, 3D]
    q, k, v = qkv.chunk(3, dim=-1)                    # 3 x [B, H, L, D]
    scores = q @ k.transpose(-2, -1) / math.sqrt(D)   # [B, H, L, L]
    if blocked is not None:
        scores = scores.masked_fill(blocked, float("-inf"))
    weights = scores.softmax(dim=-1)                  # each row sums to 1
    out = weights @ v                                 # [B, H, L, D]
    concat = out.permute(0, 2, 1, 3).reshape(B, L, E) # heads side by side again
    return F.linear(concat, w_o, b_o), weights        # [B, L, E]`;

export const implementation: Lesson = {
  slug: 'implementation',
  title: { en: 'The implementation, step by step', zh: '逐步解读实现代码' },
  summary: {
    en: 'Read the engine’s own multi-head attention code, one function at a time, with the shapes it produces for your sentence. Learn the two ways of packing q, k and v into one projection, and why mixing them up breaks a model silently.',
    zh: '逐个函数阅读本引擎自己的多头注意力代码，同时查看代码处理你的句子时得到的各个形状。了解把 q、k、v 打包进同一个投影的两种方式，以及为什么把这两种方式弄混会悄无声息地毁掉模型。',
  },
  objectives: [
    {
      en: 'Follow multi-head attention in code from the weights to the output, and give the shape after every step.',
      zh: '在代码中把多头注意力从权重一路跟踪到输出，并说出每一步之后的形状。',
    },
    {
      en: 'Tell the PyTorch layout of a fused QKV projection from the per-head layout of the Analytics Vidhya article’s code, and map an output feature to its head and role.',
      zh: '区分融合 QKV 投影的 PyTorch 布局与 Analytics Vidhya 文章代码的按头布局，并把一个输出特征对应到它所属的头和角色。',
    },
    {
      en: 'Explain reshape → permute → chunk, and why weights need reordering when they move between layouts.',
      zh: '解释 reshape → permute → chunk 这三步，以及为什么在两种布局之间迁移权重时必须重新排列。',
    },
    {
      en: 'Say what Xavier-uniform initialisation with zero biases does and compute its bound.',
      zh: '说明“Xavier 均匀初始化 + 偏置为 0”的作用，并算出它的取值上界。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'From the formula to code', zh: '从公式到代码' } },
    {
      kind: 'prose',
      text: {
        en: 'The formula of the previous lesson turns into a few steps in code. Every step is a matrix operation on the whole sentence at once: no loop over tokens, only a short loop over heads.',
        zh: '上一课的公式写成代码只需几个步骤。每一步都是一次作用于整个句子的矩阵运算：没有遍历词元的循环，只有一个遍历各个头的短循环。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'fused-shape',
        prompt: {
          en: 'The engine computes q, k and v of every head with one linear map, a **fused** projection. With $E = 32$, what is the shape of its output `qkv` for a 13-token sentence?',
          zh: '引擎用一个线性变换（**融合**投影）一次算出所有头的 q、k、v。当 $E = 32$ 时，对于一个含 13 个词元的句子，它的输出 `qkv` 是什么形状？',
        },
        choices: [
          {
            id: 'l-3e',
            text: { en: 'Shape $[13 \\times 96]$ ($3E$)', zh: '形状 $[13 \\times 96]$（$3E$）' },
            correct: true,
            feedback: {
              en: 'One row per token, and $3E = 96$ features: the queries, keys and values of every head.',
              zh: '每个词元一行，共 $3E = 96$ 个特征：所有头的查询、键和值。',
            },
          },
          {
            id: 'weight',
            text: { en: 'Shape $[96 \\times 32]$', zh: '形状 $[96 \\times 32]$' },
            correct: false,
            feedback: {
              en: 'That is the weight $W_{qkv}$ (out × in, as PyTorch stores it). Applied to $[13 \\times 32]$ it gives $[13 \\times 96]$.',
              zh: '那是权重 $W_{qkv}$ 的形状（按 PyTorch 的存储方式，即“输出 × 输入”）。它作用在 $[13 \\times 32]$ 上，得到的是 $[13 \\times 96]$。',
            },
          },
          {
            id: 'l-e',
            text: { en: 'Shape $[13 \\times 32]$', zh: '形状 $[13 \\times 32]$' },
            correct: false,
            feedback: {
              en: 'That is each of $q$, $k$ and $v$ on its own. The fused projection computes all three at once.',
              zh: '那是 $q$、$k$、$v$ 各自的形状。融合投影一次把三者都算出来。',
            },
          },
          {
            id: 'per-head',
            text: { en: 'Shape $[13 \\times 4 \\times 8]$', zh: '形状 $[13 \\times 4 \\times 8]$' },
            correct: false,
            feedback: {
              en: 'That is one of $q$, $k$, $v$ viewed per head with $H = 4$. The fused output, viewed per head, is $[13 \\times 4 \\times 24]$.',
              zh: '那是 $H = 4$ 时 $q$、$k$、$v$ 之一按头展开后的形状。融合输出按头展开后是 $[13 \\times 4 \\times 24]$。',
            },
          },
        ],
      },
    },
    {
      kind: 'list',
      answers: 'fused-shape',
      items: [
        { en: '**Initialise** $W_{qkv}$ $[3E \\times E]$ and $W_O$ $[E \\times E]$ with Xavier-uniform values, biases 0.', zh: '**初始化**：用 Xavier 均匀分布初始化 $W_{qkv}$ $[3E \\times E]$ 和 $W_O$ $[E \\times E]$，偏置设为 0。' },
        { en: '**Project** $X$ $[L \\times E]$ to $q$, $k$, $v$, together $[L \\times 3E]$.', zh: '**投影**：把 $X$ $[L \\times E]$ 投影为 $q$、$k$、$v$，三者合起来是 $[L \\times 3E]$。' },
        { en: '**Split** them into $H$ heads of width $D = E / H$: each head gets $q_h$, $k_h$, $v_h$ of $[L \\times D]$.', zh: '**切分**：分成 $H$ 个宽度为 $D = E / H$ 的头，每个头得到 $[L \\times D]$ 的 $q_h$、$k_h$、$v_h$。' },
        { en: '**Attend** in every head: $\\mathrm{softmax}(q_h k_h^\\top / \\sqrt{D})\\, v_h$, $[L \\times D]$.', zh: '**注意力**：在每个头中计算 $\\mathrm{softmax}(q_h k_h^\\top / \\sqrt{D})\\, v_h$，形状为 $[L \\times D]$。' },
        { en: '**Concatenate** the heads back to $[L \\times E]$ and apply the **output projection** $W_O$.', zh: '**拼接**：把各头拼接回 $[L \\times E]$，再做**输出投影** $W_O$。' },
      ],
    },
    {
      kind: 'widget',
      widget: 'code-walk',
      caption: {
        en: 'The engine’s real source (src/engine), read when the app is built. The shapes are live: change your sentence, the width or the heads, and they follow.',
        zh: '这是引擎的真实源代码（src/engine），在构建应用时直接读入。形状是实时的：修改你的句子、宽度或头数，形状都会随之变化。',
      },
    },
    { kind: 'heading', text: { en: 'Two ways to pack q, k and v', zh: '打包 q、k、v 的两种方式' } },
    {
      kind: 'prose',
      text: {
        en: 'One linear map from $E$ to $3E$ features computes $q$, $k$ and $v$ in one go. Which output feature plays which role is a convention. **PyTorch** stacks the rows as $[W_q; W_k; W_v]$: the first $E$ outputs are the queries of all heads, then the keys, then the values.',
        zh: '一个把 $E$ 个特征映射为 $3E$ 个特征的线性变换，就能一次算出 $q$、$k$、$v$。至于哪个输出特征充当哪个角色，只是一种约定。**PyTorch** 把权重的行按 $[W_q; W_k; W_v]$ 堆叠：前 $E$ 个输出是所有头的查询，接着是键，最后是值。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'The **code of the Analytics Vidhya article** that this course’s syllabus follows (like UvA’s Tutorial 6) reshapes the $[L, 3E]$ output to $[L, H, 3D]$, permutes it to $[H, L, 3D]$ and chunks the last axis into three $D$-wide parts, which it uses as q, k and v.',
        zh: '本课程大纲所依据的 **Analytics Vidhya 文章的代码**（与 UvA 的教程 6 一样）把 $[L, 3E]$ 的输出重塑为 $[L, H, 3D]$，再置换维度得到 $[H, L, 3D]$，然后把最后一维切成三个宽度为 $D$ 的部分，分别用作 q、k、v。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'feature-role',
        prompt: {
          en: 'With $E = 16$ and $H = 4$ (so $D = 4$), in the article’s layout (Analytics Vidhya, UvA), which head and part does output feature $f = 17$ feed? (Heads counted from 0.)',
          zh: '当 $E = 16$、$H = 4$（即 $D = 4$）时，在文章代码的布局中（Analytics Vidhya、UvA），输出特征 $f = 17$ 属于哪个头的哪一部分？（头从 0 开始编号。）',
        },
        choices: [
          {
            id: 'h1-k',
            text: { en: 'Head 1, key', zh: '头 1，键' },
            correct: true,
            feedback: {
              en: '$3D = 12$, so $\\lfloor 17 / 12 \\rfloor = 1$; $17 \\bmod 12 = 5$ lies in $[4, 8)$, the key part; its column is $17 \\bmod 4 = 1$.',
              zh: '$3D = 12$，所以 $\\lfloor 17 / 12 \\rfloor = 1$；$17 \\bmod 12 = 5$ 落在 $[4, 8)$，属于键；它的列号是 $17 \\bmod 4 = 1$。',
            },
          },
          {
            id: 'h0-k',
            text: { en: 'Head 0, key', zh: '头 0，键' },
            correct: false,
            feedback: {
              en: 'That is the PyTorch layout: $\\lfloor 17 / 16 \\rfloor = 1$ is the key block, and $17 \\bmod 16 = 1$ falls in head 0. The same index means different things in the two layouts.',
              zh: '那是 PyTorch 布局下的结果：$\\lfloor 17 / 16 \\rfloor = 1$ 表示键块，$17 \\bmod 16 = 1$ 落在头 0。同一个下标在两种布局中含义不同。',
            },
          },
          {
            id: 'h4-v',
            text: { en: 'Head 4, value', zh: '头 4，值' },
            correct: false,
            feedback: {
              en: 'With 4 heads the indices are 0 to 3. Divide by the block size $3D = 12$, not by $D$.',
              zh: '4 个头的下标是 0 到 3。应该除以块大小 $3D = 12$，而不是除以 $D$。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'feature-role',
      text: {
        en: 'So the article’s outputs are grouped per head: the first $3D$ features are $[q_0 \\mid k_0 \\mid v_0]$ of head 0, the next $3D$ those of head 1, and so on. Feature $f$ belongs to head $\\lfloor f / 3D \\rfloor$, while in PyTorch’s layout it belongs to the part $\\lfloor f / E \\rfloor$.',
        zh: '所以文章代码的输出是按头分组的：前 $3D$ 个特征是头 0 的 $[q_0 \\mid k_0 \\mid v_0]$，接下来的 $3D$ 个属于头 1，依此类推。特征 $f$ 属于头 $\\lfloor f / 3D \\rfloor$；而在 PyTorch 的布局中，它属于编号为 $\\lfloor f / E \\rfloor$ 的部分。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{gathered} \text{Analytics Vidhya / UvA:} \\ h = \lfloor f / 3D \rfloor,\; \text{part} = \lfloor (f \,\mathrm{mod}\, 3D) / D \rfloor \\[6pt] \text{PyTorch:} \\ \text{part} = \lfloor f / E \rfloor,\; h = \lfloor (f \,\mathrm{mod}\, E) / D \rfloor \end{gathered}`,
      caption: {
        en: 'Output feature $f$ ($0 \\le f < 3E$) → head $h$ and part (0 = q, 1 = k, 2 = v); in both, the column inside the head is $f \\bmod D$.',
        zh: '输出特征 $f$（$0 \\le f < 3E$）→ 头 $h$ 与部分（0 = q，1 = k，2 = v）；在两种布局中，头内的列号都是 $f \\bmod D$。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Set the width to 16 with 4 heads', zh: '把宽度设为 16、头数设为 4' },
      preset: { lab: { embedDim: 16, numHeads: 4, disabledHeads: [], selectedHead: 0 } },
      note: {
        en: 'A small model whose 48 output features fit on screen. The layout explorer below and the code walk above both follow.',
        zh: '这是一个很小的模型，48 个输出特征在屏幕上一览无余。下面的布局浏览器和上面的代码讲解都会随之更新。',
      },
    },
    {
      kind: 'widget',
      widget: 'layout-explorer',
      caption: {
        en: 'The fused projection’s output features for the lab’s width and heads, in both layouts. Point at one to see its head, part and column, and where the same role sits in the other layout.',
        zh: '按实验台当前的宽度和头数，以两种布局显示融合投影的输出特征。指向其中一个特征，可以看到它所属的头、部分和列，以及同一角色在另一种布局中的位置。',
      },
    },
    {
      kind: 'callout',
      tone: 'caution',
      text: {
        en: 'Both layouts compute the same kind of attention; they just number the weight rows differently. Loading weights saved in one layout into code that expects the other, without reordering the rows, raises no error: the heads simply get the wrong mix of query, key and value features. The engine’s `articleLayoutToPytorch` does the reordering, and its tests check that both give identical attention.',
        zh: '两种布局计算的是同一种注意力，只是给权重行编号的方式不同。如果把按一种布局保存的权重加载进按另一种布局编写的代码，却不重新排列这些行，程序不会报任何错：只是各个头拿到的查询、键、值特征被打乱了。引擎中的 `articleLayoutToPytorch` 负责重新排列，相应的测试会检查两种布局给出的注意力完全相同。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'd2l.ai takes a third route: separate bias-free $W_q$, $W_k$, $W_v$ and $W_o$, with the heads folded into the batch dimension, $[B \\cdot H, L, D]$, so one batched matrix product serves every head. Same mathematics, different bookkeeping.',
        zh: 'd2l.ai 走的是第三条路：使用彼此独立、不带偏置的 $W_q$、$W_k$、$W_v$ 和 $W_o$，并把各个头并入批维度，得到 $[B \\cdot H, L, D]$，这样一次批量矩阵乘法就能处理所有头。数学完全相同，只是数据的组织方式不同。',
      },
    },
    { kind: 'heading', text: { en: 'Initialisation', zh: '初始化' } },
    {
      kind: 'prose',
      text: {
        en: 'The projections start as Xavier-uniform (Glorot and Bengio, 2010) random matrices and the biases as zeros. The bound depends on both sides of the matrix, which keeps the scale of the signal roughly the same going forward and backward.',
        zh: '各个投影矩阵初始化为 Xavier 均匀分布（Glorot 与 Bengio，2010）的随机矩阵，偏置初始化为 0。取值上界同时取决于矩阵的扇入（fan-in，输入维度）和扇出（fan-out，输出维度），这使信号在前向传播和反向传播中的尺度都大致保持不变。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'xavier-fused',
        prompt: {
          en: 'The engine initialises $W_q$, $W_k$ and $W_v$ as one $[3E \\times E]$ matrix. Compared with three separate $[E \\times E]$ Xavier matrices, its values are…',
          zh: '引擎把 $W_q$、$W_k$、$W_v$ 合成一个 $[3E \\times E]$ 的矩阵来初始化。与分别初始化三个 $[E \\times E]$ 的 Xavier 矩阵相比，它的取值……',
        },
        choices: [
          {
            id: 'smaller',
            text: { en: 'drawn from a narrower range, since its fan-out is $3E$, not $E$', zh: '取自更窄的范围，因为它的扇出变成了 $3E$' },
            correct: true,
            feedback: {
              en: 'As one matrix its fan-out is $3E$, so $a = \\sqrt{6 / 4E}$ instead of $\\sqrt{6 / 2E}$: about 0.71 times as wide. The engine follows the Analytics Vidhya article’s code here, which initialises the fused matrix.',
              zh: '作为一个整体，它的扇出是 $3E$，所以 $a = \\sqrt{6 / 4E}$，而不是 $\\sqrt{6 / 2E}$，范围约为后者的 0.71 倍。引擎在这一点上沿用了 Analytics Vidhya 文章代码的做法：对融合后的矩阵整体初始化。',
            },
          },
          {
            id: 'same',
            text: { en: 'drawn from the same range: Xavier looks only at the fan-in $E$', zh: '取自相同的范围：Xavier 只看扇入 $E$' },
            correct: false,
            feedback: {
              en: 'That is true of LeCun’s and He’s bounds, which use the fan-in alone. Xavier’s bound uses fan-in plus fan-out of the matrix it is given, and the fused matrix has three times the fan-out.',
              zh: '只看扇入的是 LeCun 初始化和 He 初始化。Xavier 的上界用的是所给矩阵的扇入与扇出之和，而融合矩阵的扇出是原来的三倍。',
            },
          },
          {
            id: 'wider',
            text: { en: 'drawn from a wider range, as the matrix holds three times as many values', zh: '取自更宽的范围，因为矩阵中的值是原来的三倍' },
            correct: false,
            feedback: {
              en: 'More values do not widen the range: a larger fan-in + fan-out makes $a$ smaller, not larger.',
              zh: '值的个数变多并不会让范围变宽：扇入与扇出之和越大，$a$ 反而越小。',
            },
          },
        ],
      },
    },
    {
      kind: 'formula',
      answers: 'xavier-fused',
      tex: String.raw`\begin{gathered} W \sim \mathcal{U}(-a, a), \quad a = \sqrt{\frac{6}{\text{fan}_{\text{in}} + \text{fan}_{\text{out}}}} \\[4pt] W_{qkv}\!: a = \sqrt{\tfrac{6}{E + 3E}}, \qquad W_O\!: a = \sqrt{\tfrac{6}{2E}} \end{gathered}`,
      caption: {
        en: 'For $E = 32$: $a \\approx 0.2165$ for the fused $[96 \\times 32]$ matrix and $a \\approx 0.3062$ for $W_O$.',
        zh: '当 $E = 32$ 时，融合后的 $[96 \\times 32]$ 矩阵取 $a \\approx 0.2165$，$W_O$ 取 $a \\approx 0.3062$。',
      },
    },
    { kind: 'heading', text: { en: 'The same steps in PyTorch', zh: '用 PyTorch 写出同样的步骤' } },
    {
      kind: 'code',
      language: 'python',
      code: PYTHON_SKETCH,
      caption: {
        en: 'A sketch written for this course, not the Analytics Vidhya article’s code: its per-head layout, in a plain function. For the PyTorch layout, split `qkv` into three $[B, L, E]$ blocks first and view each as $[B, L, H, D]$.',
        zh: '这是为本课程编写的示意代码，不是 Analytics Vidhya 文章中的代码：它采用那篇文章的按头布局，写成一个普通函数。若改用 PyTorch 布局，则先把 `qkv` 切成三个 $[B, L, E]$ 的块，再把每块视为 $[B, L, H, D]$。',
      },
    },
  ],
  sources: [
    SYLLABUS_ARTICLE,
    { label: 'Vaswani et al. 2017, Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762' },
    {
      label: 'UvA DL Tutorial 6, Transformers and Multi-Head Attention',
      url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html',
    },
    { label: 'Zhang et al., Dive into Deep Learning (d2l.ai), Multi-Head Attention', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/multihead-attention.html' },
    { label: 'PyTorch documentation, MultiheadAttention (torch.nn)', url: 'https://pytorch.org/docs/stable/generated/torch.nn.MultiheadAttention.html' },
    { label: 'Glorot & Bengio 2010, Understanding the difficulty of training deep feedforward neural networks', url: 'https://proceedings.mlr.press/v9/glorot10a.html' },
  ],
};
