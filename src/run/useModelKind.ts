import { useSyncExternalStore } from 'react';
import type { ModelKind, ModelShape } from '../models/modelKind';
import { modelKind } from '../models/registry';
import { useLab } from '../state/labStore';
import { useScopedModel } from '../state/modelScope';

/** The kind of the model the calling view runs: the settings' choice unless a <ModelScope> above fixes it. */
export function useModelKind(): ModelKind {
  return modelKind(useScopedModel(useLab((s) => s.model)));
}

/** `kind`'s shape now (fixed, or the opened model's), re-read when its file changes; null: the settings'. */
export function useModelKindShape(kind: ModelKind): ModelShape | null {
  return useSyncExternalStore(kind.subscribe, kind.shape, kind.shape);
}
