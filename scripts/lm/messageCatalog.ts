/**
 * The translations of a gettext catalog as `msgunfmt` prints it (a .po file): every msgstr (and msgstr[n] of plural
 * forms), its C escapes decoded. The zh_CN catalogs that Debian packages ship are short modern Chinese sentences of
 * everyday software ("无法打开文件", "是否要保存更改？"). Pure: no I/O.
 */

function unescapeC(s: string): string {
  return s.replace(/\\(["\\abfnrtv]|[0-7]{1,3}|x[0-9a-fA-F]+)/g, (_, e: string) => {
    const simple: Record<string, string> = { '"': '"', '\\': '\\', a: '', b: '', f: '', n: '\n', r: '', t: '\t', v: '' };
    if (e in simple) return simple[e];
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    return String.fromCharCode(parseInt(e, 8));
  });
}

/** Every non-empty msgstr of the catalog (the header entry, whose msgid is "", excluded). */
export function poTranslations(po: string): string[] {
  const out: string[] = [];
  let field: 'msgid' | 'msgstr' | 'other' | null = null;
  let msgid = '';
  let current = '';
  const flush = (): void => {
    if (field === 'msgstr' && msgid !== '' && current.trim() !== '') out.push(current);
  };
  for (const line of po.split('\n')) {
    const start = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) "(.*)"$/.exec(line);
    if (start) {
      flush();
      const kind = start[1];
      if (kind === 'msgid') {
        field = 'msgid';
        msgid = unescapeC(start[2]);
      } else if (kind.startsWith('msgstr')) field = 'msgstr';
      else field = 'other'; // msgctxt, msgid_plural: read past
      current = unescapeC(start[2]);
      continue;
    }
    const more = /^"(.*)"$/.exec(line);
    if (more && field !== null) {
      const piece = unescapeC(more[1]);
      current += piece;
      if (field === 'msgid') msgid += piece;
      continue;
    }
    flush();
    field = null;
    current = '';
  }
  flush();
  return out;
}
