/** Bytes of a base64 string (the wasm modules ship as base64 in *.generated.ts, so no file is fetched). */
export function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
