import { MAX_TOKENS } from '../engine/tokenizer';
import { URL_BUDGET } from '../state/url/urlBudget';
import { URL_LIMITS } from '../state/url/urlState';
import { HEIGHT_MESSAGE, SET_TEXT_MESSAGE } from '../shared/embedContract';
import { AUTO_HEIGHT_EXAMPLE, ELEMENT_EXAMPLE, EXAMPLE_URL, HEIGHT_MESSAGE_EXAMPLE, IFRAME_EXAMPLE, SET_TEXT_EXAMPLE } from './examples';
import type { Bi, GuideSection } from './types';

export const GUIDE_TITLE: Bi = { en: 'Instructor guide: embedding Attention Lab', zh: '教师指南：嵌入注意力实验室' };

export const GUIDE_LEDE: Bi = {
  en: 'Put single live widgets of the lab into your own pages — a course site, an LMS page, slides or a blog — already set to your sentence, head and mask, with the controls you choose shown, read-only or hidden.',
  zh: '把实验台中的单个交互组件放进你自己的网页——课程网站、学习管理系统页面、幻灯片或博客——预先设好你的句子、头和掩码，并由你决定哪些控件显示、只读或隐藏。',
};

export const GUIDE_CONTENTS_LABEL: Bi = { en: 'On this page', zh: '本页内容' };
export const GUIDE_BACK: Bi = { en: 'Back to the lab', zh: '返回实验台' };
export const GUIDE_BASE_NOTE: Bi = {
  en: 'The examples use the address of this copy of the lab; if you host the build yourself, they show your address when you open this guide there.',
  zh: '示例中使用的是这份注意力实验室副本的地址；如果你自己托管构建结果，在那里打开本指南时示例会显示你的地址。',
};

