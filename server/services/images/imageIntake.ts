import { Code, ConnectError } from '@connectrpc/connect';
import sharp, { type Sharp } from 'sharp';
import { fail } from '../../rpc/reasons.ts';
import { bmpSize, decodeBmp, DecodeError, type RawImage } from './bmpDecode.ts';
import { decodeHeic } from './heicDecode.ts';
import { IMAGE_LIMITS } from './imageLimits.ts';

/** Formats recognised by their first bytes. */
export type ImageFormat =
  'jpeg' | 'png' | 'webp' | 'gif' | 'heif' | 'avif' | 'tiff' | 'bmp' | 'svg';

/** Bytes and their media type, ready for the store. */
export interface MediaFile {
  readonly data: Uint8Array;
  readonly contentType: string;
}

/** What the browser sent with one photo. */
export interface IntakeInput {
  readonly content: Uint8Array;
  readonly image256?: Uint8Array;
  readonly image32?: Uint8Array;
  /** Product photos carry a 32 px thumbnail, deposit photos do not. */
  readonly wants32: boolean;
}

/** The files of one accepted photo. */
export interface Intake {
  readonly format: ImageFormat;
  /** The file as received (an SVG rasterised: its text is never stored). */
  readonly original: MediaFile;
  readonly image: MediaFile;
  readonly image256: MediaFile;
  readonly image32?: MediaFile;
}

const MIME: Record<Exclude<ImageFormat, 'svg'>, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/heic',
  avif: 'image/avif',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
};
/** Formats every browser shows in an <img>, kept as sent when small enough. */
const BROWSER_FORMATS = new Set<ImageFormat>(['jpeg', 'png', 'webp', 'gif']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (data: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...data.subarray(from, to));

/** The format the first bytes announce, whatever the file's name says. */
export function sniffFormat(data: Uint8Array): ImageFormat | null {
  if (data.length < 12) return null;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (ascii(data, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (/^GIF8[79]a$/.test(ascii(data, 0, 6))) return 'gif';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  if (ascii(data, 4, 8) === 'ftyp') {
    const brand = ascii(data, 8, 12);
    if (AVIF_BRANDS.has(brand)) return 'avif';
    if (HEIF_BRANDS.has(brand)) return 'heif';
    return null;
  }
  const head = ascii(data, 0, 4);
  if (head === 'II*\0' || head === 'MM\0*') return 'tiff';
  if (head.startsWith('BM')) return 'bmp';
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(data.subarray(0, 1024))
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text))
    return 'svg';
  return null;
}

const notAnImage = (why: string) =>
  fail(Code.InvalidArgument, 'IMAGE_NOT_AN_IMAGE', `This file is not an image (${why})`);
const corrupt = (why: string) =>
  fail(Code.InvalidArgument, 'IMAGE_CORRUPT', `This image is damaged or incomplete (${why})`);
const tooLarge = (why: string) =>
  fail(Code.InvalidArgument, 'IMAGE_TOO_LARGE', `This image is too large (${why})`);

/** A sharp or decoder failure as the refusal the caller acts on. */
function refusalOf(error: unknown): Error {
  if (error instanceof DecodeError)
    return error.kind === 'corrupt' ? corrupt(error.message) : notAnImage(error.message);
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooLarge(message);
  if (/unsupported image format/i.test(message)) return notAnImage(message);
  return corrupt(message);
}

const options = { failOn: 'truncated', limitInputPixels: IMAGE_LIMITS.maxPixels } as const;

function checkPixels(width: number | undefined, height: number | undefined): void {
  if (!width || !height) throw corrupt('no dimensions');
  if (width * height > IMAGE_LIMITS.maxPixels)
    throw tooLarge(`${width} × ${height} pixels, at most ${IMAGE_LIMITS.maxPixels}`);
}

/** How to read the pixels again, once checked: from the file, or from pixels decoded here. */
type Source = () => Sharp;

function fromRaw(raw: RawImage): Source {
  return () =>
    sharp(raw.data, {
      raw: { width: raw.width, height: raw.height, channels: raw.channels },
      limitInputPixels: IMAGE_LIMITS.maxPixels,
    });
}

async function openSource(
  content: Uint8Array,
  format: ImageFormat,
): Promise<{ source: Source; original: MediaFile; kept: boolean }> {
  if (format === 'bmp') {
    const { width, height } = bmpSize(content);
    checkPixels(width, height);
    return {
      source: fromRaw(decodeBmp(content)),
      original: { data: content, contentType: MIME.bmp },
      kept: false,
    };
  }
  if (format === 'svg') {
    // Rasterised by librsvg, which runs no script and loads nothing outside a buffer: only pixels
    // survive, and the SVG text itself is never stored or served.
    const meta = await sharp(content, options).metadata();
    checkPixels(meta.width, meta.height);
    const png = await sharp(content, { ...options, failOn: 'error' })
      .png()
      .toBuffer();
    return {
      source: () => sharp(png, options),
      original: { data: png, contentType: MIME.png },
      kept: false,
    };
  }
  const meta = await sharp(content, options).metadata();
  checkPixels(meta.width, meta.height);
  const original = { data: content, contentType: MIME[format] };
  if (format === 'heif' && meta.compression !== 'av1') {
    return { source: fromRaw(await decodeHeic(content)), original, kept: false };
  }
  const expected = format === 'avif' ? 'heif' : format;
  if (meta.format !== expected) throw notAnImage(`announced ${format}, read as ${meta.format}`);
  const orientation = meta.orientation ?? 1;
  const longest = Math.max(meta.width!, meta.height!);
  // Kept as sent only when a browser shows it as is and it carries no metadata: a phone file's
  // EXIF may hold the place it was taken, and the display image is what gets published.
  const kept =
    BROWSER_FORMATS.has(format) &&
    longest <= IMAGE_LIMITS.keepSide &&
    orientation <= 1 &&
    !meta.exif &&
    !meta.xmp &&
    !meta.iptc;
  return { source: () => sharp(content, options), original, kept };
}

const thumbnail = (source: Sharp, side: number) =>
  source
    .autoOrient()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: IMAGE_LIMITS.jpegQuality.thumbnail })
    .toBuffer();

