/** Default PNG scale: 2× the SVG's size, sharp on high-density screens and in slides. */
export const PNG_SCALE = 2;

/** True where an SVG can be drawn on a canvas and read back (a real browser; not jsdom or Node). */
export function canRenderPng(): boolean {
  if (typeof document === 'undefined' || typeof Image === 'undefined' || typeof HTMLCanvasElement === 'undefined') return false;
  if (typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent)) return false;
  return typeof HTMLCanvasElement.prototype.toBlob === 'function';
}

/** The width and height attributes of the root <svg> element (in px). */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="([\d.]+)"/.exec(root)?.[1]);
  const height = Number(/\sheight="([\d.]+)"/.exec(root)?.[1]);
  if (!(width > 0) || !(height > 0)) throw new Error('The SVG has no width and height to draw it at.');
  return { width, height };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The browser could not draw the SVG.'));
    image.src = src;
  });
}

/**
 * Draws a standalone SVG document on a canvas at `scale`× its size, on white, and encodes it as PNG.
 * Browser only: rejects where canRenderPng() is false. A data: URL (not a blob: URL) keeps the canvas untainted.
 */
export async function svgToPngBlob(svg: string, scale: number = PNG_SCALE): Promise<Blob> {
  if (!canRenderPng()) throw new Error('PNG export needs a browser canvas.');
  const { width, height } = svgSize(svg);
  const image = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('PNG export needs a browser canvas.');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded as PNG.'))), 'image/png'));
}
