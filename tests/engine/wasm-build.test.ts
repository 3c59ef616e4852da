// @vitest-environment node
// The committed kernels.generated.ts must be exactly what `npm run build:wasm` makes from kernels.wat, so the
// shipped wasm can never drift from its source.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { assembleWat, buildGeneratedModule, buildRowDotsModule, KERNELS_GENERATED_PATH, KERNELS_WAT_PATH, ROW_DOTS_GENERATED_PATH } from '../../src/engine/wasm/build';
import { ROW_DOTS_WASM_BASE64 } from '../../src/engine/train/wasm/rowDots.generated';
import { KERNELS_WASM_BASE64, KERNELS_WASM_BYTE_LENGTH } from '../../src/engine/wasm/kernels.generated';

describe('wasm kernels build', () => {
  it('kernels.generated.ts is up to date with kernels.wat (run `npm run build:wasm` after editing the WAT)', async () => {
    const committed = await readFile(KERNELS_GENERATED_PATH, 'utf8');
    expect(await buildGeneratedModule()).toBe(committed);
  });

  it('assembling is reproducible', async () => {
    const source = await readFile(KERNELS_WAT_PATH, 'utf8');
    const [a, b] = await Promise.all([assembleWat(source), assembleWat(source)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('the shipped bytes are a valid module with the kernels the engine calls', async () => {
    const bytes = Buffer.from(KERNELS_WASM_BASE64, 'base64');
    expect(bytes.length).toBe(KERNELS_WASM_BYTE_LENGTH);
    expect(WebAssembly.validate(bytes)).toBe(true);
    const module = await WebAssembly.compile(bytes);
    const exports = WebAssembly.Module.exports(module).map((e) => `${e.name}:${e.kind}`).sort();
    expect(exports).toEqual(['activate:function', 'gemm:function', 'layer_norm:function', 'memory:memory', 'pack_b:function', 'pack_bt:function', 'softmax:function', 'zero_cols:function']);
    expect(WebAssembly.Module.imports(module)).toEqual([]);
  });

  it("the trainer's rowDots.generated.ts is up to date with rowDots.wat, and imports its memory", async () => {
    expect(await buildRowDotsModule()).toBe(await readFile(ROW_DOTS_GENERATED_PATH, 'utf8'));
    const module = await WebAssembly.compile(Buffer.from(ROW_DOTS_WASM_BASE64, 'base64'));
    expect(WebAssembly.Module.exports(module).map((e) => `${e.name}:${e.kind}`)).toEqual(['dots:function']);
    // Imported, so the engine can make a larger memory instead of growing one (growing detaches buffers).
    expect(WebAssembly.Module.imports(module)).toEqual([{ module: 'env', name: 'memory', kind: 'memory' }]);
  });
});
