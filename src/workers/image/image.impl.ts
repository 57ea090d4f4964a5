import pica, { type Pica } from 'pica';
import { MAX_PHOTO_MB } from '../../domain/images/acceptFiles.ts';
import { readExif, swapsSides } from '../../domain/images/exif.ts';
import { canvasReadsBack } from './canvasCheck.impl.ts';
import {
  fitInside,
  readSize,
  sniffFormat,
  type ImageFormat,
  type Size,
} from './imageHeader.impl.ts';

/**
 * The photo intake's work, run in the image workers: decode (EXIF orientation applied), a
 * native pre-shrink to about twice the target, pica's quality filter down to the target, JPEG
 * out, and the 256 and 32 px thumbnails. When the browser cannot do it (a format it does not
 * decode, a canvas blocked by fingerprinting protection, a picture too big to decode safely) the
 * original file goes to the server, which makes the variants itself: a photo is never lost.
 */
export interface ResizeOptions {
  /** Longest side of the output, in pixels (1080 in the upload component). */
  readonly maxSide?: number;
  readonly type?: 'image/jpeg' | 'image/webp';
  readonly quality?: number;
}

export type RefusalReason = 'IMAGE_NOT_AN_IMAGE' | 'IMAGE_TOO_LARGE';

export type IntakeResult =
  | {
      readonly kind: 'resized';
      readonly image: ArrayBuffer;
      readonly type: string;
      readonly width: number;
      readonly height: number;
      readonly image256: ArrayBuffer;
      readonly image32: ArrayBuffer;
      readonly takenAt: number | null;
    }
  | {
      /** The file as it came: the server decodes, checks and makes the variants. */
      readonly kind: 'original';
      readonly image: ArrayBuffer;
      readonly type: string;
      readonly takenAt: number | null;
      readonly why: 'undecodable' | 'canvasBlocked' | 'tooManyPixels';
    }
  | { readonly kind: 'refused'; readonly reason: RefusalReason };

export const DEFAULT_MAX_SIDE = 1000;
/** Files above this never leave the browser. */
export const MAX_FILE_BYTES = MAX_PHOTO_MB * 1024 * 1024;
/** Above this the browser would need over 400 MB per decoded picture: the server decides. */
export const MAX_DECODED_PIXELS = 100_000_000;
export const THUMB_SIDES = [256, 32] as const;
const HEAD_BYTES = 256 * 1024;
const MIME: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  heif: 'image/heic',
  avif: 'image/avif',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
};

/** What the browser decodes natively in a worker (SVG needs a document, HEIC a decoder). */
const NATIVE: readonly ImageFormat[] = ['jpeg', 'png', 'gif', 'webp', 'bmp', 'avif', 'ico'];

/**
 * The sizes of the two steps: the native pre-shrink (null when the picture is small enough to
 * go straight to pica) and the final size, both in displayed orientation.
 */
export function planResize(stored: Size, orientation: number, maxSide: number) {
  const shown = swapsSides(orientation) ? { width: stored.height, height: stored.width } : stored;
  const target = fitInside(shown, maxSide);
  const preShrink =
    Math.max(shown.width, shown.height) > 2 * maxSide ? fitInside(shown, 2 * maxSide) : null;
  return { shown, preShrink, target };
}

let resizer: Pica | null = null;
/** One pica per worker, without nested workers: the pool already spreads files over cores. */
const getPica = () => (resizer ??= pica({ features: ['js', 'wasm'] }));

let canvasOk: boolean | null = null;

