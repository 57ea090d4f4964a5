import pica, { type Pica } from 'pica';
import { MAX_PHOTO_MB } from '../../domain/images/acceptFiles.ts';
import { readExif, swapsSides } from '../../domain/images/exif.ts';
import { canvasReadsBack } from './canvasCheck.impl.ts';
import {
  decodeJpegScaled,
  framePixels,
  isFrame,
  shownSize,
  type Decoded,
  type OrientedFrame,
} from './decode.impl.ts';
import {
  fitInside,
  readSize,
  sniffFormat,
  type ImageFormat,
  type Size,
} from './imageHeader.impl.ts';

/**
 * The photo intake's work, run in the image workers: decode (EXIF orientation applied; a JPEG
 * decodes straight to a fraction of its size), a native pre-shrink to at most 1.5 times each
 * output, pica's quality filter for the last step only, JPEG out: the photo and its 256 and
 * 32 px thumbnails. When the browser cannot do it (a format it does not decode, a canvas
 * blocked by fingerprinting protection, a picture too big to decode safely) the original file
 * goes to the server, which makes the variants itself: a photo is never lost.
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
/**
 * How much larger than an output the native pre-shrink stops: pica's filter then works on at
 * most 2.25 times the output's pixels, where its time goes.
 */
export const PRE_SHRINK = 1.5;
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
  return { shown, preShrink: preShrinkFor(shown, target), target };
}

/** Where the native step stops on the way to `target`; null when pica can start from `from`. */
export function preShrinkFor(from: Size, target: Size): Size | null {
  const side = Math.round(PRE_SHRINK * Math.max(target.width, target.height));
  return Math.max(from.width, from.height) > side ? fitInside(from, side) : null;
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

  const plan = stored ? planResize(stored, exif.orientation, maxSide) : null;
  const scaled =
    format === 'jpeg' && stored && plan
      ? await decodeJpegScaled(file, stored, storedSides(plan.target, exif.orientation))
      : null;
  if (scaled) return encode(scaled, maxSide, options, false, exif.takenAt);
  let bitmap: ImageBitmap;
  try {
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
  return encode(bitmap, maxSide, options, format !== 'jpeg', exif.takenAt);
}

const storedSides = (shown: Size, orientation: number): Size =>
  swapsSides(orientation) ? { width: shown.height, height: shown.width } : shown;

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
  return encode(bitmap, maxSide, options, false, takenAt);
}

/** The photo at its target size, then the two thumbnails, each from the previous step. */
async function encode(
  decoded: Decoded,
  maxSide: number,
  options: ResizeOptions,
  mayBeTransparent: boolean,
  takenAt: number | null,
): Promise<IntakeResult> {
  const type = options.type ?? 'image/jpeg';
  const quality = options.quality ?? 0.85;
  // From the decoded size, not the header's: the decoder has the last word on orientation.
  const target = fitInside(shownSize(decoded), maxSide);
  let main: OffscreenCanvas;
  try {
    main = await scaleTo(decoded, target);
  } finally {
    decoded.close();
  }
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

/** The native pre-shrink (drawImage, mipmapped) to 1.5 times `size` at most, then pica. */
async function scaleTo(source: Decoded | OffscreenCanvas, size: Size): Promise<OffscreenCanvas> {
  if (isFrame(source)) {
    const scaled = await scaleFrame(source, size);
    if (scaled) return scaled;
  }
  const from = shownSize(source);
  if (size.width === from.width && size.height === from.height) {
    const canvas = new OffscreenCanvas(size.width, size.height);
    canvas.getContext('2d')!.drawImage(source, 0, 0);
    return canvas;
  }
  const step = preShrinkFor(from, size) ?? from;
  return picaTo(readPixels(source, step), step, size);
}

/**
 * A frame the decoder already brought near the target: pica on its stored pixels, then turned
 * the way it is shown. Null when it needs the native pre-shrink or copyTo cannot read it.
 */
async function scaleFrame(frame: OrientedFrame, size: Size): Promise<OffscreenCanvas | null> {
  const stored = { width: frame.codedWidth, height: frame.codedHeight };
  const turned = frame.rotation % 180 !== 0;
  const storedSize = turned ? { width: size.height, height: size.width } : size;
  const same = stored.width === storedSize.width && stored.height === storedSize.height;
  if (same || preShrinkFor(stored, storedSize)) return null;
  const pixels = await framePixels(frame);
  if (!pixels) return null;
  const upright = await picaTo(pixels, stored, storedSize);
  return frame.rotation === 0 && !frame.flip
    ? upright
    : orient(upright, frame.rotation, frame.flip, size);
}

/** Rotated clockwise, then mirrored, as VideoFrame's rotation and flip say (whole pixels). */
function orient(
  stored: OffscreenCanvas,
  rotation: number,
  flip: boolean,
  size: Size,
): OffscreenCanvas {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d')!;
  context.imageSmoothingEnabled = false;
  context.translate(size.width / 2, size.height / 2);
  if (flip) context.scale(-1, 1);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(stored, -stored.width / 2, -stored.height / 2);
  return canvas;
}

/** pica's quality filter on raw pixels (its canvas path wants a document, which workers lack). */
async function picaTo(pixels: Uint8ClampedArray, from: Size, size: Size): Promise<OffscreenCanvas> {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d')!;
  const resized = await getPica().resizeBuffer({
    src: pixels,
    width: from.width,
    height: from.height,
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

/** The source's pixels drawn at `size` (its own, or the pre-shrink), on a CPU-side canvas. */
function readPixels(source: Decoded | OffscreenCanvas, size: Size): Uint8ClampedArray {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.imageSmoothingQuality = 'medium';
  context.drawImage(source, 0, 0, size.width, size.height);
  return context.getImageData(0, 0, size.width, size.height).data;
}

/** JPEG has no transparency: transparent pixels would turn black, so they become white. */
function flattenOnWhite(canvas: OffscreenCanvas): void {
  const context = canvas.getContext('2d')!;
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
}
