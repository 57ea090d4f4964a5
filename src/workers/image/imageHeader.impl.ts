/**
 * What the first bytes of a file say: its real format (whatever its name claims) and, for the
 * formats the browser decodes, its size, so the worker can ask the decoder for a pre-shrunk
 * bitmap in one go instead of decoding 12 megapixels and shrinking afterwards.
 */
export type ImageFormat =
  'jpeg' | 'png' | 'gif' | 'webp' | 'bmp' | 'heif' | 'avif' | 'tiff' | 'ico' | 'svg';

export interface Size {
  readonly width: number;
  readonly height: number;
}

const ascii = (b: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...b.subarray(at, at + length));

const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

export function sniffFormat(b: Uint8Array): ImageFormat | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') return 'png';
  if (ascii(b, 0, 4) === 'GIF8') return 'gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  if (ascii(b, 0, 2) === 'BM') return 'bmp';
  if (ascii(b, 4, 4) === 'ftyp') {
    const brand = ascii(b, 8, 4);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (HEIF_BRANDS.includes(brand)) return 'heif';
  }
  if (ascii(b, 0, 4) === 'II*\0' || ascii(b, 0, 4) === 'MM\0*') return 'tiff';
  if (b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0) return 'ico';
  const head = ascii(b, 0, Math.min(b.length, 512)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  return null;
}

/** The stored size (before any EXIF rotation), or null when the header does not say. */
export function readSize(b: Uint8Array, format: ImageFormat): Size | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  try {
    switch (format) {
      case 'png':
        return { width: view.getUint32(16), height: view.getUint32(20) };
      case 'gif':
        return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
      case 'bmp':
        return { width: view.getInt32(18, true), height: Math.abs(view.getInt32(22, true)) };
      case 'webp':
        return webpSize(b, view);
      case 'jpeg':
        return jpegSize(b, view);
      default:
        return null;
    }
  } catch {
    return null;
  }
}

function jpegSize(b: Uint8Array, view: DataView): Size | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    // Start-of-frame markers (baseline, progressive…), not DHT (C4), JPG (C8) or DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

function webpSize(b: Uint8Array, view: DataView): Size | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X')
    return {
      width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)),
      height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)),
    };
  if (chunk === 'VP8 ')
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** The size that fits `size` in a square of `side`, never enlarged. */
export function fitInside(size: Size, side: number): Size {
  const scale = Math.min(1, side / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}