export async function processImage(file: Blob, options: ResizeOptions = {}): Promise<IntakeResult> {
  const maxSide = options.maxSide ?? DEFAULT_MAX_SIDE;
  if (file.size > MAX_FILE_BYTES) return { kind: 'refused', reason: 'IMAGE_TOO_LARGE' };
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const format = sniffFormat(head);
  if (!format) return { kind: 'refused', reason: 'IMAGE_NOT_AN_IMAGE' };
  const type = file.type.startsWith('image/') ? file.type : MIME[format];
  const original = async (
    why: 'undecodable' | 'canvasBlocked' | 'tooManyPixels',
    takenAt: number | null,
  ) => ({ kind: 'original', image: await file.arrayBuffer(), type, takenAt, why }) as const;

  canvasOk ??= canvasReadsBack();
  if (!canvasOk) {
    console.warn(
      'Canvas read-back is blocked or altered (fingerprinting protection): photos are sent unresized.',
    );
    return original('canvasBlocked', readExif(head).takenAt);
  }
  if (format === 'heif') return processHeif(file, options, maxSide, type);

  const exif = readExif(head);
  const stored = readSize(head, format);
  if (stored && stored.width * stored.height > MAX_DECODED_PIXELS)
    return original('tooManyPixels', exif.takenAt);
  if (!NATIVE.includes(format)) return original('undecodable', exif.takenAt);

  let bitmap: ImageBitmap;
  try {
    const plan = stored ? planResize(stored, exif.orientation, maxSide) : null;
    bitmap = await createImageBitmap(file, {
      imageOrientation: 'from-image',
      ...(plan?.preShrink && {
        resizeWidth: plan.preShrink.width,
        resizeHeight: plan.preShrink.height,
        resizeQuality: 'medium',
      }),
    });
  } catch {
    return original('undecodable', exif.takenAt);
  }
  return encode(bitmap, options, maxSide, format !== 'jpeg', exif.takenAt);
}

async function processHeif(file: Blob, options: ResizeOptions, maxSide: number, type: string) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { takenAt } = readExif(bytes);
  const { decodeHeif } = await import('./heic.impl.ts');
  const pixels = await decodeHeif(bytes).catch(() => null);
  if (!pixels)
    return {
      kind: 'original',
      image: bytes.buffer as ArrayBuffer,
      type,
      takenAt,
      why: 'undecodable',
    } as const;
  const plan = planResize(pixels, 1, maxSide);
  const bitmap = await createImageBitmap(pixels, {
    ...(plan.preShrink && {
      resizeWidth: plan.preShrink.width,
      resizeHeight: plan.preShrink.height,
      resizeQuality: 'medium',
    }),
  });
  return encode(bitmap, options, maxSide, false, takenAt);
}

/** pica to the target, then the two thumbnails, each from the previous step. */
async function encode(
  bitmap: ImageBitmap,
  options: ResizeOptions,
  maxSide: number,
  mayBeTransparent: boolean,
  takenAt: number | null,
): Promise<IntakeResult> {
  const type = options.type ?? 'image/jpeg';
  const quality = options.quality ?? 0.85;
  const target = fitInside(bitmap, maxSide);
  const main = await scaleTo(bitmap, target);
  bitmap.close();
  if (mayBeTransparent && type === 'image/jpeg') flattenOnWhite(main);
  let source: OffscreenCanvas = main;
  const thumbs: OffscreenCanvas[] = [];
  for (const side of THUMB_SIDES) {
    source = await scaleTo(source, fitInside(source, side));
    thumbs.push(source);
  }
  const [image, image256, image32] = await Promise.all(
    [main, ...thumbs].map(async (canvas) =>
      (await canvas.convertToBlob({ type, quality })).arrayBuffer(),
    ),
  );
  return {
    kind: 'resized',
    image: image!,
    image256: image256!,
    image32: image32!,
    type,
    width: target.width,
    height: target.height,
    takenAt,
  };
}

/**
 * pica on raw pixels (its canvas path wants a document, which workers lack): read the source
 * once, resize with the quality filter, write the result.
 */
async function scaleTo(
  source: ImageBitmap | OffscreenCanvas,
  size: Size,
): Promise<OffscreenCanvas> {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d')!;
  if (size.width === source.width && size.height === source.height) {
    context.drawImage(source, 0, 0);
    return canvas;
  }
  const pixels = readPixels(source);
  const resized = await getPica().resizeBuffer({
    src: pixels,
    width: source.width,
    height: source.height,
    toWidth: size.width,
    toHeight: size.height,
    filter: 'mks2013',
  });
  context.putImageData(
    new ImageData(
      new Uint8ClampedArray(resized.buffer as ArrayBuffer, resized.byteOffset, resized.length),
      size.width,
      size.height,
    ),
    0,
    0,
  );
  return canvas;
}

function readPixels(source: ImageBitmap | OffscreenCanvas): Uint8ClampedArray {
  if (source instanceof OffscreenCanvas)
    return source.getContext('2d')!.getImageData(0, 0, source.width, source.height).data;
  const canvas = new OffscreenCanvas(source.width, source.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(source, 0, 0);
  return context.getImageData(0, 0, source.width, source.height).data;
}

/** JPEG has no transparency: transparent pixels would turn black, so they become white. */
function flattenOnWhite(canvas: OffscreenCanvas): void {
  const context = canvas.getContext('2d')!;
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
}
