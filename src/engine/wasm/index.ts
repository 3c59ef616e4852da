// The WebAssembly SIMD fast path of the attention engine. The TypeScript engine in src/engine stays the reference.
// The app reaches the kernels through the runs' backend (../run/wasmBackend.ts: enableFastAttention); tests and
// scripts/bench call them here directly, after `wasmSimdSupported()` and `await loadWasmKernels()`.
export { loadWasmKernels, wasmSimdSupported, WasmKernels, type KernelExports } from './kernels';
export {
  FastHeads,
  FastProjections,
  PreparedMhaParams,
  fastAttendHeads,
  fastCombineHeads,
  fastMultiHeadAttention,
  fastProjectQkv,
  prepareMhaParams,
  type FastMhaResult,
} from './fastAttention';
