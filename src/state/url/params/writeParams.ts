import { tableKeys, type ParamTable } from './types';

/** Turns a value's text into what travels in the link. */
export type ValueEncoding = (value: string) => string;

/**
 * Readable encoding: spaces as '+', commas left as they are (they separate list entries). Apostrophes are escaped
 * too, so a copied link can sit inside a quoted HTML attribute of an instructor's page.
 */
export const readableEncoding: ValueEncoding = (value) =>
  encodeURIComponent(value).replace(/%20/g, '+').replace(/%2C/gi, ',').replace(/'/g, '%27');

/** application/x-www-form-urlencoded, as URLSearchParams writes it (commas as %2C). */
export const formEncoding: ValueEncoding = (value) => new URLSearchParams([['', value]]).toString().slice(1);

/**
 * The query string (no '?') for `values`: the parameters in table order, each only when its text differs from the
 * text of its default in the same link (or when the table says `always`, for these values), and never one its kind or the table's
 * omitWhen leaves out.
 * readParams(table, writeParams(table, v, d), d) gives v back for any values the kinds accept.
 */
export function writeParams<V, N extends string>(table: ParamTable<V, N>, values: V, defaults: V, encode: ValueEncoding = readableEncoding): string {
  const parts: string[] = [];
  const writeOne = <K extends keyof V>(key: K): void => {
    const { name, kind, always, omitWhen } = table[key];
    if (omitWhen?.(values) === true) return;
    const text = kind.write(values[key], values);
    if (text === undefined) return;
    const forced = typeof always === 'function' ? always(values) : always === true;
    if (!forced && text === kind.write(defaults[key], values)) return;
    parts.push(`${name}=${encode(text)}`);
  };
  for (const key of tableKeys(table)) writeOne(key);
  return parts.join('&');
}

/** The text `values` give one parameter, found by its short name (undefined: left out, or no such parameter). */
export function writeParam<V, N extends string>(table: ParamTable<V, N>, name: N, values: V): string | undefined {
  const writeOne = <K extends keyof V>(key: K): string | undefined => table[key].kind.write(values[key], values);
  const key = tableKeys(table).find((k) => table[k].name === name);
  return key === undefined ? undefined : writeOne(key);
}
