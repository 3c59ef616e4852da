import type { Lesson } from '../types';

// Lesson 1: attention as a weighted average whose weights come from similarity (query · key), then softmax.
export const whatIsAttention: Lesson = {
  slug: 'what-is-attention',
  title: { en: 'What attention is', zh: '什么是注意力' },
  summary: {
    en: 'Attention rebuilds each word as a weighted average of other words, with weights computed from how similar they are. Drag the vectors and watch the weights move.',
    zh: '注意力把每个词重新表示为其他词的加权平均，权重则根据词与词之间的相似程度算出。拖动向量，观察权重如何变化。',
  },
  objectives: [
    { en: 'Describe attention as a weighted average whose weights are computed from the input itself.', zh: '说明注意力是一种加权平均，而且权重是由输入本身算出来的。' },
    { en: 'Score a query against keys with a dot product and turn the scores into weights with a softmax.', zh: '用点积算出查询与各个键的得分，再用 softmax 把得分转换为权重。' },
    { en: 'Predict how turning or stretching a vector changes the weights and the output.', zh: '预测旋转或拉长一个向量时，权重和输出会怎样变化。' },
    { en: 'Say where the output of attention can lie, and where it cannot.', zh: '说出注意力的输出可能落在哪里、不可能落在哪里。' },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'Choosing what to look at', zh: '选择关注什么' } },
    {
      kind: 'prose',
      text: {
        en: 'Read “The animal did not cross the street because it was too tired.” You work out what “it” means almost without noticing: your mind goes back to “animal” and pays little heed to “street”. Nothing in the sentence is thrown away; some words simply count for more, given the question you are asking at that moment.',
        zh: '读一读这句话：“那只动物没有过马路，因为它太累了。”你几乎不假思索就知道“它”指的是什么：你的思绪回到了“动物”上，几乎没有理会“马路”。句子里的内容一点也没有丢掉，只是就你此刻要弄清的问题而言，有些词更要紧。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'An attention layer does something similar with numbers. For each position it works out how much every position should count, then mixes their information using those amounts as weights. The weights are not fixed in advance: they are computed from the input, so a different sentence gets different weights.',
        zh: '注意力层用数字做类似的事。对每个位置，它先算出所有位置各应占多大分量，再以这些分量为权重，把各位置的信息混合起来。这些权重不是预先固定的，而是由输入算出来的：换一个句子，权重也就不同。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'In deep learning the idea first appeared outside translation. Graves (2013) let a network that writes handwriting slide a soft window along the text it had to write, and Mnih et al. (2014) had a network choose where to look in an image, one glimpse at a time. Bahdanau et al. (2014) brought it to machine translation: the decoder weights the source words anew for every word it produces, instead of squeezing the whole source sentence into one fixed vector.',
        zh: '在深度学习中，这一思想最早并不是用在翻译上的。Graves（2013）让一个生成手写笔迹的网络沿着待写的文本滑动一个“软窗口”；Mnih 等人（2014）让网络每次只看图像的一处，由它自己决定看哪里。Bahdanau 等人（2014）把它引入了机器翻译：解码器每生成一个词，都重新给源句中的各个词分配权重，而不是把整个源句压缩成一个固定的向量。',
      },
    },
    { kind: 'heading', text: { en: 'A weighted average', zh: '加权平均' } },
    {
      kind: 'prose',
      text: {
        en: 'Say the word being updated can look at $n$ words, each carrying a vector $v_i$. Attention gives word $i$ a weight $\\alpha_i$; the weights are never negative and add up to 1. The result is the weighted average of the vectors.',
        zh: '设当前要更新的词可以看到 $n$ 个词，每个词带有一个向量 $v_i$。注意力为第 $i$ 个词分配权重 $\\alpha_i$：这些权重都不为负，且总和为 1。结果就是这些向量的加权平均。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\text{output} = \sum_{i=1}^{n} \alpha_i \, v_i, \qquad \alpha_i \ge 0, \quad \sum_{i=1}^{n} \alpha_i = 1`,
      caption: {
        en: 'Each $v_i$ is what word $i$ passes on; the next lesson calls it the value.',
        zh: '$v_i$ 是第 $i$ 个词传递出去的内容；下一课会把它称为“值”。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Where do the weights come from? From similarity. The word that is asking holds a **query** vector $q$, every word holds a **key** vector $k_i$, and the score of word $i$ is the dot product $q \\cdot k_i$: large when the two arrows point the same way, zero when they are at right angles, negative when they point apart.',
        zh: '权重从哪里来？来自相似度。发出询问的词有一个**查询**向量 $q$，每个词都有一个**键**向量 $k_i$，第 $i$ 个词的得分就是点积 $q \\cdot k_i$：两支箭头方向一致时得分大，互相垂直时为零，方向相背时为负。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`s_i = q \cdot k_i = \lVert q \rVert \, \lVert k_i \rVert \cos\theta_i, \qquad \alpha_i = \frac{e^{s_i}}{\sum_{j} e^{s_j}}`,
      caption: {
        en: 'The softmax turns any row of scores into positive weights that sum to 1, and keeps their order: the largest score gets the largest weight.',
        zh: 'softmax 能把任意一行得分变成和为 1 的正权重，并且保持原来的大小顺序：得分最高的，权重也最大。',
      },
    },
    { kind: 'heading', text: { en: 'Move the arrows', zh: '动手拖动箭头' } },
    {
      kind: 'prose',
      text: {
        en: 'Below, the query of “it” (the orange square) and four keys (the blue circles) sit in a plane. The table gives every score and weight, and the black diamond is the output. Drag any arrow tip, or select it with Tab and use the arrow keys.',
        zh: '下面的平面里有“它”的查询（橙色方块）和四个键（蓝色圆点）。表格列出了所有得分和权重，黑色菱形是输出。拖动任意一个箭头的端点，或者用 Tab 键选中端点，再用方向键移动。',
      },
    },
    {
      kind: 'widget',
      widget: 'vector-drag',
      caption: {
        en: 'Scores are plain dot products $q \\cdot k_i$, the weights are the engine’s softmax of them, and each word’s value is its own key, so the output is the weighted average of the key tips. The keys start at about the same length, so at first only the angles matter.',
        zh: '得分就是点积 $q \\cdot k_i$，权重由引擎对这些得分做 softmax 得到；这里每个词的值就是它自己的键，所以输出是各个键端点的加权平均。四个键起初长度差不多，因此一开始起作用的只有夹角。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'aligned-key',
        prompt: {
          en: 'The four keys have about the same length. Put the query exactly on the key of “tired”: how is the weight shared out?',
          zh: '四个键的长度差不多。把查询正好放到“累”的键上：权重会怎样分配？',
        },
        choices: [
          {
            id: 'most-not-all',
            text: { en: '“tired” gets the most, about 0.71, but far from all of it', zh: '“累”得到最多，约 0.71，但远不是全部' },
            correct: true,
            feedback: {
              en: 'The scores are about 3.25 for “tired”, 2.04 for “animal”, 1.03 for “street” and −3.25 for “cross”, and the softmax turns them into about 0.71, 0.21, 0.08 and 0.001. It keeps the order of the scores, so the aligned key wins, but it is soft: every key with a finite score keeps some weight.',
              zh: '得分大约是：“累” 3.25，“动物” 2.04，“马路” 1.03，“穿过” −3.25；softmax 把它们变成约 0.71、0.21、0.08 和 0.001。这一变换保持得分的大小顺序，所以方向一致的键胜出；但它是“软”的：只要得分是有限值，每个键都会分到一些权重。',
            },
          },
          {
            id: 'all',
            text: { en: '“tired” takes it all: 1 for “tired”, 0 for every other key', zh: '“累”拿走全部：它得 1，其他每个键都是 0' },
            correct: false,
            feedback: {
              en: 'That would be a hard lookup, like finding one entry in a dictionary. The softmax is soft: $e^{s}$ is positive for every finite score, so “animal” still gets about 0.21 and “tired” about 0.71.',
              zh: '那是“硬”查找，就像查字典时只取出一个词条。softmax 是“软”的：对任何有限的得分，$e^{s}$ 都是正数，所以“动物”仍有约 0.21，“累”则约为 0.71。',
            },
          },
          {
            id: 'animal',
            text: { en: '“animal” keeps the most, as it had the largest weight before', zh: '“动物”仍然最多，因为它之前的权重最大' },
            correct: false,
            feedback: {
              en: 'The weights are computed afresh from the current query; nothing remembers the previous position. Once the query lies along “tired”, “animal” is at an angle to it and scores less.',
              zh: '权重每次都根据当前的查询重新计算，不会记住之前的位置。查询一旦转到“累”的方向，“动物”的键就与它形成夹角，得分随之降低。',
            },
          },
          {
            id: 'equal',
            text: { en: 'All four get about 1/4, since the keys are equally long', zh: '四个键各得约 1/4，因为它们一样长' },
            correct: false,
            feedback: {
              en: 'Equal lengths leave the angles to decide. The query lies along “tired” and points away from “cross”, so the four scores differ, and so do the weights.',
              zh: '长度相同时，由夹角决定高低。查询指向“累”的方向、背离“穿过”，所以四个得分各不相同，权重也随之不同。',
            },
          },
        ],
        reveal: { widget: 'vector-drag', config: { queryOnKey: 1 } },
      },
    },
    {
      kind: 'question',
      question: {
        id: 'longer-query',
        prompt: {
          en: 'Keep the query’s direction but make it twice as long. What happens to the weights?',
          zh: '保持查询的方向不变，把它拉长到原来的两倍。权重会怎样变化？',
        },
        choices: [
          {
            id: 'sharper',
            text: { en: 'Sharper: the largest weight grows, the smallest shrinks', zh: '更尖锐：最大的权重变大，最小的变小' },
            correct: true,
            feedback: {
              en: 'Every score doubles, so the gaps between scores double too, and the softmax of wider gaps is more lopsided. Vector length matters to a dot product; lesson 3 shows why the Transformer divides scores by $\\sqrt{d_k}$ for exactly this reason.',
              zh: '每个得分都翻倍，得分之间的差距也翻倍，而差距越大，softmax 的结果越偏向一边。点积对向量长度很敏感；第 3 课会讲到，Transformer 正是出于这个原因才把得分除以 $\\sqrt{d_k}$。',
            },
          },
          {
            id: 'same',
            text: { en: 'No change: a dot product only measures the angle between arrows', zh: '不变：点积只看两支箭头的夹角' },
            correct: false,
            feedback: {
              en: 'That would hold for cosine similarity, which ignores length. The dot product grows with the length of both vectors; drag the query outwards and watch the numbers move.',
              zh: '这对余弦相似度成立，因为余弦相似度不考虑长度。点积则随两个向量的长度增大而增大；把查询往外拖，看看表里的数字怎么变。',
            },
          },
          {
            id: 'double',
            text: { en: 'Every weight doubles, because every score doubles', zh: '每个权重都翻倍，因为每个得分都翻倍' },
            correct: false,
            feedback: {
              en: 'They cannot: the weights always add up to 1. The scores double; the weights are only shared out differently.',
              zh: '不可能：权重之和永远是 1。翻倍的是得分，权重只是重新分配。',
            },
          },
          {
            id: 'flatter',
            text: { en: 'Flatter: a longer query is farther from every key tip', zh: '更平坦：查询变长后离每个键端点都更远' },
            correct: false,
            feedback: {
              en: 'Distance to the tips is not what is scored. Every score doubles, so the gaps widen and the weights get more lopsided; it is shrinking the query towards the origin that brings every weight close to 1/4.',
              zh: '得分衡量的并不是到端点的距离。每个得分都翻倍，差距随之拉大，权重更偏向一边；把查询缩向原点，才会让每个权重都接近 1/4。',
            },
          },
        ],
        reveal: { widget: 'vector-drag' },
      },
    },
    {
      kind: 'question',
      question: {
        id: 'output-inside',
        prompt: {
          en: 'Can the output (the diamond) ever land outside the shape whose corners are the four key tips?',
          zh: '输出点（菱形）会不会落到以四个键端点为顶点的图形之外？',
        },
        choices: [
          {
            id: 'never',
            text: { en: 'No: weights that are positive and sum to 1 keep it inside or on its edge', zh: '不会：正权重之和为 1，总在图形内或边上' },
            correct: true,
            feedback: {
              en: 'An average with non-negative weights that sum to 1 always lies within the convex hull of the points averaged. Attention can pick one value or blend several, but it never goes beyond them.',
              zh: '只要权重非负且总和为 1，加权平均的结果就总落在参与平均的各点所构成的凸包之内。注意力可以挑出一个值，也可以混合几个值，但不会超出它们的范围。',
            },
          },
          {
            id: 'negative',
            text: { en: 'Yes: a negative score pushes the output away from that key, past the edge', zh: '会：负得分会把输出推离那个键，越过边界' },
            correct: false,
            feedback: {
              en: 'A negative score still gives a positive weight, because $e^{s}$ is positive for every $s$. Negative scores only mean small weights, never a push away.',
              zh: '负的得分照样得到正的权重，因为对任何 $s$，$e^{s}$ 都是正数。负得分只意味着权重小，而不会把输出往外推。',
            },
          },
          {
            id: 'long',
            text: { en: 'Yes: with a very long query the output overshoots the nearest key tip', zh: '会：查询很长时，输出会冲过最近的那个键端点' },
            correct: false,
            feedback: {
              en: 'A long query makes the weights nearly one-hot, which pulls the output onto a single key tip, but never past it.',
              zh: '查询很长时，权重接近独热，输出会被拉到某一个键的端点上，但不会越过它。',
            },
          },
        ],
        reveal: { widget: 'vector-drag' },
      },
    },
    {
      kind: 'callout',
      tone: 'note',
      text: {
        en: 'Here the values are simply the keys, so that one picture shows everything. In a real model each word has a separate value vector, and its query, key and value are all computed from the word’s embedding by learned matrices. That is the next lesson.',
        zh: '这里为了用一张图说明全部过程，直接把键当作值。在真正的模型中，每个词另有一个值向量，它的查询、键和值都由该词的嵌入经可学习的矩阵变换得到。这是下一课的内容。',
      },
    },
    { kind: 'heading', text: { en: 'The same idea on your sentence', zh: '同样的过程，用在你的句子上' } },
    {
      kind: 'prose',
      text: {
        en: 'The lessons’ widgets do exactly this for every word at once, on the sentence at the top of the page, with the **untrained encoder**, one of the lab’s two models (the lab itself opens on the other, a small trained language model). The untrained encoder’s weights are random, not trained, so do not expect “it” to pick out “animal”. What you can check is the mechanism: every row of weights is positive and adds up to 1.',
        zh: '课程中的组件用**未训练的编码器**对本页顶部那句话里的每个词同时做这件事。它是实验台的两个模型之一（实验台本身打开时用的是另一个：一个训练好的小语言模型）。未训练编码器的参数是随机的，没有经过训练，所以别指望“它”会挑出“动物”。你能验证的是机制本身：每一行权重都是正数，加起来等于 1。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Show the softmax step on my sentence', zh: '在我的句子上显示 softmax 这一步' },
      preset: { walkthroughStep: 'softmax' },
      note: {
        en: 'Each row of the weight matrix is one query’s weights over all the keys, like the table above.',
        zh: '权重矩阵的每一行是一个查询对所有键的权重，和上面的表格一样。',
      },
    },
    {
      kind: 'train',
      label: { en: 'See what training adds: teach one head to reverse 16 digits', zh: '看看训练带来什么：教一个头把 16 个数字倒过来' },
      query: 'task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1',
      note: {
        en: 'At first its weights are spread out like the lab’s. Within about a hundred steps each output position puts almost all of its weight on the one input it needs, and the map becomes the anti-diagonal.',
        zh: '一开始它的权重和实验台里一样分散。大约一百步之内，每个输出位置就几乎把全部权重都放到它唯一需要的那个输入上，注意力图变成一条反对角线。',
      },
    },
    {
      kind: 'try',
      label: { en: 'Show the weighted sum of the values', zh: '显示对值的加权求和' },
      preset: { walkthroughStep: 'weightedValues' },
    },
    {
      kind: 'widget',
      widget: 'walkthrough-step',
      caption: {
        en: 'One step of the real encoder layer on your sentence; the buttons above choose the step.',
        zh: '真实的编码器层在你的句子上运行时的一步；用上面的按钮选择步骤。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Graves 2013, Generating Sequences With Recurrent Neural Networks', url: 'https://arxiv.org/abs/1308.0850' },
    { label: 'Mnih, Heess, Graves, Kavukcuoglu 2014, Recurrent Models of Visual Attention', url: 'https://arxiv.org/abs/1406.6247' },
    { label: 'Bahdanau, Cho, Bengio 2014, Neural Machine Translation by Jointly Learning to Align and Translate', url: 'https://arxiv.org/abs/1409.0473' },
    {
      label: 'Lippe, UvA Deep Learning Tutorial 6: Transformers and Multi-Head Attention',
      url: 'https://uvadlc-notebooks.readthedocs.io/en/latest/tutorial_notebooks/tutorial6/Transformers_and_MHAttention.html',
    },
    { label: 'Zhang et al., Dive into Deep Learning, 11.2 Attention Pooling by Similarity', url: 'https://d2l.ai/chapter_attention-mechanisms-and-transformers/attention-pooling.html' },
  ],
};
