// The attention engine: pure functions over Float32Array matrices. No React, D3 or DOM in here.
export * from './errors';
export * from './matrix';
export * from './random';
export * from './masks';
export * from './softmax';
export * from './attention';
export * from './multiHead';
export * from './articleLayout';
export * from './layerNorm';
export * from './feedForward';
export * from './encoderLayer';
export * from './positionalEncoding';
export * from './tokenizer';
export * from './embedding';
export * from './model';
export * from './scoring';
export * from './truncate';
