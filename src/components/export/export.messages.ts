import { defineMessages } from '../../i18n/defineMessages';

/** The export menu and the words written into exported files. Registered through share.messages.ts. */
export const exportMessages = defineMessages(
  {
    'export.label': 'Export',
    'export.png': 'Download “{title}” as a PNG image (2× resolution)',
    'export.svg': 'Download “{title}” as an SVG vector image',
    'export.csv': 'Download “{title}” as a CSV table (masked cells are left empty)',
    'export.json': 'Download “{title}” as JSON data',
    'export.saved': 'Saved {file}',
    'export.pngUnavailable': 'This browser cannot draw the PNG; download the SVG instead.',
    'export.failed': 'The export failed: {message}',
    'export.axis.queries': 'Queries (attending from)',
    'export.axis.keys': 'Keys (attended to)',
    'export.legend.weights': 'Attention weight',
    'export.legend.scores': 'Score',
    'export.legend.masked': 'Masked',
    'export.csv.corner': 'query \\ key',
  },
  {
    'export.label': '导出',
    'export.png': '将“{title}”下载为 PNG 图片（2 倍分辨率）',
    'export.svg': '将“{title}”下载为 SVG 矢量图',
    'export.csv': '将“{title}”下载为 CSV 表格（被掩码的单元格留空）',
    'export.json': '将“{title}”下载为 JSON 数据',
    'export.saved': '已保存 {file}',
    'export.pngUnavailable': '这个浏览器无法生成 PNG，请改为下载 SVG。',
    'export.failed': '导出失败：{message}',
    'export.axis.queries': '查询（从这里发出关注）',
    'export.axis.keys': '键（被关注的位置）',
    'export.legend.weights': '注意力权重',
    'export.legend.scores': '得分',
    'export.legend.masked': '已掩码',
    'export.csv.corner': '查询 \\ 键',
  },
);
