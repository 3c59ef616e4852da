import type { Lesson } from '../types';

// Lesson 10: what trained heads are seen doing, attention sinks, induction heads, and why attention weights are not an
// explanation by themselves.
export const readingAttentionMaps: Lesson = {
  slug: 'reading-attention-maps',
  title: { en: 'Reading attention maps', zh: '解读注意力图' },
  summary: {
    en: 'The shapes trained heads are known for, from previous-token heads to induction heads, why so many look at the first token, how to find them in a map, and what a high weight alone can and cannot tell you.',
    zh: '训练后的注意力头常见的几种形态，从“前一个词元头”到“归纳头”；为什么很多头盯着第一个词元；如何在注意力图中找到它们；以及单看权重大小能说明什么、不能说明什么。',
  },
  objectives: [
    {
      en: 'Recognise common head patterns in a map (previous token, same token, first token, broad, induction) and say why a first-token sink appears.',
      zh: '在注意力图中认出常见的头模式（前一个词元、相同词元、第一个词元、宽泛、归纳），并说出第一个词元为什么会成为注意力吸收点。',
    },
    {
      en: 'Describe what Vaswani et al. saw in trained heads: long-distance links, and heads “apparently involved in anaphora resolution”.',
      zh: '描述 Vaswani 等人在训练后的头中观察到的现象：长距离的联系，以及“看来参与了指代消解”的头。',
    },
    {
      en: 'Explain how an induction head completes “A B … A” with B.',
      zh: '解释归纳头如何把“A B … A”补全为 B。',
    },
    {
      en: 'Say what a high attention weight does and does not tell you, and how ablating a head tests it.',
      zh: '说出大的注意力权重能说明什么、不能说明什么，以及如何通过消融一个头来检验。',
    },
  ],
  blocks: [
    { kind: 'heading', text: { en: 'What a head’s map can show', zh: '一个头的注意力图能告诉我们什么' } },
    {
      kind: 'prose',
      text: {
        en: 'Each row of a head’s map is one query token, and its colours show where that token’s weight goes. In trained models many heads settle into shapes you can recognise at a glance:',
        zh: '注意力图中的每一行对应一个查询词元，颜色显示这个词元把权重分配到了哪里。在训练好的模型中，许多头会形成一眼就能认出的形态：',
      },
    },
    {
      kind: 'list',
      items: [
        {
          en: '**Previous token**: a stripe just below the diagonal; each token looks one step back.',
          zh: '**前一个词元**：对角线正下方的一条斜线；每个词元都往回看一步。',
        },
        {
          en: '**Same token**: weight on the diagonal and on other copies of the same word.',
          zh: '**相同词元**：权重落在对角线上，以及同一个词的其他出现位置上。',
        },
        {
          en: '**First token**: a bright first column; many queries put most of their weight on the first token, whatever word it is.',
          zh: '**第一个词元**：第一列特别亮；许多查询把大部分权重放在第一个词元上，不管它是什么词。',
        },
        {
          en: '**Broad**: flat rows that average the whole sentence.',
          zh: '**宽泛**：每一行都很平坦，相当于对整句取平均。',
        },
        {
          en: '**Induction**: only where words repeat; a stripe parallel to the diagonal that points back into the earlier copy (the next section works out exactly where).',
          zh: '**归纳**：只在有词重复时出现；一条与对角线平行的斜线，指回前面重复过的那一段（下一节会弄清它究竟指向哪里）。',
        },
      ],
    },
    {
      kind: 'prose',
      text: {
        en: 'Vaswani et al. (Fig. 3) show many heads in layer 5 of 6 linking “making” to the distant “more difficult”, completing the phrase “making … more difficult”. Their Fig. 4 shows two heads of the same layer that are, in the authors’ own hedged words, “apparently involved in anaphora resolution”: the weights from “its” are very sharp. In Fig. 5, heads behave in ways that seem tied to the structure of the sentence, and different heads clearly learned different tasks.',
        zh: 'Vaswani 等人的图 3 显示，6 层中第 5 层的许多头把“making”与相隔很远的“more difficult”联系起来，补全了短语“making … more difficult”。图 4 展示了同一层的两个头，作者的措辞很谨慎，说它们“看来参与了指代消解”（apparently involved in anaphora resolution）：从“its”出发的权重非常集中。图 5 中，一些头的行为似乎与句子结构有关，而且不同的头显然学会了不同的任务。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'first-token-sink',
        prompt: {
          en: 'Many trained heads put most of their weight on the first token, even when it is a plain word like “The”. Why would training produce that?',
          zh: '许多训练好的头把大部分权重放在第一个词元上，即使它只是“The”这样普通的词。训练为什么会得到这种结果？',
        },
        choices: [
          {
            id: 'must-sum',
            text: { en: 'Each row must sum to 1, so spare weight has to land somewhere', zh: '每行和必须为 1，多余权重总要有去处' },
            correct: true,
            feedback: {
              en: 'A head cannot attend to nothing. When a query finds nothing useful, its weight still has to go somewhere, and training settles on one token every query can see: in a causal model, the first.',
              zh: '一个头没法“什么都不关注”。查询找不到有用的内容时，权重仍然得分配出去，训练就选定一个每个查询都能看到的词元来接收它：在因果模型中，就是第一个词元。',
            },
          },
          {
            id: 'summary',
            text: { en: 'The first token collects a summary of the whole sentence for the others', zh: '第一个词元为其他词元汇总了整句话的内容' },
            correct: false,
            feedback: {
              en: 'That is the job of a special summary token in some encoders, and even there it is learned. In a causal model the first token sees only itself, so its vector cannot summarise the words after it.',
              zh: '这是某些编码器中专门的汇总词元的工作，而且那也是训练出来的。在因果模型中，第一个词元只能看到它自己，它的向量不可能概括后面的词。',
            },
          },
          {
            id: 'meaning',
            text: { en: 'The first word usually carries the most meaning in a sentence', zh: '一句话的第一个词通常承载最多的含义' },
            correct: false,
            feedback: {
              en: 'The column appears whatever the first word is, “The” included. It shows where spare weight goes, not which word matters most.',
              zh: '不管第一个词是什么，包括“The”，这一列都会出现。它显示的是多余权重的去处，而不是哪个词最重要。',
            },
          },
          {
            id: 'encoding',
            text: { en: 'The positional encoding gives the first position the largest scores', zh: '位置编码让第一个位置得到最大的得分' },
            correct: false,
            feedback: {
              en: 'The sinusoidal encoding favours no position by itself: this lab’s untrained model adds the same encoding and shows no bright first column. Xiao et al. found sinks in models that encode position in different ways.',
              zh: '正弦位置编码本身并不偏向任何位置：本实验台未训练的模型加的是同样的编码，却没有明亮的第一列。Xiao 等人在以不同方式编码位置的多种模型中都发现了注意力吸收点。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'first-token-sink',
      text: {
        en: 'The reason is the softmax: every row of weights sums to 1, so a head has no way to attend to nothing. A query that finds nothing useful must still spend its whole weight somewhere. Trained models learn to park that spare weight on one token, usually the first (in a causal model it is the one token every query can see), sometimes a delimiter such as a full stop or BERT’s [SEP] (Clark et al. 2019). That token then acts as an **attention sink**. Xiao et al. (2023) named it and showed how much models lean on it: a language model that streamed long text through a window of recent tokens fell apart once the first tokens left the window, and keeping just four of them was enough to restore it. Lesson 4 (Masking) met the same constraint from the other side: a fully masked row has no key at all to put its weight on, and each library has to decide what to return.',
        zh: '原因在于 softmax：每一行权重的和都是 1，所以一个头没有办法“什么都不关注”。即使某个查询找不到任何有用的内容，也必须把全部权重分配出去。训练好的模型学会把这些多余的权重停放在一个词元上，通常是第一个词元（在因果模型中，只有它是每个查询都能看到的），有时是句号或 BERT 的 [SEP] 这样的分隔符（Clark 等人，2019）。这个词元于是成了**注意力吸收点（attention sink）**。Xiao 等人（2023）提出了这个名称，并说明了模型对它的依赖有多深：一个用滑动窗口（只保留最近的词元）处理长文本流的语言模型，一旦最前面的几个词元移出窗口，输出就会崩溃；只要保留其中 4 个，就能恢复正常。第 4 课（掩码）从另一面遇到过同样的约束：整行都被屏蔽时，这一行根本没有可以放权重的键，每个库都必须决定这时返回什么。',
      },
    },
    { kind: 'heading', text: { en: 'Induction heads: continuing a repeat', zh: '归纳头：把重复延续下去' } },
    {
      kind: 'question',
      question: {
        id: 'induction-target',
        prompt: {
          en: 'Text often repeats. In “the cat sat . the cat sat .” (positions 1–8), a model at the second “cat” (position 6) can guess that “sat” comes next, thanks to one head. Where does that head’s query at position 6 look?',
          zh: '文本常常会重复。在“the cat sat . the cat sat .”（位置 1–8）中，模型读到第二个“cat”（位置 6）时，能猜到下一个是“sat”，这要归功于某个头。这个头在位置 6 的查询看向哪里？',
        },
        choices: [
          {
            id: 'sat',
            text: { en: '“sat” at position 3', zh: '位置 3 的“sat”' },
            correct: true,
            feedback: {
              en: 'The head finds the earlier “cat” (position 2) and looks one step to its right, at “sat”: copying that value forward is what makes “sat” the guess.',
              zh: '这个头找到前面的“cat”（位置 2），再看它右边一格的“sat”：把这个值向量复制过来，模型才会猜“sat”。',
            },
          },
          {
            id: 'cat',
            text: { en: '“cat” at position 2', zh: '位置 2 的“cat”' },
            correct: false,
            feedback: {
              en: 'Finding the earlier “cat” is part of the job, but its value says “cat”, not “sat”; copying it would predict “cat” again. That is the same-token pattern.',
              zh: '找到前面的“cat”确实是其中一步，但它的值向量代表的是“cat”而不是“sat”；把它复制过来只会再预测“cat”。这是“相同词元”模式。',
            },
          },
          {
            id: 'the',
            text: { en: '“the” at position 5', zh: '位置 5 的“the”' },
            correct: false,
            feedback: {
              en: 'That is the previous-token pattern. A previous-token head does help in this circuit, but “the” says nothing about what follows “cat”.',
              zh: '这是“前一个词元”模式。前一个词元头在这个回路中确实起辅助作用，但“the”并不能说明“cat”后面跟着什么。',
            },
          },
          {
            id: 'itself',
            text: { en: '“cat” itself, at position 6', zh: '位置 6 的“cat”本身' },
            correct: false,
            feedback: {
              en: 'Its own value only says “cat”. To guess the next word the head needs a token that once came after “cat”.',
              zh: '它自己的值向量只代表“cat”。要猜下一个词，这个头需要找到曾经跟在“cat”后面的那个词元。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'induction-target',
      text: {
        en: 'Olsson et al. (2022) describe a circuit of two heads. A **previous-token head** in an earlier layer writes “the token before me was A” into each position. Later, an **induction head** at the second A searches for keys that say “my predecessor was A”, finds B, and copies it forward: the model predicts B. In the example, A is “cat” and B is “sat” at position 2.',
        zh: 'Olsson 等人（2022）描述了一个由两个头组成的回路。较早层中的**前一个词元头**在每个位置写入“我前面的词元是 A”。之后，第二个 A 处的**归纳头**寻找那些写着“我前面是 A”的键，于是找到 B，并把它复制过来：模型预测出 B。在上面的例子中，A 是“cat”，B 是位置 2 的“sat”。',
      },
    },
    {
      kind: 'formula',
      tex: String.raw`\text{target}(i) = \{\, j + 1 \;:\; j < i,\; t_j = t_i \,\}`,
      caption: { en: 'The induction template: query $i$ looks at the token after each earlier copy of itself.', zh: '归纳模板：查询 $i$ 关注它自己之前每一次出现位置的下一个词元。' },
    },
    {
      kind: 'prose',
      text: {
        en: 'They argue that such heads drive much of in-context learning: continuing a pattern seen earlier in the same text.',
        zh: '他们认为，这类头是上下文学习的主要来源之一：把同一段文字中前面出现过的模式延续下去。',
      },
    },
    {
      kind: 'train',
      label: { en: 'Train the two-head circuit yourself', zh: '亲手训练这个由两个头组成的回路' },
      query: 'task=induction&layers=2&heads=1&width=32&lr=0.005&seed=1',
      note: {
        en: 'A two-layer model with a causal mask learns to repeat the token that followed the last earlier copy of the current one. After a few hundred steps layer 1 looks one position back and layer 2 looks just past the earlier copy. “Load trained model” shows the finished heads at once.',
        zh: '一个带因果掩码的两层模型学习：重复当前词元上一次出现时紧跟其后的那个词元。训练几百步后，第 1 层会看向前一个位置，第 2 层会看向更早那次出现的后一个位置。点“加载训练好的模型”可以直接看到训练完成的头。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'random-heads',
        prompt: {
          en: 'The pattern finder below runs the lab’s untrained model, whose weights are random. What will its heads’ maps look like?',
          zh: '下面的模式查找器运行的是实验台中未训练的模型，它的权重是随机的。这些头的注意力图会是什么样子？',
        },
        choices: [
          {
            id: 'uniform',
            text: { en: 'Nearly flat rows, like the broad template: similar scores', zh: '几乎平坦的行，接近“宽泛”模板：得分相近' },
            correct: true,
            feedback: {
              en: 'Random queries and keys give scores of similar size, and a softmax over similar scores is nearly flat. Every sharper shape has to be learned.',
              zh: '随机的查询和键给出的得分大小相近，对相近的得分做 softmax，结果几乎是均匀的。任何更尖锐的形态都需要通过训练学出来。',
            },
          },
          {
            id: 'spiky',
            text: { en: 'Sharp random peaks, each row fixed on some arbitrary token', zh: '尖锐而随机的峰，每一行随便盯住某个词元' },
            correct: false,
            feedback: {
              en: 'Random weights do give random scores, but small ones, close together, so the softmax spreads the weight instead of picking one token. A sharp peak needs a large gap between scores, which training builds.',
              zh: '随机权重确实给出随机的得分，但这些得分都很小、彼此接近，所以 softmax 会把权重摊开，而不是挑中某一个词元。尖锐的峰需要得分之间有很大的差距，这要靠训练来形成。',
            },
          },
          {
            id: 'diagonal',
            text: { en: 'A bright diagonal: each token attends mostly to itself', zh: '明亮的对角线：每个词元主要关注它自己' },
            correct: false,
            feedback: {
              en: 'A token’s query and key come from different random matrices, $W^Q$ and $W^K$, so $q_i \\cdot k_i$ is on average no larger than any other score: nothing favours the diagonal.',
              zh: '一个词元的查询和键来自两个不同的随机矩阵 $W^Q$ 和 $W^K$，所以 $q_i \\cdot k_i$ 平均来说并不比其他得分大：没有什么让对角线占优势。',
            },
          },
          {
            id: 'previous',
            text: { en: 'Previous-token stripes, since positions are encoded', zh: '“前一个词元”斜线，因为位置已经编码进去了' },
            correct: false,
            feedback: {
              en: 'The encoding tells each token where it is, but random $W^Q$ and $W^K$ do not turn that into “look one step back”; that mapping has to be learned.',
              zh: '位置编码告诉每个词元它在哪里，但随机的 $W^Q$ 和 $W^K$ 不会把它变成“往回看一步”；这种对应关系需要训练出来。',
            },
          },
        ],
      },
    },
    {
      kind: 'try',
      label: { en: 'Use a sentence with repeats: “the cat sat . the cat sat .”', zh: '换成有重复的句子：“the cat sat . the cat sat .”' },
      preset: { lab: { text: 'the cat sat . the cat sat .', maskMode: 'none' } },
      note: {
        en: 'The pattern finder below builds each template for this sentence and scores every head of every layer against it.',
        zh: '下面的模式查找器会为这个句子构建每种模板，并给每一层的每个头打分。',
      },
    },
    {
      kind: 'widget',
      widget: 'pattern-finder',
      answers: 'random-heads',
      caption: {
        en: 'Templates for your tokens next to the lab’s closest heads. The weights are untrained: expect the broad template to fit best and the others only weakly.',
        zh: '你的词元对应的模板，与实验台中最接近的头并排显示。权重未经训练：可以预期“宽泛”模板最吻合，其他模板只是略有相似。',
      },
    },
    { kind: 'heading', text: { en: 'Find them in a trained model', zh: '在训练好的模型中找到它们' } },
    {
      kind: 'prose',
      text: {
        en: 'The project’s trained language model (2 layers of 4 heads) was trained on text in which spans sometimes repeat, and it did learn this circuit: the probes that label the grid find a previous-token head in layer 1 and an induction head in layer 2. The example below repeats a phrase and stops right after the second “old”: copying from the first sentence gives “house”, and “house” is the model’s top guess. Find the two heads and test them:',
        zh: '本项目训练的语言模型（2 层，每层 4 个头）在训练时读过一些片段会重复出现的文本，它也确实学会了这个回路：给网格加标签的探针在第 1 层找到一个前一个词元头，在第 2 层找到一个归纳头。下面的例子把一个短语重复了一遍，停在第二个“old”之后：照抄第一句，下一个是“house”，而“house”正是模型排第一的猜测。找到这两个头，再检验它们：',
      },
    },
    {
      kind: 'list',
      items: [
        {
          en: '**Previous-token head**: in layer 1, a map with a stripe just below the diagonal. Its card in the grid carries the label the probe gave it.',
          zh: '**前一个词元头**：在第 1 层，注意力图在对角线正下方有一条斜线。网格中它的卡片上有探针给出的标签。',
        },
        {
          en: '**Induction head**: in layer 2, a map whose rows in the second sentence light up one step to the right of the same word in the first sentence. Check the label against the map: does the last row’s brightest cell sit on “house”?',
          zh: '**归纳头**：在第 2 层，第二句中各行的亮点落在第一句同一个词右边一格的位置。拿注意力图核对这个标签：最后一行最亮的格子是不是落在“house”上？',
        },
        {
          en: 'Switch each one off, then both, and watch the top prediction and the probability of “house” in the before → after rows.',
          zh: '先逐个关掉它们，再同时关掉，观察排在第一的预测，以及“之前 → 之后”各行中“house”的概率。',
        },
      ],
    },
    {
      kind: 'widget',
      widget: 'trained-model-lab',
      config: { example: 'repeatEn,repeatZh' },
      caption: {
        en: 'The trained model on your sentence: click a head in the grid to see its map, untick a head to switch it off. The Chinese example mentions “王芳”, then stops after a second “王”; copying gives “芳”. The model is tiny and often wrong: try your own repeats too.',
        zh: '训练好的模型处理你的句子：点击网格中的头查看它的注意力图，取消勾选就把它关掉。中文例子先提到“王芳”，然后停在第二个“王”之后；照抄的话，下一个是“芳”。模型很小，经常出错：也试试你自己写的重复句子。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'With every head on, “house” leads with about a fifth of the probability, twice the next guess. Switch the induction head off and it falls under 1 %. Switch only the previous-token head off and it falls just as far, although that head, from the last position, puts almost no weight on “house”: the induction head finds the earlier “old” by what the previous-token head wrote into the position after it. Two heads, neither enough alone, is what a circuit means. Heads of a trained model are rarely pure, so a map can look like a mix of two patterns, and a tiny model copies only part of the time: a name it has often seen followed by something else (try “张三丰 … 张三”) can pull its guess away from the copy.',
        zh: '所有头都打开时，“house”以大约五分之一的概率领先，是第二名的两倍。关掉归纳头，它跌到 1% 以下。只关掉前一个词元头，它也跌得一样低，尽管这个头在最后一个位置几乎不把权重放在“house”上：归纳头是靠前一个词元头写进“old”后一个位置的信息，才找到前面那个“old”的。两个头，单独哪一个都不够，这就是“回路”的含义。训练好的模型中，头很少只做一件事，所以一张注意力图可能像两种模式的混合；而一个很小的模型只是有时才会照抄：一个它常见到后面跟着别的字的名字（试试“张三丰……张三”），会把它的猜测从照抄上拉开。',
      },
    },
    { kind: 'heading', text: { en: 'What a weight tells you', zh: '一个权重能说明什么' } },
    {
      kind: 'question',
      question: {
        id: 'high-weight',
        prompt: {
          en: 'In one head, the query “it” puts 0.9 of its weight on “animal”. What can you conclude from that alone?',
          zh: '在某个头中，查询“it”把 0.9 的权重放在“animal”上。仅凭这一点可以得出什么结论？',
        },
        choices: [
          {
            id: 'mixes',
            text: { en: 'The head’s output for “it” weights the value of “animal” by 0.9', zh: '这个头为“it”混入“animal”的值，权重 0.9' },
            correct: true,
            feedback: {
              en: 'That is all a weight states: how this head mixes the value vectors. Whether the mix changes the prediction is a separate question, which switching the head off answers.',
              zh: '权重所说明的仅此而已：这个头怎样混合各个值向量。这种混合是否改变预测是另一个问题，要关掉这个头才能回答。',
            },
          },
          {
            id: 'resolved',
            text: { en: 'The model as a whole has worked out that “it” means “animal”', zh: '整个模型已经判定“it”指的就是“animal”' },
            correct: false,
            feedback: {
              en: 'Other heads, later layers and the residual path also shape the result; one head’s weight does not show what the model concluded.',
              zh: '其他头、后面的层以及残差连接也会影响结果；单个头的权重并不能说明模型得出了什么结论。',
            },
          },
          {
            id: 'biggest',
            text: { en: 'Removing “animal” would change the output more than removing any other word', zh: '去掉“animal”对输出的影响，会比去掉句中任何其他词都大' },
            correct: false,
            feedback: {
              en: 'That is a claim about influence, which a weight does not measure: the value vector of “animal” could be small, or this head could barely reach the output.',
              zh: '这是关于“影响”的论断，而权重并不衡量影响：“animal”的值向量可能很小，这个头对输出的作用也可能很弱。',
            },
          },
          {
            id: 'role',
            text: { en: 'This head’s job in the model is resolving pronouns', zh: '这个头在模型中的职责就是解析代词' },
            correct: false,
            feedback: {
              en: 'One row on one sentence does not give a head its job. The same head may do something else on other inputs, or matter little; a pattern name is a hypothesis to test.',
              zh: '一个句子中的一行，不足以确定一个头的职责。同一个头在别的输入上可能做别的事，也可能无足轻重；模式名称只是有待检验的假设。',
            },
          },
        ],
      },
    },
    {
      kind: 'prose',
      answers: 'high-weight',
      text: {
        en: 'A weight says how much of a value vector is mixed in, not how much it changes the result. The value may be small, $W^O$ may damp this head, and other heads and the residual path add their own share. High weight does not mean high influence.',
        zh: '权重说明的是某个值向量被混入了多少，而不是它对结果改变了多少。那个值向量可能很小，$W^O$ 可能削弱这个头的作用，其他头和残差连接也会各自加入贡献。权重大并不等于影响大。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Jain & Wallace (2019) studied attention over recurrent (BiLSTM) encoders in text classification, question answering and inference, not Transformers. They found that its weights often disagree with other measures of which inputs matter, and that quite different weight patterns can yield the same prediction. Wiegreffe & Pinter (2019) answered that this depends on what “explanation” means, and that attention can carry real information, but only tests can show it.',
        zh: 'Jain 和 Wallace（2019）研究的是文本分类、问答和推理任务中建立在循环（BiLSTM）编码器之上的注意力，而不是 Transformer。他们发现，注意力权重经常与其他衡量“哪些输入重要”的方法不一致，而且差别很大的权重分布也可能给出相同的预测。Wiegreffe 和 Pinter（2019）回应说，这取决于如何定义“解释”；注意力确实可能携带真实的信息，但必须用检验来证明。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'A direct check is **ablation**: switch the head off and measure how much the output changes. That is a causal test: you change the model and watch the effect, which attention weights alone cannot show. The lab’s head view does exactly this and shows the output difference per token; the trained model above shows it on the predictions.',
        zh: '一种直接的检验是**消融**：关掉这个头，测量输出改变了多少。这是一种因果检验：你改动模型，再观察效果；单看注意力权重做不到这一点。实验台的头视图正是这样做的，并显示每个词元的输出差异；上面训练好的模型则直接在预测上显示这种效果。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Try it on the trained model: find a head whose map looks sharply focused, for instance a sink head that puts almost all its weight on the first token, and switch it off. You may find that the prediction barely moves: a sharp map, little influence on this prediction. A head with a blurrier map may matter more than it looks. Only switching it off tells you.',
        zh: '在训练好的模型上试一试：找一个注意力图看起来非常集中的头，比如一个几乎把全部权重都放在第一个词元（注意力吸收点）上的头，把它关掉。你可能会发现预测几乎没变：图很集中，对这个预测的影响却很小。而一个图比较模糊的头，可能比看上去更重要。只有把它关掉才知道。',
      },
    },
    {
      kind: 'callout',
      tone: 'caution',
      text: {
        en: 'Pattern names are a reading aid, not a diagnosis. A head can mix several patterns, behave differently on other inputs, or matter little for the output; check before you rely on a story about it.',
        zh: '模式名称只是读图的辅助，而不是诊断。一个头可能混合多种模式，在其他输入上表现不同，或者对输出影响很小；在相信关于它的说法之前，先检验一下。',
      },
    },
  ],
  sources: [
    { label: 'Vaswani et al. 2017, Attention Is All You Need (Figures 3–5)', url: 'https://arxiv.org/abs/1706.03762' },
    { label: 'Olsson et al. 2022, In-context Learning and Induction Heads', url: 'https://arxiv.org/abs/2209.11895' },
    { label: 'Clark et al. 2019, What Does BERT Look At? An Analysis of BERT’s Attention', url: 'https://arxiv.org/abs/1906.04341' },
    { label: 'Xiao et al. 2023, Efficient Streaming Language Models with Attention Sinks', url: 'https://arxiv.org/abs/2309.17453' },
    { label: 'Jain & Wallace 2019, Attention is not Explanation', url: 'https://arxiv.org/abs/1902.10186' },
    { label: 'Wiegreffe & Pinter 2019, Attention is not not Explanation', url: 'https://arxiv.org/abs/1908.04626' },
  ],
};
