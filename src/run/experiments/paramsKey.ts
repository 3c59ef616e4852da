/**
 * The cache key of one experiment's params: a string that is equal for params that give the same result.
 * - numbers, strings, booleans, null and undefined: by value;
 * - arrays and plain objects (`{ … }` literals without getters): by value, recursively (a new `tokens` array or a
 *   new `{ x, y }` point with the same contents is the same key);
 * - anything else (typed arrays, so a matrix's `data`; class instances; objects with getters, such as a run's
 *   lazy traces): by identity, as `#n`, a number given to the object the first time it is seen (a WeakMap, so the
 *   object can still be collected).
 * A matrix `{ rows, cols, data }` is therefore keyed on its shape and the identity of its `data`: the run's matrices
 * stay the same objects until the run changes, and an experiment never mutates its inputs.
 */
const ids = new WeakMap<object, number>();
let nextId = 1;

function identity(value: object): string {
  let id = ids.get(value);
  if (id === undefined) {
    id = nextId++;
    ids.set(value, id);
  }
  return `#${id}`;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(Object.getOwnPropertyDescriptors(value)).every((d) => 'value' in d);
}

function keyOf(value: unknown): string {
  if (value === undefined) return 'u';
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') {
    // JSON writes NaN and ±Infinity as null: keep them apart.
    return typeof value === 'number' && !Number.isFinite(value) ? `n${value}` : JSON.stringify(value);
  }
  if (typeof value !== 'object') return identity(value as object);
  if (Array.isArray(value)) return `[${value.map(keyOf).join(',')}]`;
  if (isPlainObject(value)) return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${keyOf(v)}`).join(',')}}`;
  return identity(value);
}

/** The key of `params` for the experiment `name`. */
export function paramsKey(name: string, params: unknown): string {
  return `${name}:${keyOf(params)}`;
}