/**
 * A browser thumbnail is used when it is a small JPEG, PNG or WebP that decodes whole and whose
 * longest side is the expected one (give or take rounding); otherwise the server makes its own.
 */
async function usableThumbnail(
  data: Uint8Array | undefined,
  expectedSide: number,
): Promise<MediaFile | null> {
  if (!data?.length || data.length > IMAGE_LIMITS.maxThumbnailBytes) return null;
  const format = sniffFormat(data);
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') return null;
  try {
    // A thumbnail is small: a bigger pixel count is not one (and must not be decoded at all).
    const { info } = await sharp(data, { failOn: 'truncated', limitInputPixels: 1024 * 1024 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (Math.abs(Math.max(info.width, info.height) - expectedSide) > 2) return null;
    return { data, contentType: MIME[format] };
  } catch {
    return null;
  }
}

/**
 * Checks one upload by its content and makes its files: magic bytes, the pixel limit read from the
 * header before any decoding, a whole decode (a truncated file fails), then the display image and
 * thumbnails. Throws IMAGE_NOT_AN_IMAGE, IMAGE_CORRUPT or IMAGE_TOO_LARGE; nothing is stored here.
 */
export async function intakeImage(input: IntakeInput): Promise<Intake> {
  const { content } = input;
  if (content.length === 0) throw notAnImage('empty file');
  if (content.length > IMAGE_LIMITS.maxBytes)
    throw tooLarge(`${content.length} bytes, at most ${IMAGE_LIMITS.maxBytes}`);
  const format = sniffFormat(content);
  if (!format) throw notAnImage('unknown content');
  try {
    const { source, original, kept } = await openSource(content, format);
    // The whole image is decoded here (the thumbnail reads every pixel): a cut file fails now.
    const made256 = await thumbnail(source(), IMAGE_LIMITS.thumbnailSides.image256);
    const image: MediaFile = kept
      ? original
      : {
          data: await source()
            .autoOrient()
            .resize(IMAGE_LIMITS.displaySide, IMAGE_LIMITS.displaySide, {
              fit: 'inside',
              withoutEnlargement: true,
            })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: IMAGE_LIMITS.jpegQuality.display })
            .toBuffer(),
          contentType: MIME.jpeg,
        };
    const shown = await sharp(image.data, options).metadata();
    const longest = Math.max(shown.width ?? 0, shown.height ?? 0);
    const side256 = Math.min(IMAGE_LIMITS.thumbnailSides.image256, longest);
    const image256 = (await usableThumbnail(input.image256, side256)) ?? {
      data: made256,
      contentType: MIME.jpeg,
    };
    let image32: MediaFile | undefined;
    if (input.wants32) {
      const side32 = Math.min(IMAGE_LIMITS.thumbnailSides.image32, longest);
      image32 = (await usableThumbnail(input.image32, side32)) ?? {
        data: await thumbnail(sharp(made256), IMAGE_LIMITS.thumbnailSides.image32),
        contentType: MIME.jpeg,
      };
    }
    return { format, original, image, image256, ...(image32 ? { image32 } : {}) };
  } catch (error) {
    if (error instanceof ConnectError) throw error;
    throw refusalOf(error);
  }
}
