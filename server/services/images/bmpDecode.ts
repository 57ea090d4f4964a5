/** Raw pixels of a decoded image, as sharp's `raw` input takes them. */
export interface RawImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly channels: 3 | 4;
}

/** Thrown for a file that claims a format but cannot be read as one. */
export class DecodeError extends Error {
  constructor(
    message: string,
    readonly kind: 'corrupt' | 'unsupported',
  ) {
    super(message);
  }
}

/** Width and height from a BMP header, before any pixel is read (for the pixel limit). */
export function bmpSize(data: Uint8Array): { width: number; height: number } {
  if (data.length < 26) throw new DecodeError('BMP header cut short', 'corrupt');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
}

/**
 * Uncompressed 24- and 32-bit Windows bitmaps (what cameras, scanners and Paint write), which
 * libvips does not read. Palette and RLE bitmaps are refused as unsupported.
 */
export function decodeBmp(data: Uint8Array): RawImage {
  if (data.length < 54) throw new DecodeError('BMP header cut short', 'corrupt');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const offset = view.getUint32(10, true);
  const width = view.getInt32(18, true);
  const rawHeight = view.getInt32(22, true);
  const bits = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0) throw new DecodeError('BMP without pixels', 'corrupt');
  // 0 = BI_RGB; 3 = BI_BITFIELDS, accepted for 32-bit files in the usual BGRA order.
  if (!(
    (bits === 24 && compression === 0) ||
    (bits === 32 && (compression === 0 || compression === 3))
  ))
    throw new DecodeError(`BMP of ${bits} bits, compression ${compression}`, 'unsupported');
  const bytesPerPixel = bits / 8;
  const stride = Math.ceil((width * bytesPerPixel) / 4) * 4;
  if (offset + stride * height > data.length)
    throw new DecodeError('BMP pixels cut short', 'corrupt');
  const out = new Uint8Array(width * height * 3);
  const bottomUp = rawHeight > 0;
  for (let y = 0; y < height; y++) {
    const row = offset + (bottomUp ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      const src = row + x * bytesPerPixel;
      const dst = (y * width + x) * 3;
      out[dst] = data[src + 2]!;
      out[dst + 1] = data[src + 1]!;
      out[dst + 2] = data[src]!;
    }
  }
  return { data: out, width, height, channels: 3 };
}
