import type { LmModelConfig } from '../../engine';

/**
 * The trained model's shape, for the controls that must know it before the file arrives (the settings panel, the
 * embed's head picker). The settings' width, heads and layers stay the untrained model's; views take the shape from
 * the run. A loaded file of another shape is refused (lmModelStore) rather than shown with the wrong controls.
 */
export const TRAINED_SHAPE = { embedDim: 128, numHeads: 4, numLayers: 2 } as const;

/** Whether a model file's config is the shape the app was built for. */
export function fitsTrainedShape(config: Pick<LmModelConfig, 'embed_dim' | 'num_heads' | 'num_layers'>): boolean {
  return config.embed_dim === TRAINED_SHAPE.embedDim && config.num_heads === TRAINED_SHAPE.numHeads && config.num_layers === TRAINED_SHAPE.numLayers;
}
