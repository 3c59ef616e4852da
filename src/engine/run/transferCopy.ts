/**
 * A deep copy of plain data whose every Float32Array has a buffer of its own, with those buffers listed, for
 * postMessage(value, transfer): the receiver then takes the numbers without copying them (a GPT-2 run is tens of MB
 * of traces, which a structured clone would copy on the page's thread). The sender's own arrays are left intact
 * (they may sit in its stage caches). Objects are copied as their own enumerable fields (as structured clone does:
 * class instances arrive as plain objects); an object met twice is copied once, so shared parts stay shared.
 */
export function copyForTransfer<T>(value: T): { readonly value: T; readonly transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const seen = new Map<object, unknown>();
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const known = seen.get(v);
    if (known !== undefined) return known;
    let out: unknown;
    if (v instanceof Float32Array) {
      const fresh = new Float32Array(v);
      transfer.push(fresh.buffer);
      out = fresh;
    } else if (ArrayBuffer.isView(v)) {
      out = v; // other typed arrays (a mask's bytes) are small: structured clone copies them
    } else if (Array.isArray(v)) {
      const list: unknown[] = [];
      seen.set(v, list);
      for (const item of v) list.push(copy(item));
      return list;
    } else if (v instanceof Set || v instanceof Map) {
      out = v; // sets of head indices: small, cloned as they are
    } else {
      const object: Record<string, unknown> = {};
      seen.set(v, object);
      for (const [key, field] of Object.entries(v)) object[key] = copy(field);
      return object;
    }
    seen.set(v, out);
    return out;
  };
  return { value: copy(value) as T, transfer };
}
