// The WebAssembly SIMD fast path of the engine (attention, LayerNorm, feed-forward, linear maps). The TypeScript
// engine in src/engine stays the reference.
// The app reaches the kernels through the runs' backend (../run/wasmBackend.ts: enableFastAttention); tests and
// scripts/bench call them here directly, after `wasmSimdSupported()` and `await loadWasmKernels()`.
export { ACTIVATION_KIND, loadWasmKernels, wasmSimdSupported, WasmKernels, type KernelExports } from './kernels';
export {
  FastHeads,
  FastProjections,
  PreparedMhaParams,
  fastAttendHeads,
  fastCombineHeads,
  fastMultiHeadAttention,
  fastOutputProjection,
  fastProjectQkv,
  prepareMhaParams,
  type FastMhaResult,
} from './fastAttention';
export {
  fastFeedForward,
  fastLayerNorm,
  fastLinear,
  fastLinearRows,
  PreparedFeedForward,
  PreparedLayerNorm,
  PreparedLinear,
} from './fastLayers';
