import { DEFAULT_SETTINGS, type LabSettings } from '../../state/labStore';

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

type Patch = { -readonly [K in keyof LabSettings]?: LabSettings[K] };

/**
 * What an attribute change means for an element's settings: every setting the attributes now give differently
 * (a removed attribute gives the default back). Settings no attribute touched keep what the reader chose with the
 * controls, so changing `mask` from a script does not undo the reader's head selection.
 */
export function settingsPatch(before: Partial<LabSettings>, after: Partial<LabSettings>): Partial<LabSettings> {
  const patch: Patch = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)] as (keyof LabSettings)[]);
  for (const key of keys) {
    const next = after[key] ?? DEFAULT_SETTINGS[key];
    const previous = before[key] ?? DEFAULT_SETTINGS[key];
    if (!same(previous, next)) Object.assign(patch, { [key]: next });
  }
  return patch;
}
