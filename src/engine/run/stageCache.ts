/**
 * The last few results of one stage of a run, found by their key. A hit moves to the front; past `capacity` the
 * oldest entry is dropped, so memory stays bounded (a stage at 512 tokens holds megabytes of weights).
 */
export class StageCache<Key, Value> {
  private entries: { readonly key: Key; readonly value: Value }[] = [];

  constructor(
    private readonly capacity: number,
    private readonly sameKey: (a: Key, b: Key) => boolean,
  ) {}

  /** The cached value for `key`, or `compute()`'s, kept for next time. A throwing `compute` caches nothing. */
  getOrCompute(key: Key, compute: () => Value): Value {
    const index = this.entries.findIndex((entry) => this.sameKey(entry.key, key));
    if (index >= 0) {
      const [hit] = this.entries.splice(index, 1);
      this.entries.unshift(hit);
      return hit.value;
    }
    const value = compute();
    this.entries.unshift({ key, value });
    if (this.entries.length > this.capacity) this.entries.length = this.capacity;
    return value;
  }
}

/** Keys whose fields are compared with ===: objects by identity (an earlier stage's cached result), the rest by value. */
export function sameFields<Key extends object>(a: Key, b: Key): boolean {
  const keys = Object.keys(a) as (keyof Key)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}