export const GUIDE_SECTIONS: readonly GuideSection[] = [
  {
    id: 'quick-start',
    title: { en: 'Quick start', zh: '快速上手' },
    blocks: [
      {
        kind: 'list',
        ordered: true,
        items: [
          { en: 'In the lab, type your sentence and choose the model, the mask, the layer and the head you want to show.', zh: '在实验台中输入你的句子，选好想展示的模型、掩码、层和头。' },
          { en: 'Press **Embed / share…** at the top of the page.', zh: '点击页面顶部的**嵌入 / 分享…**。' },
          { en: 'Pick a widget, tick the controls students may use (and those they may only look at: **read-only**), and a size.', zh: '选择一个组件，勾选学生可以使用的控件（以及只能查看的控件：**只读**），再选择尺寸。' },
          { en: 'Check the preview, press **Copy HTML** and paste the HTML into your page (in an LMS, use its HTML or source editor, or its “embed” block).', zh: '查看预览，点击**复制 HTML**，把 HTML 粘贴到你的网页中（在学习管理系统中，请使用 HTML 或源代码编辑器，或者“嵌入”模块）。' },
        ],
      },
      {
        kind: 'prose',
        text: {
          en: 'The same dialog copies a plain link to the full lab in the current view, for students who should explore everything.',
          zh: '同一个对话框也可以复制指向当前视图完整实验台的普通链接，适合需要全面探索的学生。',
        },
      },
    ],
  },
  {
    id: 'widgets',
    title: { en: 'The widgets', zh: '可嵌入的组件' },
    blocks: [
      {
        kind: 'prose',
        text: {
          en: 'Each embed shows one widget, chosen with `widget=` in the link or by the name of the custom element.',
          zh: '每个嵌入只显示一个组件，用链接中的 `widget=` 或自定义元素的名称来选择。',
        },
      },
      { kind: 'widgets' },
    ],
  },
  {
    id: 'iframe',
    title: { en: 'Embedding with an iframe', zh: '用 iframe 嵌入' },
    blocks: [
      {
        kind: 'prose',
        text: {
          en: 'An embed is the page `embed.html` next to the lab, with the same query parameters as a lab link plus a few of its own. It works in any page that allows iframes, with no script:',
          zh: '嵌入就是实验台旁边的 `embed.html` 页面，它的查询参数与实验台链接相同，另外还有几个自己的参数。它可以用在任何允许 iframe 的网页中，无需脚本：',
        },
      },
      { kind: 'code', lang: 'html', code: IFRAME_EXAMPLE },
      {
        kind: 'list',
        items: [
          { en: '`title` names the frame for screen readers; keep it or write your own.', zh: '`title` 为屏幕阅读器说明框架的内容；请保留它或自己写一个。' },
          { en: 'Inside an HTML attribute `&` is written `&amp;`; browsers read it back as `&`, so the link still works when copied from the source.', zh: '在 HTML 属性中 `&` 要写成 `&amp;`；浏览器会把它读回 `&`，所以从源代码中复制出来的链接仍然可用。' },
          { en: '`loading="lazy"` loads the widget only when the reader scrolls near it, so a page with many embeds stays fast.', zh: '`loading="lazy"` 让组件在读者滚动到附近时才加载，因此有很多嵌入的页面依然很快。' },
          { en: 'No `allow` or `sandbox` attribute is needed: the widget needs no camera, microphone, full screen or pop-ups.', zh: '不需要 `allow` 或 `sandbox` 属性：组件不需要摄像头、麦克风、全屏或弹出窗口。' },
        ],
      },
      { kind: 'prose', text: { en: 'The link alone also opens the widget on a page of its own:', zh: '单独打开这个链接，也会在独立页面中显示该组件：' } },
      { kind: 'code', lang: 'text', code: EXAMPLE_URL },
    ],
  },
  {
    id: 'auto-height',
    title: { en: 'Automatic height', zh: '自动高度' },
    blocks: [
      {
        kind: 'prose',
        text: {
          en: 'A widget with controls grows when the sentence gets longer. Choose **Full width, height adjusts to the content** in the dialog to get a frame plus a short script that follows the height the embed reports:',
          zh: '带控件的组件会随着句子变长而变高。在对话框中选择**占满宽度，高度随内容调整**，会得到一个框架和一小段脚本，脚本会跟随嵌入报告的高度调整框架：',
        },
      },
      { kind: 'code', lang: 'html', code: AUTO_HEIGHT_EXAMPLE },
      {
        kind: 'prose',
        text: {
          en: 'The script only accepts messages from the lab’s origin, and only resizes the marked frame that sent them. One copy serves every embed on the page; pasting it twice does no harm. If your page does not allow scripts, the frame keeps its starting height.',
          zh: '这段脚本只接受来自实验台源（origin）的消息，并且只调整发送消息的那个带标记的框架。一段脚本可以服务页面上所有的嵌入；粘贴两次也没有害处。如果你的网页不允许脚本，框架会保持初始高度。',
        },
      },
    ],
  },
  {
    id: 'elements',
    title: { en: 'Custom elements (no iframe)', zh: '自定义元素（不用 iframe）' },
    blocks: [
      {
        kind: 'prose',
        text: {
          en: 'Where scripts are allowed, load the widgets script once and place widgets as HTML elements. Their attributes are the link’s parameters with the same names and values (plain text, not URL-encoded); the element name replaces `widget`:',
          zh: '在允许脚本的网页中，先加载一次组件脚本，再用 HTML 元素放置组件。元素的属性就是链接的参数，名称和取值都相同（直接写文字，不做 URL 编码）；元素名称代替了 `widget`：',
        },
      },
      { kind: 'code', lang: 'html', code: ELEMENT_EXAMPLE },
      {
        kind: 'prose',
        text: {
          en: 'The element names are in the table of widgets above. Text in an attribute is HTML-escaped like any attribute: write `&quot;` for a double quote and `&amp;` for `&`.',
          zh: '元素名称见上面的组件表。属性中的文字与任何属性一样需要做 HTML 转义：双引号写作 `&quot;`，`&` 写作 `&amp;`。',
        },
      },
      {
        kind: 'list',
        items: [
          {
            en: '**Where the script is:** after `npm run build` it is `dist/attention-lab-widgets.js`, next to `dist/index.html` (`npm run build:widgets` alone writes it to `dist-widgets/`). It is one file with everything inside; copy it to your web server, with the rest of `dist/` or on its own.',
            zh: '**脚本在哪里：**运行 `npm run build` 之后，它是 `dist/attention-lab-widgets.js`，与 `dist/index.html` 在一起（单独运行 `npm run build:widgets` 时写到 `dist-widgets/`）。它是一个包含全部内容的文件；把它复制到你的网页服务器上，可以连同 `dist/` 的其他文件一起，也可以单独复制。',
          },
          {
            en: '**How to load it:** once per page, as a module: `<script type="module" src="…/attention-lab-widgets.js"></script>`, with the address where you put the file. Without `type="module"` it does not run.',
            zh: '**怎样加载：**每个网页加载一次，并且作为模块加载：`<script type="module" src="…/attention-lab-widgets.js"></script>`，其中写上你放置该文件的地址。没有 `type="module"` 它就不会运行。',
          },
          {
            en: '**Serve it over http(s):** both the script and the page that uses it must come from a web server (`http://` or `https://`). A page opened straight from the disk (`file://`) shows nothing where the element is, because browsers do not run module scripts there.',
            zh: '**通过 http(s) 提供：**脚本和使用它的网页都必须来自网页服务器（`http://` 或 `https://`）。直接从磁盘打开的网页（`file://`）在元素的位置什么也不显示，因为浏览器不在那里运行模块脚本。',
          },
          {
            en: '**From another site:** a module script loaded from another site is fetched with CORS, so the server that holds the script must allow it (the header `Access-Control-Allow-Origin: *`, which GitHub Pages, Netlify and most CDNs send for static files). Without it the browser refuses the script and the console says so. Putting the script on the course site itself avoids the question.',
            zh: '**从别的网站加载：**从另一个网站加载的模块脚本要经过 CORS 检查，所以存放脚本的服务器必须允许跨站访问（响应头 `Access-Control-Allow-Origin: *`，GitHub Pages、Netlify 和大多数 CDN 对静态文件都会发送）。没有这个响应头时，浏览器会拒绝脚本，并在控制台中说明。把脚本放在课程网站本身上就不存在这个问题。',
          },
          {
            en: '**Where “Open in Attention Lab” goes:** to the lab next to the script. A copy of the script on your own site has no lab beside it, so give the lab’s address in the `lab` attribute (an absolute http(s) address; anything else is ignored), as the example page of “Download for your site” does: `lab="https://school.example/lab/index.html"`.',
            zh: '**“在注意力实验室中打开”指向哪里：**指向脚本旁边的实验台。放在你自己网站上的脚本副本旁边没有实验台，所以请在 `lab` 属性中写上实验台的地址（必须是完整的 http(s) 地址，否则会被忽略），“下载到你的网站”生成的示例页面就是这样做的：`lab="https://school.example/lab/index.html"`。',
          },
          {
            en: '**Long texts in widgets:** a widget lives in your page and shares its main thread, so with heavy settings (many heads and layers, a long text) it computes only the first tokens of the text — as many as keep every update within about 200 ms — and says so above the widget. The lab itself computes up to the full limit.',
            zh: '**组件中的长文本：**组件位于你的网页之中，与网页共用主线程；因此在设置很重时（头和层很多、文字很长），它只计算文字开头的若干词元——以每次更新都能在约 200 毫秒内完成为限——并在组件上方说明。实验台本身会计算到完整的上限。',
          },
        ],
      },
      {
        kind: 'code',
        lang: 'sh',
        code: {
          en: '# Try it on your computer: put your page next to the script and serve the folder.\nnpm run build\ncp my-page.html dist/\ncd dist\npython3 -m http.server 8000\n# open http://localhost:8000/my-page.html (script: src="attention-lab-widgets.js")',
          zh: '# 在自己的电脑上试用：把你的网页放在脚本旁边，再用服务器提供这个文件夹。\nnpm run build\ncp my-page.html dist/\ncd dist\npython3 -m http.server 8000\n# 打开 http://localhost:8000/my-page.html（脚本写作 src="attention-lab-widgets.js"）',
        },
        caption: { en: 'A local try with Python’s built-in web server.', zh: '用 Python 自带的网页服务器在本地试用。' },
      },
    ],
  },
  {
    id: 'element-on-your-site',
    title: { en: 'Putting a custom element on your course site', zh: '把自定义元素放到你的课程网站上' },
    blocks: [
      {
        kind: 'prose',
        text: {
          en: 'A module script that comes from another site is fetched with CORS: unless the lab’s site sends `Access-Control-Allow-Origin`, the browser refuses the script and the element shows only a short note saying so. The simplest way round it is to put the files on your own site, next to your page, where no header is needed.',
          zh: '来自另一个网站的模块脚本要经过 CORS 检查：除非实验台所在的网站发送 `Access-Control-Allow-Origin`，否则浏览器会拒绝这个脚本，元素里只显示一条简短的说明。最简单的办法是把文件放到你自己的网站上、和你的网页放在一起，这样就不需要任何响应头。',
        },
      },
      {
        kind: 'list',
        items: [
          {
            en: '**Download for your site:** in the lab, open “Embed / share…”, choose the widget and its options, open “Without an iframe: custom element” and press “Download for your site”. You get one zip: the widgets script, the trained model (`models/lm/model.bin`) with its card, an example page `index.html` showing your widget, and a README.',
            zh: '**下载到你的网站：**在实验台中打开“嵌入 / 分享…”，选好组件和选项，展开“不用 iframe：自定义元素”，然后点“下载到你的网站”。你会得到一个 zip：组件脚本、训练好的模型（`models/lm/model.bin`）及其模型卡、一个展示你的组件的示例页面 `index.html`，以及一份说明。',
          },
          {
            en: '**Upload the whole folder:** unzip it and keep the files together. On a static site, copy the folder next to your pages. In Canvas, upload the zip under Files and choose to expand it. In Moodle, add a “Folder” resource (or a “File” with the zip unpacked). Open `index.html` there to check that the widget draws.',
            zh: '**上传整个文件夹：**解压后让这些文件保持在一起。在静态网站上，把文件夹复制到你的网页旁边。在 Canvas 中，在“文件”里上传 zip 并选择解压。在 Moodle 中，添加一个“文件夹”资源（或者一个解压了 zip 的“文件”）。在那里打开 `index.html`，检查组件能否显示。',
          },
          {
            en: '**Use it in your pages:** copy the element tag from the example page into your page, with the script’s `src` pointing at where you put `attention-lab-widgets.js`. Keep `models/` next to the script: the element fetches the model from there.',
            zh: '**在你的网页中使用：**从示例页面把元素标签复制到你的网页中，并让脚本的 `src` 指向你放置 `attention-lab-widgets.js` 的位置。`models/` 要和脚本放在一起：元素会从那里获取模型。',
          },
        ],
      },
      {
        kind: 'prose',
        text: {
          en: 'If you would rather load the element from a copy of the lab on another site, that site must send the header for the script and the model file. For nginx, Apache and a plain Python server:',
          zh: '如果你更愿意从另一个网站上的实验台副本加载元素，那个网站就必须为脚本和模型文件发送这个响应头。nginx、Apache 和一个简单的 Python 服务器的写法如下：',
        },
      },
      {
        kind: 'code',
        lang: 'nginx',
        code: '# in the server block that serves the lab, e.g. https://school.example/lab/\nlocation /lab/ {\n    add_header Access-Control-Allow-Origin "*";\n}',
        caption: { en: 'nginx: in the server block that serves the lab.', zh: 'nginx：写在提供实验台的 server 块中。' },
      },
      {
        kind: 'code',
        lang: 'apache',
        code: '# .htaccess in the lab’s folder (needs mod_headers)\nHeader set Access-Control-Allow-Origin "*"',
        caption: { en: 'Apache: a .htaccess file in the lab’s folder.', zh: 'Apache：实验台文件夹中的 .htaccess 文件。' },
      },
      {
        kind: 'code',
        lang: 'python',
        code: "# cors_server.py: run it in the lab's folder (python3 cors_server.py), then open http://localhost:8000/\nfrom http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer\n\nclass CorsHandler(SimpleHTTPRequestHandler):\n    def end_headers(self):\n        self.send_header('Access-Control-Allow-Origin', '*')\n        super().end_headers()\n\nThreadingHTTPServer(('', 8000), CorsHandler).serve_forever()",
        caption: {
          en: 'Python’s own `python3 -m http.server` sends no such header: this small server adds it.',
          zh: 'Python 自带的 `python3 -m http.server` 不发送这个响应头：这个小服务器加上了它。',
        },
      },
      {
        kind: 'prose',
        text: {
          en: 'An element never stays silently blank. Until its script has loaded, the snippet’s own text says what the site must send; if the model file cannot be fetched (refused by CORS, not found, or damaged), the element says which, in the page’s language, and shows the untrained model instead.',
          zh: '元素不会悄无声息地保持空白。在脚本加载之前，代码片段自带的文字会说明网站需要发送什么；如果模型文件无法获取（被 CORS 拒绝、找不到或已损坏），元素会用网页的语言说明是哪一种情况，并改为显示未训练的模型。',
        },
      },
    ],
  },
  {
    id: 'hosting',
    title: { en: 'Hosting your own copy', zh: '自己托管一份' },
    blocks: [
      {
        kind: 'prose',
        text: {
          en: 'The lab is a static site: build it once and copy the folder to any web server, at any path.',
          zh: '注意力实验室是一个静态网站：构建一次，把文件夹复制到任意网页服务器的任意路径即可。',
        },
      },
      { kind: 'code', lang: 'sh', code: 'npm ci\nnpm run build\n# dist/ → https://school.example/courses/ai/lab/' },
      {
        kind: 'list',
        items: [
          { en: 'Every address inside the build is relative, so it works from a sub-path such as `/courses/ai/lab/` without configuration, and lessons use `#/…` addresses, so no server rewrite rules are needed.', zh: '构建结果中的所有地址都是相对地址，所以放在 `/courses/ai/lab/` 这样的子路径下也无需配置；课程使用 `#/…` 形式的地址，因此不需要服务器重写规则。' },
          { en: 'Keep the files together: `index.html` (the lab), `embed.html` (single widgets), `attention-lab-widgets.js` (custom elements), the `assets/` folder and the `models/` folder (the trained language model and the playground’s models).', zh: '文件要放在一起：`index.html`（实验台）、`embed.html`（单个组件）、`attention-lab-widgets.js`（自定义元素）、`assets/` 文件夹和 `models/` 文件夹（训练好的语言模型和训练场的模型）。' },
          { en: 'To be framed by your course site, the server must not send `X-Frame-Options: DENY` or `SAMEORIGIN`, nor a `Content-Security-Policy: frame-ancestors` that leaves your site out. Static hosts such as GitHub Pages allow framing by default.', zh: '要被你的课程网站嵌入，服务器不能发送 `X-Frame-Options: DENY` 或 `SAMEORIGIN`，也不能发送不包含你网站的 `Content-Security-Policy: frame-ancestors`。GitHub Pages 等静态托管服务默认允许被嵌入。' },
          { en: 'Custom elements load a module script, which browsers fetch with CORS: from another site, the server must send `Access-Control-Allow-Origin` (GitHub Pages does), or host the build on the same site as your pages.', zh: '自定义元素会加载模块脚本，浏览器用 CORS 方式获取它：如果来自另一个网站，服务器必须发送 `Access-Control-Allow-Origin`（GitHub Pages 会发送），否则请把构建结果托管在与你的网页相同的网站上。' },
          { en: 'Opening `index.html` straight from the disk (`file://`) does not work, because browsers refuse module scripts there; use any local web server, for example `npx vite preview` in the project or `python3 -m http.server` in `dist/`.', zh: '直接从磁盘打开 `index.html`（`file://`）是不行的，因为浏览器在那里拒绝加载模块脚本；请使用任意本地网页服务器，例如在项目中运行 `npx vite preview`，或在 `dist/` 中运行 `python3 -m http.server`。' },
          { en: 'Many LMSs remove `<script>` from pasted HTML. A fixed-size iframe still works there; automatic height and custom elements need scripts.', zh: '很多学习管理系统会删除粘贴的 HTML 中的 `<script>`。固定尺寸的 iframe 在那里仍然可用；自动高度和自定义元素则需要脚本。' },
        ],
      },
    ],
  },
  {
    id: 'gpt2',
    title: { en: 'GPT-2 in your course: hosting a checkpoint', zh: '在课程中使用 GPT-2：托管检查点' },
    blocks: [
      {
        kind: 'prose',
        text: {
          en: 'The lab opens real GPT-2 checkpoints — `gpt2` (124 M weights), `distilgpt2`, `gpt2-medium` or a model fine-tuned from them — and runs them in the reader’s browser, in a background thread: every head’s map, the predictions, and heads switched off live. Nothing is uploaded. A student can pick the two files from their own disk (**Model → Open a GPT-2 checkpoint…**); for a class, host them next to the lab and link to them.',
          zh: '实验台可以打开真正的 GPT-2 检查点——`gpt2`（1.24 亿个权重）、`distilgpt2`、`gpt2-medium` 或由它们微调的模型——并在读者的浏览器里、在后台线程中运行：每个头的注意力图、预测，以及实时关闭某些头。不会上传任何东西。学生可以从自己的磁盘选择这两个文件（**模型 → 打开 GPT-2 检查点…**）；上课时，把它们托管在实验台旁边并链接过去。',
        },
      },
      {
        kind: 'list',
        ordered: true,
        items: [
          { en: 'From the model’s Hugging Face repository (for GPT-2 small: `huggingface.co/openai-community/gpt2`, tab “Files and versions”) download `model.safetensors` (548 MB, float32) and `config.json`. Other formats (`pytorch_model.bin`, ONNX, TensorFlow) are not read; float16 and bfloat16 safetensors are (half the download).', zh: '从模型的 Hugging Face 仓库（GPT-2 small：`huggingface.co/openai-community/gpt2` 的 “Files and versions” 标签页）下载 `model.safetensors`（548 MB，float32）和 `config.json`。其他格式（`pytorch_model.bin`、ONNX、TensorFlow）不能读取；float16 和 bfloat16 的 safetensors 可以（下载量减半）。' },
          { en: 'Put both files in one folder of the site that serves the lab, for example `models/gpt2/` beside `index.html` and `embed.html`.', zh: '把两个文件放在提供实验台的网站的同一个文件夹里，例如 `index.html` 和 `embed.html` 旁边的 `models/gpt2/`。' },
          { en: 'Link to it with `model=` and the folder: `index.html?model=models%2Fgpt2%2F` for the lab, `embed.html?widget=heads-grid&model=models%2Fgpt2%2F` for an embed. A link made in the lab while that checkpoint is open carries it, with the heads switched off and the head shown.', zh: '用 `model=` 加上文件夹来链接：实验台用 `index.html?model=models%2Fgpt2%2F`，嵌入用 `embed.html?widget=heads-grid&model=models%2Fgpt2%2F`。在实验台打开该检查点时生成的链接会带上它，以及被关闭的头和当前显示的头。' },
        ],
      },
      {
        kind: 'list',
        items: [
          { en: '`model=` takes only files on the lab’s own site: another site’s address is refused with a message, so a link cannot make readers download something from elsewhere.', zh: '`model=` 只接受实验台自己网站上的文件：其他网站的地址会被拒绝并给出说明，因此链接不能让读者从别处下载东西。' },
          { en: 'Readers download the file once per visit (the browser’s cache may keep it): 548 MB for GPT-2 small in float32, about 250 MB in float16. Say so before a class on a slow network.', zh: '读者每次访问都要下载一次这个文件（浏览器缓存可能会保留）：GPT-2 small 的 float32 版本是 548 MB，float16 约 250 MB。如果上课的网络较慢，请提前告诉学生。' },
          { en: 'Opened, GPT-2 small takes about 1 GB of memory in the tab; the lab says how much before it reads the weights and refuses a model that would not fit (gpt2-large and larger).', zh: '打开后，GPT-2 small 在标签页中大约占用 1 GB 内存；实验台会在读取权重之前说明需要多少，并拒绝放不下的模型（gpt2-large 及更大的）。' },
          { en: 'A run of GPT-2 small at 64 tokens takes about a second on a laptop, off the page’s thread; the lab reads at most 128 tokens of a GPT-2 text. Custom elements on another site cannot start that thread: use an iframe embed for GPT-2.', zh: 'GPT-2 small 在笔记本电脑上处理 64 个词元大约需要一秒，而且不占用网页的主线程；实验台最多读 GPT-2 文本的 128 个词元。其他网站上的自定义元素无法启动这个线程：GPT-2 请用 iframe 嵌入。' },
        ],
      },
    ],
  },
  {
    id: 'messages',
    title: { en: 'Messages between your page and an embed', zh: '网页与嵌入组件之间的消息' },
    blocks: [
      {
        kind: 'prose',
        text: {
          en: `An embed talks to the page around it with \`window.postMessage\`. It sends one kind of message, \`${HEIGHT_MESSAGE}\`, after the first render and whenever its content height changes; the height is in CSS pixels, a positive whole number. Resize the iframe whose \`contentWindow\` is \`event.source\`:`,
          zh: `嵌入组件通过 \`window.postMessage\` 与周围的网页通信。它只发送一种消息 \`${HEIGHT_MESSAGE}\`：首次渲染后发送一次，之后每当内容高度变化时发送；高度以 CSS 像素为单位，是正整数。请调整 \`contentWindow\` 等于 \`event.source\` 的那个 iframe：`,
        },
      },
      { kind: 'code', lang: 'js', code: HEIGHT_MESSAGE_EXAMPLE },
      {
        kind: 'prose',
        text: {
          en: `Your page may send one kind of message to an embed, \`${SET_TEXT_MESSAGE}\`, to change its sentence (at most ${URL_LIMITS.maxTextLength} characters). It is accepted only in exactly this shape and only while the text control is not locked; anything else — another type, extra keys, a wrong type, a text that is too long — is ignored.`,
          zh: `你的网页可以向嵌入组件发送一种消息 \`${SET_TEXT_MESSAGE}\`，用来修改它的句子（最多 ${URL_LIMITS.maxTextLength} 个字符）。只有形状完全一致、并且句子控件没有被设为只读时，消息才会被接受；其他任何内容——别的类型、多余的键、错误的类型、过长的文字——都会被忽略。`,
        },
      },
      { kind: 'code', lang: 'js', code: SET_TEXT_EXAMPLE },
    ],
  },
  {
    id: 'playground',
    title: { en: 'Linking to the training playground', zh: '链接到训练场' },
    blocks: [
      {
        kind: 'prose',
        text: {
          en: 'The Train tab trains a tiny Transformer in the student’s browser. Its setup is in the address, so a link opens exactly the model you describe in class, untrained and ready to start:',
          zh: '“训练”标签页在学生的浏览器里训练一个小型 Transformer。它的设置都在地址里，所以一个链接就能打开你在课上讲的那个模型：尚未训练，随时可以开始。',
        },
      },
      { kind: 'code', lang: 'text', code: '{base}#/playground?task=induction&layers=2&heads=1&width=32&lr=0.005&seed=1' },
      {
        kind: 'list',
        items: [
          { en: '`task`: `reversal`, `copy`, `sort` or `induction`; each has its own default layers, heads, width and learning rate, used for anything the link leaves out.', zh: '`task`：`reversal`、`copy`、`sort` 或 `induction`；每个任务都有自己默认的层数、头数、宽度和学习率，链接里没写的设置就用它们。' },
          { en: '`layers` 1–4, `heads` 1–8 (it must divide `width`, otherwise the nearest count that does is used, the smaller of two equally near), `width` 4–128, `lr` from `0.00001` to `1`, `seed` a whole number from 0 to 4294967295.', zh: '`layers` 1–4，`heads` 1–8（必须整除 `width`，否则改用能整除的最接近的数；两个同样接近时取较小的），`width` 4–128，`lr` 从 `0.00001` 到 `1`，`seed` 为 0 到 4294967295 之间的整数。' },
          { en: 'The same seed gives the same weights and the same training batches, so every student who opens the link sees the same run.', zh: '相同的种子给出相同的权重和相同的训练批次，所以打开这个链接的每个学生看到的都是同一次训练。' },
          { en: '`input`: 16 digits from 0 to 9 (for example `input=0123456789012345`) makes the attention maps show that sequence instead of a held-out one, at every step of the training.', zh: '`input`：16 个 0 到 9 的数字（例如 `input=0123456789012345`），让注意力图在训练的每一步都显示这个序列，而不是留出集里的序列。' },
          { en: '“Load trained model” fetches `models/<task>.json` next to `index.html`; keep the `models/` folder of the build when you host your own copy.', zh: '“加载训练好的模型”会读取与 `index.html` 同目录的 `models/<task>.json`；自己托管时请保留构建结果中的 `models/` 文件夹。' },
        ],
      },
    ],
  },
  {
    id: 'parameters',
    title: { en: 'Every parameter', zh: '全部参数' },
    blocks: [
      {
        kind: 'prose',
        text: {
          en: 'Links written by the lab contain only the values that differ from the defaults, plus `lang`. A value that cannot be read or is out of range is replaced by its default, and the lab or the embed says so in a notice. A parameter the lab does not know is ignored; the lab also removes it from the address (and from links it copies), with a notice. Indices count from 0.',
          zh: '实验台生成的链接只包含与默认值不同的值，外加 `lang`。无法读取或超出范围的值会被替换为默认值，实验台或嵌入组件会用一条提示说明。实验台不认识的参数会被忽略；实验台还会把它从地址中去掉（复制的链接里也没有），并给出提示。序号从 0 开始计数。',
        },
      },
      { kind: 'params' },
      {
        kind: 'prose',
        text: {
          en: `Every link the lab writes stays under ${URL_BUDGET.maxLinkLength} characters, because many servers refuse longer addresses. Length is counted after URL encoding, where one Chinese character takes 9 characters: a long text or a large custom mask may not fit. Then the link carries a shorter version — first it leaves out what the view does not use (text beyond the ${MAX_TOKENS} tokens the lab reads, cells of a mask that is not chosen), then cells of the custom mask, then the end of the text — and **Copy link** and **Embed / share…** say what was left out.`,
          zh: `实验台生成的每个链接都不超过 ${URL_BUDGET.maxLinkLength} 个字符，因为很多服务器拒绝更长的地址。长度按 URL 编码之后计算，一个汉字要占 9 个字符：很长的文字或很大的自定义掩码可能放不下。这时链接会带上一个缩短的版本——先去掉视图用不到的部分（实验台读取的 ${MAX_TOKENS} 个词元之后的文字、没有选用的掩码的单元格），再去掉自定义掩码的单元格，最后去掉文字的末尾——**复制链接**和**嵌入 / 分享…**会说明去掉了什么。`,
        },
      },
    ],
  },
];
