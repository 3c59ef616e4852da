/**
 * A minimal protobuf encoder: just what onnxGraph.ts needs to write an ONNX ModelProto by hand
 * (no python or onnx package is available to build one).
 * Wire types: 0 = varint, 2 = length-delimited, 5 = 32-bit.
 */
export class ProtoWriter {
  /** Chunks in order; large payloads (weights) are kept as they are rather than copied byte by byte. */
  private readonly parts: Uint8Array[] = [];
  private length = 0;

  private push(chunk: Uint8Array): void {
    this.parts.push(chunk);
    this.length += chunk.length;
  }

  private varint(value: number | bigint): void {
    // Negative int64 values are sent as their 64-bit two's complement (10 bytes), as protobuf specifies.
    let v = BigInt.asUintN(64, BigInt(value));
    const out: number[] = [];
    while (v >= 0x80n) {
      out.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    out.push(Number(v));
    this.push(Uint8Array.from(out));
  }

  private tag(field: number, wireType: 0 | 2 | 5): void {
    this.varint((field << 3) | wireType);
  }

  int(field: number, value: number): this {
    this.tag(field, 0);
    this.varint(value);
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, 5);
    this.push(new Uint8Array(new Float32Array([value]).buffer));
    return this;
  }

  bytesField(field: number, data: Uint8Array): this {
    this.tag(field, 2);
    this.varint(data.length);
    this.push(data);
    return this;
  }

  string(field: number, text: string): this {
    return this.bytesField(field, new TextEncoder().encode(text));
  }

  message(field: number, inner: ProtoWriter): this {
    return this.bytesField(field, inner.finish());
  }

  /** A repeated int64 field, packed (one length-delimited run of varints). */
  packedInts(field: number, values: readonly number[]): this {
    const inner = new ProtoWriter();
    for (const v of values) inner.varint(v);
    return this.bytesField(field, inner.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const p of this.parts) {
      out.set(p, offset);
      offset += p.length;
    }
    return out;
  }
}
