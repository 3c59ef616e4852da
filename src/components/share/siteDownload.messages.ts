import { defineMessages } from '../../i18n/defineMessages';

/**
 * "Download for your site" in the Embed dialog's custom-element section, the example page it writes into the
 * archive (in the dialog's language) and the archive's README.txt (both languages, see siteReadme.ts).
 */
export const siteDownloadMessages = defineMessages(
  {
    'share.download.button': 'Download for your site',
    'share.download.hint':
      'Course site on another host? A module script from another site only runs where that site sends CORS headers, and plain static hosting sends none. Download the script, the trained model and an example page in one zip, upload them to your own site, and everything loads from there.',
    'share.download.fetching': 'Fetching {file}: {received} of {total} MB…',
    'share.download.fetchingUnknown': 'Fetching {file}: {received} MB…',
    'share.download.packing': 'Packing {name}…',
    'share.download.saved': 'Saved {name}. Unzip it, upload the whole folder to your site and open index.html there.',
    'share.download.progress': 'Download progress',
    'share.download.failed.fileProtocol':
      'The lab is opened from a file on this computer (file://), where the browser cannot fetch {file}. Open the lab from a web server (for example run python3 -m http.server in its folder) and try again.',
    'share.download.failed.network': 'Could not fetch {file} ({url}): the request failed. Check the connection and try again.',
    'share.download.failed.status': 'Could not fetch {file} ({url}): the server answered {status}. Is the lab a full build (npm run build)?',
    'share.download.failed.page':
      'Could not fetch {file} ({url}): the server sent a web page instead of the file, so the file is not there. Is the lab a full build (npm run build)?',
    'share.download.failed.pack': 'The files were fetched, but the zip could not be made: {reason}',
    'share.download.page.title': 'Attention Lab on your site: {widget}',
    'share.download.page.intro':
      'This page loads attention-lab-widgets.js from its own folder, and the widget fetches the trained model (models/lm/model.bin) from beside the script. Nothing comes from another site, so no CORS header is needed.',
    'share.download.page.widgetHeading': 'The widget, live',
    'share.download.page.copyHeading': 'Put the widget into your course page',
    'share.download.page.copy':
      'Copy these two lines into your page and change the script’s src to the address of attention-lab-widgets.js on your site. Keep models/lm/ next to the script.',
    'share.download.page.lab': 'Made with Attention Lab:',
    'share.download.page.fallback':
      'The Attention Lab widget has not loaded. Open the page from your site (http:// or https://), not straight from the disk, and check that the script’s src points at attention-lab-widgets.js, with the models folder beside it.',
    'share.download.readme.title': 'Attention Lab widget for your site',
    'share.download.readme.upload':
      '1. Upload the whole folder to your course site (Moodle, Canvas) or any static web host. Most course platforms can unpack the zip for you when you upload it.',
    'share.download.readme.together':
      '2. Keep the files together: attention-lab-widgets.js fetches models/lm/model.bin from beside itself. models/lm/README.md is the model’s card.',
    'share.download.readme.open':
      '3. Open index.html from your site (http:// or https://). Opened straight from the disk (file://) the widget does not load: browsers do not run module scripts there.',
    'share.download.readme.copy':
      '4. Copy the element tag (and the script line) from index.html into your course page, with the script’s src changed to where attention-lab-widgets.js is, e.g. src="/files/attention-lab/attention-lab-widgets.js".',
    'share.download.readme.cors': 'Everything loads from your own site: no CORS header is needed anywhere.',
  },
  {
    'share.download.button': '下载到你的网站',
    'share.download.hint':
      '课程网站在另一个主机上？来自其他网站的模块脚本只有在那个网站发送 CORS 头时才能运行，而普通的静态托管不发送。把脚本、训练好的模型和一个示例网页打包成一个 zip 下载，上传到你自己的网站，所有文件就都从那里加载。',
    'share.download.fetching': '正在获取 {file}：{received} / {total} MB…',
    'share.download.fetchingUnknown': '正在获取 {file}：{received} MB…',
    'share.download.packing': '正在打包 {name}…',
    'share.download.saved': '已保存 {name}。解压后把整个文件夹上传到你的网站，再在那里打开 index.html。',
    'share.download.progress': '下载进度',
    'share.download.failed.fileProtocol':
      '注意力实验室是从这台电脑上的文件（file://）打开的，浏览器在这里无法获取 {file}。请从网页服务器打开注意力实验室（例如在它的文件夹中运行 python3 -m http.server）后再试。',
    'share.download.failed.network': '无法获取 {file}（{url}）：请求失败。请检查网络连接后再试。',
    'share.download.failed.status': '无法获取 {file}（{url}）：服务器返回 {status}。注意力实验室是完整构建的吗（npm run build）？',
    'share.download.failed.page': '无法获取 {file}（{url}）：服务器返回的是一个网页而不是这个文件，说明文件不在那里。注意力实验室是完整构建的吗（npm run build）？',
    'share.download.failed.pack': '文件已获取，但无法生成 zip：{reason}',
    'share.download.page.title': '在你的网站上使用注意力实验室：{widget}',
    'share.download.page.intro':
      '本页从自己的文件夹加载 attention-lab-widgets.js，组件再从脚本旁边获取训练好的模型（models/lm/model.bin）。没有任何内容来自其他网站，所以不需要 CORS 头。',
    'share.download.page.widgetHeading': '实时运行的组件',
    'share.download.page.copyHeading': '把组件放进你的课程网页',
    'share.download.page.copy': '把下面两行复制到你的网页中，并把脚本的 src 改成 attention-lab-widgets.js 在你网站上的地址。models/lm/ 要保留在脚本旁边。',
    'share.download.page.lab': '由注意力实验室制作：',
    'share.download.page.fallback': '注意力实验室组件还没有加载。请从你的网站（http:// 或 https://）打开网页，不要直接从磁盘打开，并检查脚本的 src 是否指向 attention-lab-widgets.js，models 文件夹是否在它旁边。',
    'share.download.readme.title': '用于你网站的注意力实验室组件',
    'share.download.readme.upload': '1. 把整个文件夹上传到你的课程网站（Moodle、Canvas）或任何静态网站托管。大多数课程平台在上传 zip 时可以替你解压。',
    'share.download.readme.together': '2. 文件要放在一起：attention-lab-widgets.js 会从自己旁边获取 models/lm/model.bin。models/lm/README.md 是模型的说明卡。',
    'share.download.readme.open': '3. 从你的网站（http:// 或 https://）打开 index.html。直接从磁盘（file://）打开时组件不会加载：浏览器不在那里运行模块脚本。',
    'share.download.readme.copy':
      '4. 把 index.html 中的元素标签（和脚本那一行）复制到你的课程网页，并把脚本的 src 改成 attention-lab-widgets.js 所在的位置，例如 src="/files/attention-lab/attention-lab-widgets.js"。',
    'share.download.readme.cors': '所有文件都从你自己的网站加载：任何地方都不需要 CORS 头。',
  },
);
