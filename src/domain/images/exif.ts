/**
 * The two EXIF facts the photo intake needs, read from the first bytes of a file: the
 * orientation (to size the browser's pre-shrink the right way round) and when the photo was
 * taken (DateTimeOriginal, to group a deposit's photos into items). Pure, so the worker and the
 * tests share it; anything unreadable answers the defaults rather than throwing.
 */
export interface ExifFacts {
  /** 1 to 8 as EXIF counts them; 1 when absent. */
  readonly orientation: number;
  /** Milliseconds since the epoch, or null when the file does not say. */
  readonly takenAt: number | null;
}

const NONE: ExifFacts = { orientation: 1, takenAt: null };
const ORIENTATION = 0x0112;
const EXIF_IFD = 0x8769;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;

/** Orientations 5 to 8 turn the picture a quarter: width and height swap once applied. */
export const swapsSides = (orientation: number): boolean => orientation >= 5 && orientation <= 8;

export function readExif(bytes: Uint8Array): ExifFacts {
  const start = tiffStart(bytes);
  if (start < 0) return NONE;
  try {
    return readTiff(new DataView(bytes.buffer, bytes.byteOffset + start, bytes.length - start));
  } catch {
    return NONE;
  }
}

/** Where the TIFF header of the EXIF block begins: the JPEG APP1 segment, else `Exif\0\0` anywhere (HEIC, WebP). */
function tiffStart(bytes: Uint8Array): number {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 4 <= bytes.length && bytes[at] === 0xff) {
      const marker = bytes[at + 1]!;
      const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
      if (marker === 0xe1 && isExifTag(bytes, at + 4)) return at + 10;
      if (marker === 0xda) break;
      at += 2 + length;
    }
  }
  for (let at = 0; at + 10 < bytes.length; at++) {
    if (bytes[at] === 0x45 && isExifTag(bytes, at) && isTiffHeader(bytes, at + 6)) return at + 6;
  }
  return -1;
}

const isExifTag = (b: Uint8Array, at: number) =>
  b[at] === 0x45 &&
  b[at + 1] === 0x78 &&
  b[at + 2] === 0x69 &&
  b[at + 3] === 0x66 &&
  b[at + 4] === 0 &&
  b[at + 5] === 0;

const isTiffHeader = (b: Uint8Array, at: number) =>
  (b[at] === 0x49 && b[at + 1] === 0x49 && b[at + 2] === 0x2a) ||
  (b[at] === 0x4d && b[at + 1] === 0x4d && b[at + 3] === 0x2a);

function readTiff(view: DataView): ExifFacts {
  const little = view.getUint16(0) === 0x4949;
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const entries = (ifd: number) => {
    const count = u16(ifd);
    return Array.from({ length: count }, (_, i) => ifd + 2 + i * 12);
  };
  const ascii = (entry: number) => {
    const count = u32(entry + 4);
    const at = count > 4 ? u32(entry + 8) : entry + 8;
    let text = '';
    for (let i = 0; i < count; i++) {
      const c = view.getUint8(at + i);
      if (c === 0) break;
      text += String.fromCharCode(c);
    }
    return text;
  };
  let orientation = 1;
  let original: string | null = null;
  let offset: string | null = null;
  for (const entry of entries(u32(4))) {
    const tag = u16(entry);
    if (tag === ORIENTATION) orientation = u16(entry + 8);
    if (tag === EXIF_IFD) {
      for (const sub of entries(u32(entry + 8))) {
        if (u16(sub) === DATE_TIME_ORIGINAL) original = ascii(sub);
        if (u16(sub) === OFFSET_TIME_ORIGINAL) offset = ascii(sub);
      }
    }
  }
  return {
    orientation: orientation >= 1 && orientation <= 8 ? orientation : 1,
    takenAt: original ? parseExifDate(original, offset) : null,
  };
}

/**
 * `2024:05:01 14:30:12`, in the offset EXIF gives (`+02:00`) or else the device's own time zone:
 * photos are grouped by the gaps between them, which the zone does not change.
 */
export function parseExifDate(text: string, offset: string | null = null): number | null {
  const m = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const zone = offset ? /^([+-])(\d{2}):(\d{2})$/.exec(offset.trim()) : null;
  if (zone) {
    const minutes = (Number(zone[2]) * 60 + Number(zone[3])) * (zone[1] === '-' ? -1 : 1);
    return Date.UTC(y, mo - 1, d, h, mi, s) - minutes * 60_000;
  }
  return new Date(y, mo - 1, d, h, mi, s).getTime();
}
