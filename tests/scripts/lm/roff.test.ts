import { roffArgs, roffToText, stripRoffEscapes } from '../../../scripts/lm/roff';

describe('roff cleaner', () => {
  it('removes font, size and zero-width escapes and maps glyphs', () => {
    expect(stripRoffEscapes('\\fBls\\fP [\\fI\\,选项\\/\\fP]... \\-\\-all')).toBe('ls [选项]... --all');
    expect(stripRoffEscapes('\\s-1GNU\\s0 \\(lqx\\(rq \\*(lqy\\*(rq a\\ b \\e \\&.')).toBe('GNU “x” “y” a b \\ .');
    expect(stripRoffEscapes('text \\" a comment')).toBe('text ');
  });

  it('splits macro arguments with quotes', () => {
    expect(roffArgs('"two words" one "say ""hi"""')).toEqual(['two words', 'one', 'say "hi"']);
  });

  it('drops comments and .TH, keeps headings, tags and paragraphs, joins Chinese wraps without spaces', () => {
    const raw = [
      '.\\" generated',
      '.TH LS 1 2022 "GNU coreutils"',
      '.SH 名称',
      'ls \\- 列出目录内容',
      '.SH 描述',
      '.PP',
      '列出指定的',
      '文件信息。',
      '.TP',
      '\\fB\\-a\\fP, \\fB\\-\\-all\\fP',
      '不要忽略条目',
      '.de XX',
      'macro body',
      '..',
      '.BR ls (1),',
      '.B bold words',
    ].join('\n');
    expect(roffToText(raw)).toBe('名称\n\nls - 列出目录内容\n\n描述\n\n列出指定的文件信息。\n\n-a, --all\n\n不要忽略条目 ls(1), bold words');
  });

  it('keeps line breaks inside .nf blocks', () => {
    expect(roffToText('.nf\nline one\nline two\n.fi\nfilled\ntext')).toBe('line one\nline two\n\nfilled text');
  });
});
