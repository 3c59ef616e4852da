import type { Lesson } from '../types';
import { SYLLABUS_ARTICLE } from './syllabusArticle';

// Lesson 12: the decoder block (masked self-attention, cross-attention, FFN) and the three Transformer families;
// shift-right and teacher forcing; the O(n²) cost of attention with Vaswani et al.'s Table 1; the KV cache; greedy
// and temperature decoding on the project's trained model. Widgets: decoder-block, teacher-forcing,
// trained-model-lab, attention-cost, kv-cache, generation.
export const decoding: Lesson = {
  slug: 'decoding',
  title: { en: 'Attention in the decoder, and how text is generated', zh: '解码器中的注意力与文本生成' },
  summary: {
    en: 'How a Transformer writes: the decoder block with masked self-attention and cross-attention, the three model families, teacher forcing, the $n^2$ cost of attention, the KV cache, and choosing each next token greedily or at a temperature.',
    zh: 'Transformer 如何写出文本：包含掩码自注意力和交叉注意力的解码器块、三大模型家族、教师强制、注意力的 $n^2$ 代价、KV 缓存，以及如何用贪心或带温度的采样逐个选出下一个词元。',
  },
  objectives: [
    {
      en: 'Name the three sub-layers of a decoder block, say where cross-attention takes its queries, keys and values from, and which sub-layers encoder-only and decoder-only models keep.',
      zh: '说出解码器块的三个子层，说明交叉注意力的查询、键和值各来自哪里，以及仅编码器和仅解码器模型各保留了哪些子层。',
    },
    {
      en: 'Explain how a right-shifted target and a causal mask train every position in one forward pass (teacher forcing), and why this computes what generation computes one token at a time.',
      zh: '解释右移一位的目标序列加上因果掩码，如何在一次前向计算中训练所有位置（教师强制），以及为什么这与逐个生成词元时算出的结果相同。',
    },
    {
      en: 'Read Vaswani et al.’s Table 1 and say when a self-attention layer costs more than a recurrent one.',
      zh: '读懂 Vaswani 等人的表 1，说出自注意力层在什么情况下比循环层代价更高。',
    },
    {
      en: 'Say what a KV cache stores, why the causal mask makes it possible, and compute its size per token.',
      zh: '说出 KV 缓存存的是什么、为什么有了因果掩码才能使用它，并算出每个词元要占多少缓存。',
    },
    {
      en: 'Generate greedily or by sampling, and predict what the temperature $T$ in $\\mathrm{softmax}(z/T)$ does to the distribution.',
      zh: '用贪心或采样的方式生成文本，并预测 $\\mathrm{softmax}(z/T)$ 中的温度 $T$ 会怎样改变分布。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'From reading a sentence to writing one', zh: '从读句子到写句子' } },
    {
      kind: 'prose',
      text: {
        en: 'So far every token read the whole sentence at once: that is the encoder. The Transformer was built for translation, as an encoder–decoder. The encoder turns the source sentence into one vector per token; the decoder attends to them and writes the translation **autoregressively**: one token at a time, each conditioned on the source and on the tokens it has already written. The Analytics Vidhya article on multi-head attention that this course’s syllabus is built on, like UvA’s Tutorial 6, describes this structure and then turns to the encoder alone. This lesson is about the other half.',
        zh: '到目前为止，每个词元都能一次看到整个句子：这就是编码器。Transformer 原本是为翻译设计的，采用编码器–解码器结构。编码器把源句子的每个词元变成一个向量；解码器关注这些向量，以**自回归**的方式写出译文：一次写一个词元，每个新词元都取决于源句子和已经写出的词元。本课程大纲所依据的 Analytics Vidhya 多头注意力文章和 UvA 的教程 6 一样，介绍了这种结构，随后便只讲编码器。本课讲的就是另一半：解码器。',
      },
    },
    { kind: 'heading', text: { en: 'The decoder block', zh: '解码器块' } },
    {
      kind: 'prose',
      text: {
        en: 'A decoder block of the original Transformer has three sub-layers where an encoder block has two. **Masked self-attention** lets the target written so far attend to itself, under the causal mask of lesson 4. **Cross-attention** takes its queries from the decoder and its keys and values from the encoder’s output: attention between two sequences, as in lesson 8. The **feed-forward network** is the same as in the encoder. Each sub-layer is wrapped the same way: a residual connection, then LayerNorm.',
        zh: '原始 Transformer 的解码器块有三个子层，而编码器块只有两个。**掩码自注意力**让已经写出的目标序列对自身做注意力，并使用第 4 课的因果掩码。**交叉注意力**的查询来自解码器，键和值来自编码器的输出：这就是第 8 课讲的两个序列之间的注意力。**前馈网络**与编码器中的相同。每个子层外面都套着同样的结构：先加残差连接，再做层归一化。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\begin{aligned} Y_1 &= \mathrm{LN}\big(Y + \mathrm{MHA}(Y, Y, Y;\ \text{causal})\big) \\ Y_2 &= \mathrm{LN}\big(Y_1 + \mathrm{MHA}(Y_1, H, H)\big) \\ Y_3 &= \mathrm{LN}\big(Y_2 + \mathrm{FFN}(Y_2)\big) \end{aligned}`,
      caption: {
        en: 'One post-LN decoder block (Vaswani et al. 2017, Figure 1). $Y$ is the target so far, $[T \\times d_{\\text{model}}]$; $H$ is the encoder’s output, $[S \\times d_{\\text{model}}]$. $\\mathrm{MHA}(\\text{queries}, \\text{keys}, \\text{values})$: in the second line the queries come from $Y_1$ and the keys and values from $H$, so the weights are $T \\times S$.',
        zh: '一个 Post-LN 解码器块（Vaswani 等人，2017，图 1）。$Y$ 是目前已写出的目标序列，$[T \\times d_{\\text{model}}]$；$H$ 是编码器的输出，$[S \\times d_{\\text{model}}]$。$\\mathrm{MHA}(\\text{查询}, \\text{键}, \\text{值})$：第二行的查询来自 $Y_1$，键和值来自 $H$，所以权重是 $T \\times S$ 的。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'gpt-sublayers',
        prompt: {
          en: 'A decoder-only model such as GPT has no encoder. Which sub-layers does each of its blocks have?',
          zh: 'GPT 这样的仅解码器模型没有编码器。它的每个块有哪些子层？',
        },
        choices: [
          {
            id: 'masked-ffn',
            text: { en: 'Masked self-attention and a feed-forward network: two sub-layers', zh: '掩码自注意力和前馈网络，共两个子层' },
            correct: true,
            feedback: {
              en: 'Cross-attention needs an encoder’s output for its keys and values; with no encoder it has nothing to read, so the block keeps the other two sub-layers, each with its residual connection and LayerNorm.',
              zh: '交叉注意力的键和值必须来自编码器的输出；没有编码器，它就没有东西可读，所以块中只保留另外两个子层，各自带着残差连接和层归一化。',
            },
          },
          {
            id: 'all-three',
            text: { en: 'Masked self-attention, cross-attention and a feed-forward network', zh: '掩码自注意力、交叉注意力和前馈网络' },
            correct: false,
            feedback: {
              en: 'Cross-attention reads keys and values from an encoder’s output. A decoder-only model has no encoder, so the sub-layer has nothing to attend to and is left out.',
              zh: '交叉注意力要从编码器的输出中读取键和值。仅解码器模型没有编码器，这个子层没有东西可关注，因此被去掉了。',
            },
          },
          {
            id: 'unmasked',
            text: { en: 'Unmasked self-attention and a feed-forward network', zh: '不加掩码的自注意力和前馈网络' },
            correct: false,
            feedback: {
              en: 'That is an encoder block, as in BERT. A model trained to predict the next token must not read it: without the causal mask, position $i$ could simply copy token $i+1$.',
              zh: '那是编码器块，比如 BERT 中的。训练来预测下一个词元的模型不能事先读到这个词元：没有因果掩码，位置 $i$ 直接照抄词元 $i+1$ 就行了。',
            },
          },
          {
            id: 'no-ffn',
            text: { en: 'Masked self-attention alone: the feed-forward part is the encoder’s', zh: '只有掩码自注意力：前馈部分属于编码器' },
            correct: false,
            feedback: {
              en: 'In GPT, as in the original Transformer’s encoder and decoder, every block has the position-wise feed-forward network: it is where each token is transformed on its own after attention has mixed them. (Attention-only Transformers without it exist, but as simplified models for study, as in Olsson et al. 2022; they are not what GPT is.)',
              zh: 'GPT 和原始 Transformer 的编码器、解码器一样，每个块都有逐位置的前馈网络：注意力把各个词元混合之后，每个词元在这里各自单独做变换。（也有去掉它的“仅注意力” Transformer，但那是为研究而简化的模型，例如 Olsson 等人 2022 年的工作，并不是 GPT 的结构。）',
            },
          },
        ],
      },
    },
    {
      kind: 'list',
      answers: 'gpt-sublayers',
      items: [
        {
          en: '**Encoder-only** (BERT, Devlin et al. 2018): encoder blocks only. Self-attention is bidirectional, with no causal mask; the model is trained to fill in hidden tokens from the words on both sides. It reads and classifies text but does not write it.',
          zh: '**仅编码器**（BERT，Devlin 等人，2018）：只有编码器块。自注意力是双向的，没有因果掩码；模型的训练任务是根据两侧的词填出被遮住的词元。它用来阅读文本、给文本分类，但不用来写文本。',
        },
        {
          en: '**Decoder-only** (GPT, Radford et al. 2018; GPT-2, 2019): decoder blocks with the cross-attention removed, so each block is causal self-attention and a feed-forward network. Trained to predict the next token, it writes text. The lab’s trained model is one of these; GPT-2 and BERT are the two models that the Analytics Vidhya article names in its conclusion.',
          zh: '**仅解码器**（GPT，Radford 等人，2018；GPT-2，2019）：由去掉交叉注意力的解码器块组成，每个块只有因果自注意力和前馈网络。它通过预测下一个词元来训练，用来写文本。实验台中训练好的模型就属于这一类；Analytics Vidhya 的那篇文章在结论中提到的正是 GPT-2 和 BERT 这两个模型。',
        },
        {
          en: '**Encoder–decoder** (the original Transformer; T5, Raffel et al. 2019): both stacks, joined by cross-attention. Used when one text is turned into another: translation, summaries.',
          zh: '**编码器–解码器**（原始 Transformer；T5，Raffel 等人，2019）：编码器和解码器两个堆叠都有，二者通过交叉注意力相连。用于把一段文本转换成另一段文本，如翻译和摘要。',
        },
      ],
    },
    {
      kind: 'widget',
      widget: 'decoder-block',
      caption: {
        en: 'Pick a family to see which sub-layers a block has, which mask each attention uses, where each LayerNorm sits and which activation the feed-forward network uses, as in the model the family is named after. Shapes use the untrained encoder’s width, heads and layers (the lessons’ settings) and your sentence; in the encoder–decoder view your sentence is the source and the slider sets how many target tokens are written.',
        zh: '选一个家族，看它的块有哪些子层、每个注意力层用什么掩码、层归一化放在哪里、前馈网络用什么激活函数，都按该家族得名的那个模型来画。各个形状按未训练编码器的宽度、头数、层数（即课程的设置）和你的句子计算；在编码器–解码器视图中，你的句子是源句子，滑块决定已经写出多少个目标词元。',
      },
    },
    { kind: 'heading', text: { en: 'Training every position at once', zh: '同时训练所有位置' } },
    {
      kind: 'question',
      question: {
        id: 'causal-predicts',
        prompt: {
          en: 'Under a causal mask position $i$ sees token $i$ and the tokens before it. What does position $i$ predict?',
          zh: '在因果掩码下，位置 $i$ 能看到词元 $i$ 以及它之前的词元。位置 $i$ 要预测的是什么？',
        },
        choices: [
          {
            id: 'next',
            text: { en: 'Token $i+1$: the next token, the one its mask hides', zh: '词元 $i+1$：掩码挡住的下一个词元' },
            correct: true,
            feedback: {
              en: 'Each position predicts the next token. In training the sentence is written twice: as targets, and shifted one place right as input, so the target of position $i$ is the input of position $i+1$.',
              zh: '每个位置预测下一个词元。训练时同一个句子用了两次：一次作为目标，一次右移一位作为输入，所以位置 $i$ 的目标正是位置 $i+1$ 的输入。',
            },
          },
          {
            id: 'itself',
            text: { en: 'Token $i$ itself, learning to copy what it reads', zh: '词元 $i$ 本身，学着抄写它读到的东西' },
            correct: false,
            feedback: {
              en: 'A token the position can read is no task: the model would learn to copy its input, and when generating there is no next token to copy. The target is one place further on.',
              zh: '预测一个自己能读到的词元算不上任务：模型只会学会抄写输入，而生成时并没有下一个词元可抄。目标应该是再往后一位的词元。',
            },
          },
          {
            id: 'every-later',
            text: { en: 'Every later token at once, one from each attention head', zh: '后面所有的词元，由每个注意力头各负责一个' },
            correct: false,
            feedback: {
              en: 'Each position ends in one softmax over the vocabulary: one distribution for one next token. The heads share the work inside a layer; they do not each output a token.',
              zh: '每个位置最后只在词表上做一次 softmax，得到一个分布，只预测下一个词元。各个头在层内分工合作，并不是各自输出一个词元。',
            },
          },
          {
            id: 'hidden-token',
            text: { en: 'A token hidden at random somewhere else in the sentence', zh: '句中别处某个被随机遮住的词元' },
            correct: false,
            feedback: {
              en: 'That is BERT’s training task, and it needs a bidirectional encoder that reads both sides of the gap. A causal decoder only ever predicts forward.',
              zh: '那是 BERT 的训练任务，需要一个能读缺口两侧的双向编码器。因果解码器只会向前预测。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'causal-predicts',
      text: {
        en: 'Number the positions by the token they hold, as the lab does: a start token sits at position 0, and position $i$ holds token $i$. Under the causal mask position $i$ reads tokens $0 \\dots i$ and is trained to predict token $i+1$, the one its mask hides. So training uses the sentence twice: as **input**, behind the start token, and as **targets**, the same tokens one place further on. The target of position $i$ is the input of position $i+1$; the start token’s target is the first word. Every position has read exactly what a writer would have produced by then. Feeding the true earlier tokens rather than the model’s own guesses is called **teacher forcing** (Williams and Zipser 1989).',
        zh: '按位置上放的词元给位置编号，和实验台一样：开始词元在位置 0，位置 $i$ 放的是词元 $i$。在因果掩码下，位置 $i$ 读取词元 $0 \\dots i$，训练目标是预测词元 $i+1$，也就是被掩码挡住的那一个。所以训练时同一个句子用了两次：作为**输入**，前面加上开始词元；作为**目标**，同样的词元再往后错一位。位置 $i$ 的目标就是位置 $i+1$ 的输入；开始词元的目标是第一个词。每个位置读到的，恰好是写到这里时已经写出的内容。训练时输入真实的前文，而不是模型自己的猜测，这叫作**教师强制**（Williams 和 Zipser，1989）。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\mathcal{L} = -\sum_{i=0}^{n-1} \log p_\theta\big(x_{i+1} \mid x_0, \dots, x_i;\ s\big)`,
      caption: {
        en: 'The loss: one term per position, all from one forward pass. Position $i$ is scored on token $x_{i+1}$; because of the causal mask its prediction depends only on $x_0$ (the start token) to $x_i$, and on the source sentence $s$ in an encoder–decoder (a decoder-only model has no $s$).',
        zh: '损失函数：每个位置一项，全部来自同一次前向计算。位置 $i$ 按词元 $x_{i+1}$ 计分；由于有因果掩码，它的预测只依赖 $x_0$（开始词元）到 $x_i$，在编码器–解码器中还依赖源句子 $s$（仅解码器模型没有 $s$）。',
      },
    },
    {
      kind: 'widget',
      widget: 'teacher-forcing',
      answers: 'causal-predicts',
      caption: {
        en: 'Your sentence as a decoder sees it in training. Pick a position: it reads the filled cells of its row and must predict the token at the end of the row, which is also the next position’s input.',
        zh: '训练时，解码器看到的你的句子是这样的。选一个位置：它读取这一行中实心的格子，要预测的是行末的词元，而这个词元也是下一个位置的输入。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Why is this the same computation as writing one token at a time? Position $i$ cannot read anything after its own input, so its output is exactly what it would be if the sequence ended there. One pass over the whole sentence therefore computes, for every position at once, what a step-by-step writer would compute at that step. Only the earlier tokens differ: in training they are the true ones, in generation they are the model’s own choices, and an early mistake is read by every later step.',
        zh: '为什么这与一次写一个词元是同一种计算？位置 $i$ 读不到它自己的输入之后的任何东西，所以它的输出和序列恰好在此结束时的输出完全一样。因此，对整句做一次前向计算，就同时为每个位置算出了逐步生成时在那一步会算出的结果。唯一的区别在于前文：训练时前文是真实的词元，生成时则是模型自己选出的词元，而早先的一个错误会被之后的每一步读到。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Show the trained model’s prediction after the third token', zh: '显示训练好的模型在第三个词元之后的预测' },
      preset: { lab: { causal: true, maskMode: 'none', disabledHeads: [], predictAt: 2 } },
      note: {
        en: 'The widget below runs the lab’s trained language model, with its causal mask, on the lab’s sentence. Choose other positions under “Predict after token”: every prediction comes from the same single forward pass, as in training.',
        zh: '下面的组件用实验台中训练好的语言模型（带因果掩码）处理实验台的句子。在“预测此词元之后”中换几个位置试试：每个预测都来自同一次前向计算，和训练时一样。',
      },
    },
    {
      kind: 'widget',
      widget: 'trained-model-lab',
      config: { example: 'plain' },
      caption: {
        en: 'The trained model on the lab’s sentence. Its predictions are often wrong: it is a very small model.',
        zh: '训练好的模型处理实验台中的句子。它的预测常常出错，因为这是一个非常小的模型。',
      },
    },
    { kind: 'heading', text: { en: 'The cost of attention', zh: '注意力的代价' } },
    {
      kind: 'question',
      question: {
        id: 'double-length',
        prompt: {
          en: 'You double the sequence length $n$. How does the memory for one head’s score matrix in one layer change?',
          zh: '把序列长度 $n$ 加倍，某一层中一个头的得分矩阵所占的内存会怎样变化？',
        },
        choices: [
          {
            id: 'four',
            text: { en: 'Four times as large: it holds $n \\times n$ scores', zh: '变为四倍：它存的是 $n \\times n$ 个得分' },
            correct: true,
            feedback: {
              en: 'Every query gets a score for every key, so the matrix has $n^2$ entries: twice the length, four times the memory, in every head of every layer.',
              zh: '每个查询对每个键都有一个得分，所以矩阵有 $n^2$ 项：长度翻倍，内存变为四倍，每一层的每个头都是如此。',
            },
          },
          {
            id: 'twice',
            text: { en: 'Twice as large, like the rows of Q, K and V', zh: '变为两倍，和 Q、K、V 的行数一样增长' },
            correct: false,
            feedback: {
              en: 'Q, K and V do grow linearly, but the scores pair every query with every key: $n$ rows times $n$ columns.',
              zh: 'Q、K、V 确实是线性增长的，但得分把每个查询和每个键配成一对：$n$ 行乘以 $n$ 列。',
            },
          },
          {
            id: 'same',
            text: { en: 'It stays the same: its size is set by $d_k$, not by $n$', zh: '不变：它的大小由 $d_k$ 决定，与 $n$ 无关' },
            correct: false,
            feedback: {
              en: '$d_k$ is the length of each dot product, and it disappears in the score: $q \\cdot k$ is one number. The matrix is $n \\times n$ whatever $d_k$ is.',
              zh: '$d_k$ 是每次点积的长度，算完得分它就消失了：$q \\cdot k$ 只是一个数。无论 $d_k$ 是多少，矩阵都是 $n \\times n$。',
            },
          },
          {
            id: 'eight',
            text: { en: 'Eight times as large: it stores $n^2 \\cdot d$ numbers in all', zh: '变为八倍：它一共要存 $n^2 \\cdot d$ 个数' },
            correct: false,
            feedback: {
              en: '$n^2 \\cdot d$ counts the **operations** of a layer, not what is stored: each score is one number. And $n^2 \\cdot d$ itself grows four times when $n$ doubles, not eight.',
              zh: '$n^2 \\cdot d$ 是一层的**运算量**，不是存储量：每个得分只是一个数。而且 $n$ 翻倍时，$n^2 \\cdot d$ 本身也只变为四倍，而不是八倍。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'double-length',
      text: {
        en: 'Every head of every layer builds an $n \\times n$ matrix of scores, so time and memory grow with $n^2$: doubling the context quadruples them. Counting operations, the $h$ heads compute $n^2$ dot products of length $d_k$ each, $n^2 \\cdot d$ in all since $h \\cdot d_k = d$, and weighting the values costs as much again. Vaswani et al. compare this with the layers attention replaced:',
        zh: '每一层的每个头都要构造一个 $n \\times n$ 的得分矩阵，所以时间和内存都随 $n^2$ 增长：上下文长度翻倍，它们就变为四倍。按运算量算，$h$ 个头各算 $n^2$ 个长度为 $d_k$ 的点积，由于 $h \\cdot d_k = d$，合计 $n^2 \\cdot d$；再用权重对值加权，又是同样多的运算。Vaswani 等人把它和被注意力取代的那些层做了比较：',
      },
    },
    {
      kind: 'table',
      caption: {
        en: 'Vaswani et al. 2017, Table 1: per layer, $n$ the sequence length, $d$ the width, $k$ the kernel size of a convolution, $r$ the neighbourhood of restricted self-attention. The self-attention rows count only the attention itself (scores and weighted values); the projections to Q, K, V and the output add about $4 n d^2$ to any Transformer layer.',
        zh: 'Vaswani 等人 2017，表 1：按每层计，$n$ 为序列长度，$d$ 为宽度，$k$ 为卷积核大小，$r$ 为受限自注意力的邻域大小。自注意力这两行只计入注意力本身（得分和对值加权）；投影出 Q、K、V 和输出还要给每个 Transformer 层再加上约 $4 n d^2$。',
      },
      columns: [
        { en: 'Layer type', zh: '层类型' },
        { en: 'Complexity per layer', zh: '每层复杂度' },
        { en: 'Sequential operations', zh: '顺序操作数' },
        { en: 'Maximum path length', zh: '最大路径长度' },
      ],
      rows: [
        [{ en: 'Self-attention', zh: '自注意力' }, '$O(n^2 \\cdot d)$', '$O(1)$', '$O(1)$'],
        [{ en: 'Recurrent', zh: '循环' }, '$O(n \\cdot d^2)$', '$O(n)$', '$O(n)$'],
        [{ en: 'Convolutional', zh: '卷积' }, '$O(k \\cdot n \\cdot d^2)$', '$O(1)$', '$O(\\log_k n)$'],
        [{ en: 'Self-attention (restricted)', zh: '自注意力（受限）' }, '$O(r \\cdot n \\cdot d)$', '$O(1)$', '$O(n/r)$'],
      ],
    },
    {
      kind: 'prose',
      text: {
        en: 'When the whole sequence is known, in training and when reading a prompt, self-attention has no chain of steps to wait for, and connects any two positions in one hop. A recurrent layer needs $n$ steps one after another, and a signal from the first token passes through all of them to reach the last. (Generating is sequential whatever the layer: each new token must wait for the one before it.) The comparison of cost is between the table’s two terms: attention’s $n^2 \\cdot d$ is smaller than the recurrent layer’s $n \\cdot d^2$ while $n < d$, as for most sentences in the original paper ($d = 512$), and larger beyond. A Transformer layer also pays the projections’ $4 n d^2$, which grows only linearly in $n$: long contexts are where the $n^2$ term takes over.',
        zh: '当整个序列已知时（训练时、读入提示时），自注意力没有需要依次等待的步骤链，任意两个位置之间一步即可相连。循环层需要一个接一个地执行 $n$ 步，第一个词元的信号要穿过所有步骤才能到达最后一个。（生成时，无论用哪种层都是顺序的：每个新词元都要等前一个生成出来。）代价的比较是表中两项之间的比较：当 $n < d$ 时，注意力的 $n^2 \\cdot d$ 小于循环层的 $n \\cdot d^2$，原论文中的大多数句子都是如此（$d = 512$）；超过这个长度则更大。Transformer 层还要付出投影的 $4 n d^2$，但它只随 $n$ 线性增长：在长上下文中，占上风的是 $n^2$ 这一项。',
      },
    },
    {
      kind: 'widget',
      widget: 'attention-cost',
      caption: {
        en: 'Slide $n$ and $d$ (both double at each step). The score matrix is one head in one layer; the chart is log–log, so $n^2 \\cdot d$ and $n \\cdot d^2$ are straight lines that cross at $n = d$.',
        zh: '拖动 $n$ 和 $d$（每移动一格都翻倍）。图中的得分矩阵是某一层中一个头的；图表采用双对数坐标，所以 $n^2 \\cdot d$ 和 $n \\cdot d^2$ 都是直线，在 $n = d$ 处相交。',
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'FlashAttention (Dao et al. 2022) computes exactly the same attention tile by tile, with the online softmax of Milakov and Gimelshein (2018), which keeps a running maximum and sum, so the $n \\times n$ matrix is never written to the GPU’s main memory. Its memory grows linearly in $n$; the operations still grow as $n^2$.',
        zh: 'FlashAttention（Dao 等人，2022）分块计算出完全相同的注意力结果：它采用 Milakov 和 Gimelshein（2018）的在线 softmax，在计算过程中持续更新当前的最大值和累加和，因此 $n \\times n$ 矩阵从不写入 GPU 显存。它的内存占用随 $n$ 线性增长，运算量仍按 $n^2$ 增长。',
      },
    },
    { kind: 'heading', text: { en: 'Generating with a KV cache', zh: '借助 KV 缓存生成' } },
    {
      kind: 'prose',
      text: {
        en: 'Generation repeats one step: run the model on the tokens so far, read the distribution at the last position, choose a token, append it. Run naively, step $t$ recomputes attention over all $t$ tokens in every layer, and most of that was already computed at step $t-1$.',
        zh: '生成就是不断重复同一个步骤：对目前已有的词元运行模型，读出最后一个位置的分布，选出一个词元，追加到末尾。如果朴素地这样做，第 $t$ 步要在每一层重新计算全部 $t$ 个词元的注意力，而其中大部分在第 $t-1$ 步已经算过了。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'kv-step',
        prompt: {
          en: 'A decoder has processed tokens $1 \\dots t$ and kept whatever it computed for them. Now the $(t+1)$-th token comes in. What must one layer’s self-attention compute anew for it?',
          zh: '解码器已经处理了词元 $1 \\dots t$，并保留了为它们算出的一切。现在第 $t+1$ 个词元进来了。为了它，其中一层的自注意力需要新算哪些东西？',
        },
        choices: [
          {
            id: 'one-row',
            text: { en: 'One new query row, plus a new row appended to each of K and V', zh: '一个新的查询行，再给 K 和 V 各追加一个新行' },
            correct: true,
            feedback: {
              en: 'The earlier tokens’ keys and values have not changed, so they are kept. The $(t+1)$-th token adds its own key and value, which it and every later token will read, and its query is scored against all $t+1$ keys.',
              zh: '之前各词元的键和值没有变化，直接保留。第 $t+1$ 个词元添上自己的键和值，供它自己和之后的每个词元读取；它的查询要与全部 $t+1$ 个键计算得分。',
            },
          },
          {
            id: 'full-matrix',
            text: { en: 'The whole $(t+1) \\times (t+1)$ score matrix, from cached K and V', zh: '整个 $(t+1) \\times (t+1)$ 得分矩阵，用缓存的 K 和 V' },
            correct: false,
            feedback: {
              en: 'Only the last row is new. The other rows belong to earlier positions, which cannot see the new token, so their scores and weights are the ones computed before.',
              zh: '只有最后一行是新的。其他各行属于之前的位置，它们看不到新词元，所以这些行的得分和权重与之前算出的完全相同。',
            },
          },
          {
            id: 'query-only',
            text: { en: 'Only the new query row; K and V need no new rows at all', zh: '只有新的查询行；K 和 V 完全不需要新行' },
            correct: false,
            feedback: {
              en: 'The new token is also a key and a value: its own query reads it, and so will every later token. K and V each grow by one row per step.',
              zh: '新词元同时也是一个键和一个值：它自己的查询要读它，之后的每个词元也要读它。K 和 V 每一步各增加一行。',
            },
          },
          {
            id: 'recompute-kv',
            text: { en: 'A new query row, with K and V rebuilt for all $t+1$ tokens', zh: '一个新的查询行，并为全部 $t+1$ 个词元重建 K 和 V' },
            correct: false,
            feedback: {
              en: 'Under the causal mask an earlier token’s input to every layer is unchanged, so its key and value are too: recomputing them repeats work already done.',
              zh: '在因果掩码下，之前的词元在每一层的输入都没有变化，所以它们的键和值也不变：重新计算只是重复已经做过的工作。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'kv-step',
      text: {
        en: 'Under the causal mask no earlier position reads a later token, so in every layer the earlier keys and values stay exactly as they were. A **KV cache** keeps them. At each step only the new token goes through the layers: in each layer its query, key and value are computed, the key and value are appended as one new row of the cached $K$ and $V$, and the one new query is scored against all the keys. The new query’s attention then costs $O(t \\cdot d)$ in a layer, where recomputing every row would cost $O(t^2 \\cdot d)$. Counting the projections and the feed-forward network as well, a whole step costs $O(d^2 + t \\cdot d)$ per layer with the cache, against $O(t \\cdot d^2 + t^2 \\cdot d)$ without it: the widget below counts both. In a bidirectional encoder this would not work: a new token changes every earlier row.',
        zh: '在因果掩码下，之前的位置都不会读到后面的词元，所以在每一层中，之前的键和值都保持原样。**KV 缓存**把它们存下来。每一步只有新词元经过各层：在每一层算出它的查询、键和值，把键和值作为新的一行追加到缓存的 $K$ 和 $V$ 中，再用这个新查询与所有键计算得分。这样，新查询在一层中的注意力代价是 $O(t \\cdot d)$，而重新计算每一行要花 $O(t^2 \\cdot d)$。如果把投影和前馈网络也算进去，有缓存时每一步每层的总代价是 $O(d^2 + t \\cdot d)$，没有缓存时则是 $O(t \\cdot d^2 + t^2 \\cdot d)$：下面的组件把两者都数了出来。在双向编码器中这行不通：新词元会改变之前的每一行。',
      },
    },
    {
      kind: 'widget',
      widget: 'kv-cache',
      caption: {
        en: 'A demo layer of its own, not one of the lab’s models: one causal self-attention layer with a single head of width 8 and random (seeded) weights, fed one token at a time as a decoder generates: $K$ and $V$ grow by one row per token, only the newest query is computed, and the counters compare the work with and without the cache.',
        zh: '这是一个单独的演示层，不是实验台中的任何一个模型：一层因果自注意力，只有一个宽度为 8 的头，权重随机（带种子），像解码器生成时那样每次输入一个词元：每来一个词元，$K$ 和 $V$ 各增加一行，只计算最新的查询；计数器对比有缓存和无缓存时的计算量。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\text{cache per token} = 2 \times N_{\text{layers}} \times h \times d_k \ \text{numbers}`,
      caption: {
        en: 'One key and one value of $d_k$ numbers for each head of each layer. The lab’s trained model: $2 \\times 2 \\times 4 \\times 32 = 512$ numbers per token, 65,536 for its full context of 128 tokens (128 KiB in float16). A model of 32 layers with 32 heads of $d_k = 128$ stores 262,144 numbers per token: 512 KiB in float16, for every token of every conversation it holds.',
        zh: '每层每个头存一个键和一个值，各 $d_k$ 个数。实验台中训练好的模型：每个词元 $2 \\times 2 \\times 4 \\times 32 = 512$ 个数，128 个词元的完整上下文共 65,536 个（float16 下为 128 KiB）。一个 32 层、每层 32 个头、$d_k = 128$ 的模型，每个词元要存 262,144 个数，即 float16 下 512 KiB；它同时保存的每段对话里的每个词元，都要占这么多。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'The cache, not the weights, often limits how many long conversations a server can hold at once. The sidebar on grouped-query attention in lesson 5 shows the usual remedy: several query heads share one key/value head (Shazeer 2019; Ainslie et al. 2023), and the cache shrinks by the number of query heads per group.',
        zh: '限制一台服务器能同时容纳多少段长对话的，往往是这个缓存，而不是模型权重。第 5 课关于分组查询注意力的补充内容介绍了常用的办法：几个查询头共用一个键/值头（Shazeer，2019；Ainslie 等人，2023），缓存缩小的倍数就等于每组的查询头数。',
      },
    },
    { kind: 'heading', text: { en: 'Choosing the next token', zh: '选出下一个词元' } },
    {
      kind: 'prose',
      text: {
        en: 'At each step the model gives a score $z_j$ (a logit) to every token $j$ of the vocabulary. **Greedy** decoding takes the highest: the same prompt always gives the same text, and it often falls into loops (Holtzman et al. 2020). **Sampling** draws the next token at random from the softmax of the logits, shaped by a **temperature** $T$.',
        zh: '每一步，模型为词表中的每个词元 $j$ 给出一个得分 $z_j$（logit）。**贪心**解码总是选得分最高的词元：同一个提示永远生成同样的文本，而且常常陷入重复循环（Holtzman 等人，2020）。**采样**则从 logit 经 softmax 得到的分布中随机抽取下一个词元，这个分布的形状由**温度** $T$ 调节。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'temperature',
        prompt: {
          en: 'You sample with temperature $T = 0.5$ instead of $T = 1$. What happens to the next-token distribution?',
          zh: '你把采样温度从 $T = 1$ 改成 $T = 0.5$。下一个词元的分布会怎样变化？',
        },
        choices: [
          {
            id: 'sharper',
            text: { en: 'It gets sharper: the likely tokens gain probability', zh: '变得更尖锐：可能性大的词元概率更高' },
            correct: true,
            feedback: {
              en: 'Dividing the logits by 0.5 doubles every gap between them, and the softmax turns bigger gaps into more lopsided probabilities. The ranking of the tokens stays the same.',
              zh: '把 logit 除以 0.5，它们两两之间的差距都会翻倍；差距越大，softmax 给出的概率就越悬殊。词元的排序保持不变。',
            },
          },
          {
            id: 'flatter',
            text: { en: 'It gets flatter: unlikely tokens gain probability', zh: '变得更平坦：可能性小的词元概率升高' },
            correct: false,
            feedback: {
              en: 'That is what $T > 1$ does. A temperature below 1 divides by a small number, which stretches the logits apart instead.',
              zh: '那是 $T > 1$ 的效果。温度低于 1 时是除以一个小于 1 的数，反而会把 logit 拉得更开。',
            },
          },
          {
            id: 'halved',
            text: { en: 'Every probability is halved, and the rest is spread evenly', zh: '每个概率都减半，剩下的平均分给所有词元' },
            correct: false,
            feedback: {
              en: 'The temperature divides the logits, before the softmax, not the probabilities. The softmax then renormalises, so the result still sums to 1 without any even share.',
              zh: '温度除的是 softmax 之前的 logit，而不是概率。softmax 随后重新归一化，结果的和仍为 1，不存在什么“平均分配”的部分。',
            },
          },
          {
            id: 'reorder',
            text: { en: 'The ranking changes, and low-scoring tokens move up the list', zh: '排序改变，得分低的词元排到前面' },
            correct: false,
            feedback: {
              en: 'Dividing every logit by the same positive $T$ keeps their order, so the most likely token stays the most likely. Only the gaps between the probabilities change.',
              zh: '所有 logit 除以同一个正数 $T$，它们的顺序不变，最可能的词元仍然最可能。变的只是概率之间的差距。',
            },
          },
        ],
      },
    },
    {
      kind: 'formula',
      answers: 'temperature',
      tex: String.raw`p_j = \frac{\exp(z_j / T)}{\sum_{j'} \exp(z_{j'} / T)} = \mathrm{softmax}(z / T)_j`,
      caption: {
        en: '$T < 1$ stretches the gaps between logits and sharpens the distribution; as $T \\to 0$ it becomes greedy. $T > 1$ shrinks the gaps and flattens it towards uniform. The order never changes. It is the same effect as dividing scores by $\\sqrt{d_k}$ in lesson 3, here on the output.',
        zh: '$T < 1$ 拉大 logit 之间的差距，使分布更尖锐；当 $T \\to 0$ 时就退化为贪心解码。$T > 1$ 缩小差距，使分布趋于均匀。顺序始终不变。这与第 3 课中把得分除以 $\\sqrt{d_k}$ 的效果相同，只是这里作用在输出上。',
      },
    },
    {
      kind: 'widget',
      widget: 'generation',
      caption: {
        en: 'The lab’s trained model writing from your prompt, greedily or by sampling at the temperature you set. For each new token it draws that step’s attention: one query row over every token so far. The model is small (2 layers × 4 heads, trained on about 25 million tokens). Give it a prompt that repeats a phrase and stop partway through the repeat: greedy decoding continues the copy, and in those steps its induction head (lesson 10) looks at the token after the earlier copy. Left to itself on new text it soon loops, repeating its own last few tokens, which is what greedy decoding of a small model tends to do.',
        zh: '实验台中训练好的模型接着你的提示往下写，可以用贪心解码，也可以按你设定的温度采样。每生成一个新词元，组件都会画出这一步的注意力：一个查询行，覆盖目前为止的所有词元。这个模型很小（2 层 × 4 个头，训练数据约 2500 万个词元）。给它一个重复某个短语的提示，并在重复到一半时停下：贪心解码会把照抄继续下去，这几步里它的归纳头（第 10 课）看向前文那次出现之后的词元。遇到没有重复的新文本时，它很快就会绕圈子，不断重复自己最后写出的几个词元，这是小模型贪心解码的常见现象。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Run greedy twice on the same prompt: the text is identical, because nothing in it is random. Sample at one temperature with two different seeds and the texts will usually differ; the same seed repeats the same draws. Lower the temperature towards 0 and the samples come closer to the greedy text.',
        zh: '用同一个提示做两次贪心生成：文本完全相同，因为其中没有任何随机性。在同一温度下用两个不同的种子采样，文本通常不同；同一个种子会重复同样的抽取。把温度逐渐降向 0，采样结果就越来越接近贪心生成的文本。',
      },
    },
  ],
  sources: [
    SYLLABUS_ARTICLE,
    { label: 'Vaswani et al. 2017, Attention Is All You Need (Section 3.1, Figure 1, Table 1)', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Devlin et al. 2018, BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding', url: 'https://arxiv.org/abs/1810.04805' },
    {
      label: 'Radford et al. 2018, Improving Language Understanding by Generative Pre-Training (GPT)',
      url: 'https://cdn.openai.com/research-covers/language-unsupervised/language_understanding_paper.pdf',
    },
    {
      label: 'Radford et al. 2019, Language Models are Unsupervised Multitask Learners (GPT-2)',
      url: 'https://cdn.openai.com/better-language-models/language_models_are_unsupervised_multitask_learners.pdf',
    },
    { label: 'Raffel et al. 2019, Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer (T5)', url: 'https://arxiv.org/abs/1910.10683' },
    { label: 'Williams & Zipser 1989, A Learning Algorithm for Continually Running Fully Recurrent Neural Networks (teacher forcing)', url: 'https://doi.org/10.1162/neco.1989.1.2.270' },
    { label: 'Shazeer 2019, Fast Transformer Decoding: One Write-Head is All You Need', url: 'https://arxiv.org/abs/1911.02150' },
    { label: 'Ainslie et al. 2023, GQA: Training Generalized Multi-Query Transformer Models from Multi-Head Checkpoints', url: 'https://arxiv.org/abs/2305.13245' },
    { label: 'Dao et al. 2022, FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness', url: 'https://arxiv.org/abs/2205.14135' },
    { label: 'Milakov & Gimelshein 2018, Online normalizer calculation for softmax', url: 'https://arxiv.org/abs/1805.02867' },
    { label: 'Holtzman et al. 2020, The Curious Case of Neural Text Degeneration', url: 'https://arxiv.org/abs/1904.09751' },
    { label: 'Zhang et al., Dive into Deep Learning (d2l.ai), The Transformer Architecture', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/transformer.html' },
    {
      label: 'UvA DL Tutorial 6, Transformers and Multi-Head Attention',
      url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html',
    },
  ],
};
