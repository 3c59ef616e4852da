/**
 * Held-out copy probes for `npm run lm -- everyday` (issue 40): a sentence built around an uncommon everyday word or
 * a name, then its start again; the next token of a copy is that word. Each is copyable by one-back induction: the
 * phrase's last token occurs once before, followed by the copy (checked against the vocabulary by everydayChecks.ts).
 * Written for this check, from no corpus. Pure data.
 */
import type { CopyPhrase } from './copyPhrases';

export const EVERYDAY_COPY_EN: readonly CopyPhrase[] = [
  { text: 'The farmer sold a brown horse at the fair. The farmer sold a', copy: ' brown' },
  { text: 'Aunt Mildred baked a pumpkin cake for the party. Aunt Mildred baked a', copy: ' pumpkin' },
  { text: 'He keeps his tools in a rusty toolbox in the garage. He keeps his tools in a', copy: ' rusty' },
  { text: 'My cousin Rupert moved to Denver last spring. My cousin', copy: ' Rupert' },
  { text: 'She dropped a porcelain teapot on the kitchen floor. She dropped a', copy: ' porcelain' },
  { text: 'We bought a hammock for the back garden. We bought a', copy: ' hammock' },
  { text: 'The plumber found a lobster in the bathtub. The plumber found a', copy: ' lobster' },
  { text: 'Grandpa carved a wooden canoe by hand. Grandpa carved a wooden', copy: ' canoe' },
  { text: 'Her neighbour Clara grows lavender on the balcony. Her neighbour', copy: ' Clara' },
  { text: 'The children fed carrots to a goat at the farm. The children fed carrots to a', copy: ' goat' },
  { text: 'I found an old saxophone in the attic. I found an old', copy: ' saxophone' },
  { text: 'The waiter spilled gravy on my sleeve. The waiter spilled', copy: ' gravy' },
  { text: 'Old Mr Otis repairs clocks in a tiny shop. Old Mr', copy: ' Otis' },
  { text: 'We saw an oyster boat in the harbour. We saw an', copy: ' oyster' },
  { text: 'She filled a kettle with cold water. She filled a', copy: ' kettle' },
  { text: 'The dog chewed my slipper again last night. The dog chewed my', copy: ' slipper' },
  { text: 'He ordered a mango smoothie at the beach bar. He ordered a', copy: ' mango' },
  { text: 'Our teacher brought a tortoise to school on Monday. Our teacher brought a', copy: ' tortoise' },
  { text: 'They hung a lantern above the garden gate. They hung a', copy: ' lantern' },
  { text: 'My friend Gwendolyn plays the cello in an orchestra. My friend', copy: ' Gw' },
  { text: 'The baker sprinkled cinnamon on the buns. The baker sprinkled', copy: ' cinnamon' },
  { text: 'I keep spare buttons in a biscuit tin. I keep spare', copy: ' buttons' },
  { text: 'The storm knocked over our wheelbarrow. The storm knocked over our', copy: ' wheelbarrow' },
  { text: 'She bought a pickle jar at the market. She bought a', copy: ' pickle' },
  { text: 'My uncle Hugo fixed the squeaky hinge. My uncle', copy: ' Hugo' },
  { text: 'Grandma planted parsley beside the back door. Grandma planted', copy: ' parsley' },
  { text: 'Our new neighbour Harold drives a red van. Our new neighbour', copy: ' Harold' },
  { text: 'The twins made a puppet out of an old sock. The twins made a', copy: ' puppet' },
];

export const EVERYDAY_COPY_ZH: readonly CopyPhrase[] = [
  { text: '老周在菜市场买了一条鲈鱼。老周在菜市场买了一条', copy: '鲈' },
  { text: '我的同事叫赵婉婷，她住在城东。我的同事叫赵', copy: '婉' },
  { text: '邻居家养了一只鹦鹉，每天早上都叫。邻居家养了一只', copy: '鹦' },
  { text: '孙浩然明天去北京出差。孙', copy: '浩' },
  { text: '奶奶给我织了一条毛线围巾。奶奶给我织了一条毛线', copy: '围' },
  { text: '我在抽屉里找到了一把螺丝刀。我在抽屉里找到了一把', copy: '螺' },
  { text: '他们班新来的同学叫欧阳晓雯。他们班新来的同学叫欧阳', copy: '晓' },
  { text: '小丽的生日礼物是一只布偶熊。小丽的生日礼物是一只', copy: '布' },
  { text: '楼下的水果店在卖榴莲。楼下的水果店在卖', copy: '榴' },
  { text: '表哥钱志远在一家银行上班。表哥钱', copy: '志' },
  { text: '我们在湖边看见了一只白鹭。我们在湖边看见了一只', copy: '白' },
  { text: '妈妈用砂锅炖了一锅汤。妈妈用', copy: '砂' },
  { text: '我的狗叫豆豆，它特别喜欢啃骨头。我的狗特别喜欢啃', copy: '骨' },
  { text: '王老师送给我一本字帖。王老师送给我一本', copy: '字' },
  { text: '隔壁的裁缝铺关门了。隔壁的', copy: '裁' },
  { text: '叔叔在阳台上种了几盆茉莉。叔叔在阳台上种了几盆', copy: '茉' },
  { text: '我的室友叫郑雨桐，她是学画画的。我的室友叫郑', copy: '雨' },
  { text: '爷爷的抽屉里有一个旧怀表。爷爷的抽屉里有一个旧', copy: '怀' },
  { text: '超市门口有人在卖糖葫芦。超市门口有人在卖', copy: '糖' },
  { text: '新来的经理叫韩立军，说话很和气。新来的经理叫韩', copy: '立' },
  { text: '她把钥匙挂在门后的挂钩上。她把钥匙挂在门后的', copy: '挂' },
  { text: '我们在山上捡到了很多松果。我们在山上捡到了很多', copy: '松' },
  { text: '姑姑送给我一个紫砂茶壶。姑姑送给我一个', copy: '紫' },
  { text: '班长蒋思远今天请假了。班长蒋', copy: '思' },
  { text: '外公每天傍晚去河边散步。外公每天傍晚去河边', copy: '散' },
];
