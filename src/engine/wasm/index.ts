// The WebAssembly SIMD fast path of the attention engine. The TypeScript engine in src/engine stays the reference;
// callers check `wasmSimdSupported()`, `await loadWasmKernels()` once, and fall back to `multiHeadAttention` otherwise.
export { loadWasmKernels, wasmSimdSupported, WasmKernels, type KernelExports } from './kernels';
export {
  FastHeads,
  FastMhaSession,
  FastProjections,
  PreparedMhaParams,
  fastAttendHeads,
  fastCombineHeads,
  fastMultiHeadAttention,
  fastProjectQkv,
  prepareMhaParams,
  type FastMhaResult,
  type RecomputedFrom,
} from './fastAttention';
