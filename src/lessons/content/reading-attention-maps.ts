import type { Lesson } from '../types';

// Lesson 10: what trained heads are seen doing, induction heads, and why attention weights are not an explanation by themselves.
export const readingAttentionMaps: Lesson = {
  slug: 'reading-attention-maps',
  title: { en: 'Reading attention maps', zh: '解读注意力图' },
  summary: {
    en: 'The shapes trained heads are known for, from previous-token heads to induction heads, how to look for them in a map, and why a high weight alone does not explain a prediction.',
    zh: '训练后的注意力头常见的几种形态，从“前一个词元头”到“归纳头”；如何在注意力图中找到它们；以及为什么单凭一个大的权重并不能解释模型的预测。',
  },
  objectives: [
    {
      en: 'Recognise common head patterns in a map: previous token, same token, first token, broad, induction.',
      zh: '在注意力图中认出常见的头模式：前一个词元、相同词元、第一个词元、宽泛均匀、归纳。',
    },
    {
      en: 'Describe what Vaswani et al. saw in trained heads: long-distance dependencies and anaphora.',
      zh: '描述 Vaswani 等人在训练后的头中观察到的现象：长距离依赖与指代消解。',
    },
    {
      en: 'Explain how an induction head completes “A B … A” with B.',
      zh: '解释归纳头如何把“A B … A”补全为 B。',
    },
    {
      en: 'Explain why a high attention weight is not an explanation by itself, and how ablating a head tests it.',
      zh: '解释为什么大的注意力权重本身不是解释，以及如何通过消融一个头来检验。',
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
          en: '**First token**: a bright first column; the start of the sequence serves as a default “sink” when nothing else is relevant.',
          zh: '**第一个词元**：第一列特别亮；当没有别的相关内容时，序列开头充当默认的“汇聚点”。',
        },
        {
          en: '**Broad**: flat rows that average the whole sentence.',
          zh: '**宽泛**：每一行都很平坦，相当于对整句取平均。',
        },
        {
          en: '**Induction**: after a repeated word, a stripe one step to the right of its earlier copy.',
          zh: '**归纳**：在重复出现的词之后，权重落在它前一次出现位置右边一格的地方。',
        },
      ],
    },
    {
      kind: 'prose',
      text: {
        en: 'Vaswani et al. (Fig. 3) show heads in layer 5 of 6 linking “making” to the distant “more difficult”, completing the phrase “making … more difficult”. In Fig. 4–5, two heads resolve the anaphora “its” very sharply, and different heads clearly take on different structural roles.',
        zh: 'Vaswani 等人的图 3 显示，6 层中第 5 层的许多头把“making”与相隔很远的“more difficult”联系起来，补全了短语“making … more difficult”。在图 4–5 中，有两个头非常清晰地解决了代词“its”的指代，而且不同的头明显承担着不同的结构角色。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'random-heads',
        prompt: {
          en: 'The pattern finder runs the untrained model: its weights are random. Which template will its heads match best?',
          zh: '模式查找器运行的是未训练的模型：它的权重是随机的。它的头与哪种模板最吻合？',
        },
        choices: [
          {
            id: 'uniform',
            text: { en: 'Broad / uniform', zh: '宽泛 / 均匀' },
            correct: true,
            feedback: {
              en: 'Right. Random queries and keys give scores of similar size, and the softmax turns them into fairly flat rows; every sharper pattern has to be learned.',
              zh: '对。随机的查询和键得到的得分大小相近，softmax 之后每一行都比较平坦；任何更尖锐的模式都需要通过训练学出来。',
            },
          },
          {
            id: 'previous',
            text: { en: 'Previous token', zh: '前一个词元' },
            correct: false,
            feedback: {
              en: 'A previous-token head needs weights that read position; random weights do not single out the token one step back, so the overlap stays near $1/L$.',
              zh: '“前一个词元头”需要能读取位置的权重；随机权重不会特别偏向前一格的词元，所以重合度接近 $1/L$。',
            },
          },
          {
            id: 'induction',
            text: { en: 'Induction', zh: '归纳' },
            correct: false,
            feedback: {
              en: 'Induction is a learned two-head circuit (next section); an untrained model has no reason to show it.',
              zh: '归纳是训练中学到的由两个头组成的回路（见下一节）；未训练的模型没有理由表现出它。',
            },
          },
        ],
        reveal: { widget: 'pattern-finder' },
      },
    },
    { kind: 'heading', text: { en: 'Induction heads: A B … A → B', zh: '归纳头：A B … A → B' } },
    {
      kind: 'prose',
      text: {
        en: 'Olsson et al. (2022) describe a circuit of two heads. A **previous-token head** in an earlier layer writes “the token before me was A” into each position. Later, an **induction head** at the second A searches for keys that say “my predecessor was A”, finds B, and copies it forward: the model predicts B.',
        zh: 'Olsson 等人（2022）描述了一个由两个头组成的回路。较早层中的**前一个词元头**在每个位置写入“我前面的词元是 A”。之后，第二个 A 处的**归纳头**寻找那些写着“我的前一个是 A”的键，于是找到 B 并把它复制过来：模型预测出 B。',
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
      label: { en: 'Train the two-head circuit yourself', zh: '亲手训练这个两头回路' },
      query: 'task=induction&layers=2&heads=1&width=32&lr=0.005&seed=1',
      note: {
        en: 'A two-layer model with a causal mask learns to repeat the token that followed the last earlier copy of the current one. After a few hundred steps layer 1 looks one position back and layer 2 looks just past the earlier copy. “Load trained model” shows the finished heads at once.',
        zh: '一个带因果掩码的两层模型学习：重复当前词元上一次出现时紧跟其后的那个词元。训练几百步后，第 1 层会看向前一个位置，第 2 层会看向更早那次出现的后一个位置。点“加载训练好的模型”可以直接看到训练完成的头。',
      },
    },
    {
      kind: 'question',
      question: {
        id: 'induction-target',
        prompt: {
          en: 'In “the cat sat . the cat sat .” (positions 0–7), where does the induction template send the second “cat” at position 5?',
          zh: '在“the cat sat . the cat sat .”（位置 0–7）中，归纳模板让位置 5 上的第二个“cat”关注哪里？',
        },
        choices: [
          {
            id: 'sat',
            text: { en: '“sat” at position 2', zh: '位置 2 的“sat”' },
            correct: true,
            feedback: {
              en: 'Right. The earlier “cat” is at position 1, and the token after it is “sat” at 2: the head predicts that “sat” comes next again.',
              zh: '对。前一个“cat”在位置 1，它后面的词元是位置 2 的“sat”：这个头预测接下来又会是“sat”。',
            },
          },
          {
            id: 'cat',
            text: { en: '“cat” at position 1', zh: '位置 1 的“cat”' },
            correct: false,
            feedback: {
              en: 'That is the same-token pattern, the earlier copy itself. The induction head looks one step to the right of it.',
              zh: '这是“相同词元”模式，也就是前一次出现本身。归纳头关注的是它右边一格。',
            },
          },
          {
            id: 'the',
            text: { en: '“the” at position 4', zh: '位置 4 的“the”' },
            correct: false,
            feedback: {
              en: 'That is the previous-token pattern. In the circuit, a previous-token head helps, but the induction head itself looks at “sat”.',
              zh: '这是“前一个词元”模式。在回路中前一个词元头起辅助作用，但归纳头本身关注的是“sat”。',
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
    { kind: 'widget', widget: 'pattern-finder', caption: { en: 'Templates for your tokens next to the lab’s closest heads. The weights are untrained, so expect weak matches.', zh: '你的词元对应的模板，与实验台中最接近的头并排显示。权重未经训练，吻合度会比较弱。' } },
    { kind: 'heading', text: { en: 'Find them in a trained model', zh: '在训练好的模型中找到它们' } },
    {
      kind: 'prose',
      text: {
        en: 'The project’s trained language model (2 layers of 4 heads) was trained on text in which spans sometimes repeat, so it had a reason to learn this circuit. The example below repeats a phrase and stops right after the second “old”: copying from the first sentence would give “house”. Which of its heads do which job is for you to find:',
        zh: '本项目训练的语言模型（2 层，每层 4 个头）在训练时读过一些片段会重复出现的文本，所以它有理由学会这个回路。下面的例子把一个短语重复了一遍，停在第二个“old”之后：照抄第一句，下一个应是“house”。它的哪个头做哪项工作，要由你自己去找：',
      },
    },
    {
      kind: 'list',
      items: [
        {
          en: '**Previous-token head**: in layer 1, a map with a stripe just below the diagonal.',
          zh: '**前一个词元头**：在第 1 层，注意力图在对角线正下方有一条斜线。',
        },
        {
          en: '**Induction head**: in layer 2, a map whose rows in the second sentence light up one step to the right of the same word in the first sentence.',
          zh: '**归纳头**：在第 2 层，第二句中各行的亮点落在第一句同一个词右边一格的位置。',
        },
        {
          en: 'Switch each one off, then both, and watch the top prediction and the probability of “house” in the before → after rows.',
          zh: '先逐个关掉它们，再同时关掉，观察最可能的预测，以及“之前 → 之后”各行中“house”的概率。',
        },
      ],
    },
    {
      kind: 'widget',
      widget: 'trained-model-lab',
      config: { example: 'repeatEn,repeatZh' },
      caption: {
        en: 'The trained model on your sentence: click a head in the grid to see its map, untick a head to switch it off. The Chinese example repeats the name “张三丰” and stops after “张三”. The model is tiny and often wrong: try your own repeats too.',
        zh: '训练好的模型处理你的句子：点击网格中的头查看它的注意力图，取消勾选就把它关掉。中文例子重复了名字“张三丰”，停在“张三”之后。模型很小，经常出错：也试试你自己写的重复句子。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'You may see “house” lose its lead when the induction head is off, and also when the previous-token head is off, although that head never looks at “house” itself: the induction head reads what the previous-token head wrote. Heads of a trained model are rarely pure, so a map can look like a mix of two patterns, and a tiny model may copy only part of the time.',
        zh: '你可能会看到：关掉归纳头时，“house”不再领先；关掉前一个词元头时也会这样，尽管那个头本身从不看“house”：归纳头读取的正是前一个词元头写下的信息。训练好的模型中，头很少只做一件事，所以一张注意力图可能像两种模式的混合；而一个很小的模型也可能只是有时才会照抄。',
      },
    },
    { kind: 'heading', text: { en: 'A weight is not an explanation', zh: '权重不等于解释' } },
    {
      kind: 'prose',
      text: {
        en: 'Jain & Wallace (2019) studied attention over recurrent (BiLSTM) encoders in text classification, question answering and inference. They found that its weights often disagree with other measures of which inputs matter, and that quite different weight patterns can yield the same prediction. Wiegreffe & Pinter (2019) answered that this depends on what “explanation” means, and that attention can carry real information, but only tests can show it.',
        zh: 'Jain 和 Wallace（2019）研究了文本分类、问答和推理任务中建立在循环（BiLSTM）编码器之上的注意力。他们发现，注意力权重经常与其他衡量“哪些输入重要”的方法不一致，而且差别很大的权重分布也可能给出相同的预测。Wiegreffe 和 Pinter（2019）回应说，这取决于如何定义“解释”；注意力确实可能携带真实信息，但必须用检验来证明。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'A weight says how much of a value vector is mixed in, not how much it changes the result. The value may be small, $W^O$ may damp this head, and other heads and the residual path add their own share. High weight does not mean high influence.',
        zh: '权重说明的是某个值向量被混入了多少，而不是它对结果改变了多少。那个值向量可能很小，$W^O$ 可能削弱这个头的作用，其他头和残差路径也会各自加入贡献。权重大并不等于影响大。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'A direct check is **ablation**: switch the head off and measure how much the output changes. That is a causal test: you change the model and watch the effect, which attention weights alone cannot show. The lab’s head view does exactly this and shows the output difference per token; the trained model above shows it on the predictions.',
        zh: '一种直接的检验是**消融**：关掉这个头，测量输出改变了多少。这是一种因果检验：你改动模型，再观察效果；单看注意力权重做不到这一点。实验台的头视图正是这样做的，并显示每个词元的输出差异；上面的训练模型则在预测上显示这种效果。',
      },
    },
    {
      kind: 'prose',
      text: {
        en: 'Try it on the trained model: find a head whose map looks sharply focused, for instance one that puts almost all its weight on the first token, and switch it off. You may find that the prediction barely moves: a sharp map, little influence on this prediction. A head with a blurrier map may matter more than it looks. Only switching it off tells you.',
        zh: '在训练好的模型上试一试：找一个注意力图看起来非常集中的头，比如几乎把全部权重都放在第一个词元上的头，把它关掉。你可能会发现预测几乎没变：图很集中，对这个预测的影响却很小。而一个图比较模糊的头，可能比看上去更重要。只有把它关掉才知道。',
      },
    },
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
            text: { en: 'This head mixes mostly the value of “animal” into “it”; whether that matters has to be tested.', zh: '这个头主要把“animal”的值向量混入“it”；这是否重要还需要检验。' },
            correct: true,
            feedback: {
              en: 'Right. That is all a weight states. Ablating the head, or comparing the outputs with and without it, tells you whether it changed anything.',
              zh: '对。权重所说明的仅此而已。消融这个头，或比较有无这个头时的输出，才能知道它是否改变了什么。',
            },
          },
          {
            id: 'resolved',
            text: { en: 'The model has resolved “it” to “animal”.', zh: '模型已经把“it”解析为“animal”。' },
            correct: false,
            feedback: {
              en: 'Other heads, later layers and the residual path also shape the result; one head’s weight does not show what the model concluded.',
              zh: '其他头、后面的层以及残差路径也会影响结果；单个头的权重并不能说明模型得出了什么结论。',
            },
          },
          {
            id: 'biggest',
            text: { en: 'Removing “animal” would change the output more than removing any other word.', zh: '去掉“animal”对输出的影响会比去掉任何其他词都大。' },
            correct: false,
            feedback: {
              en: 'That is a claim about influence, which a weight does not measure: the value vector of “animal” could be small, or this head could barely reach the output.',
              zh: '这是关于“影响”的论断，而权重并不衡量影响：“animal”的值向量可能很小，这个头对输出的作用也可能很弱。',
            },
          },
        ],
      },
    },
    {
      kind: 'callout',
      tone: 'caution',
      text: {
        en: 'Pattern names are a reading aid, not a diagnosis. A head can mix several patterns, behave differently on other inputs, or matter little for the output; check before you rely on a story about it.',
        zh: '模式名称只是帮助阅读，而不是诊断。一个头可能混合多种模式，在其他输入上表现不同，或者对输出影响很小；在相信关于它的解释之前，先检验一下。',
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
