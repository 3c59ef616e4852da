import { decodeEntities, htmlToText } from '../../../scripts/lm/html';
import { normaliseWhitespace } from '../../../scripts/lm/text';

describe('HTML cleaner', () => {
  it('decodes named, decimal and hex entities and leaves unknown names alone', () => {
    expect(decodeEntities('a &lt;b&gt; &amp; &quot;c&quot; &#20013;&#x6587; &nbsp;&foo;')).toBe('a <b> & "c" 中文 \u00a0&foo;');
  });

  it('strips tags, drops head/script/style and comments, and separates blocks', () => {
    const html = `<html><head><title>T</title><style>p{}</style></head><body>
      <h1>标题</h1><!-- hidden --><p>第一段
      文字 &amp; <a href="x">link</a></p><script>var a = 1 < 2;</script>
      <ul><li>one</li><li>two</li></ul><pre>  code
  line</pre></body></html>`;
    expect(normaliseWhitespace(htmlToText(html))).toBe('标题\n\n第一段文字 & link\n\none\ntwo\n\ncode\nline');
  });
});
