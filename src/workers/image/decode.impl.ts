import type { Size } from './imageHeader.impl.ts';

/**
 * Decoding at the size the resize needs. libjpeg can scale a JPEG by n/8 inside its inverse
 * DCT, for the cost of the smaller picture; WebCodecs' ImageDecoder asks for it through
 * desiredWidth/desiredHeight, where createImageBitmap decodes all 12 megapixels first and
 * shrinks afterwards (twice the time on a 12 MP photo). The frame carries the EXIF rotation and
 * flip, which drawImage applies, so the picture comes out the way it is shown either way.
 */
export type Decoded = ImageBitmap | OrientedFrame;

/** A decoded JPEG: stored pixels, plus the rotation (clockwise) then flip that show it. */
export type OrientedFrame = VideoFrame & { readonly rotation: number; readonly flip: boolean };

export const isFrame = (source: Decoded | OffscreenCanvas): source is OrientedFrame =>
  'displayWidth' in source;

/** The size of a decoded picture as it is shown (a frame's coded size is the stored one). */
export const shownSize = (source: Decoded | OffscreenCanvas): Size =>
  isFrame(source)
    ? { width: source.displayWidth, height: source.displayHeight }
    : { width: source.width, height: source.height };

/**
 * The smallest n/8 of the stored size (n from 1 to 7, rounded up as libjpeg does) that still
 * covers the target, both in stored orientation; null when only the full size does.
 */
export function jpegScaledSize(stored: Size, target: Size): Size | null {
  const needed = 8 * Math.max(target.width / stored.width, target.height / stored.height);
  const eighths = Math.max(1, Math.ceil(needed - 1e-9));
  if (eighths >= 8) return null;
  return {
    width: Math.ceil((stored.width * eighths) / 8),
    height: Math.ceil((stored.height * eighths) / 8),
  };
}

let jpegDecoder: Promise<boolean> | null = null;
/** Frames that do not tell their EXIF rotation (older browsers) would come out unturned. */
const hasJpegDecoder = () =>
  (jpegDecoder ??=
    typeof ImageDecoder === 'undefined' ||
    typeof VideoFrame === 'undefined' ||
    !('rotation' in VideoFrame.prototype && 'flip' in VideoFrame.prototype)
      ? Promise.resolve(false)
      : ImageDecoder.isTypeSupported('image/jpeg').catch(() => false));

/**
 * A JPEG decoded straight to a fraction of its size (`target` in stored orientation), or null
 * where the browser has no ImageDecoder, the picture would not shrink, or the decoder refuses
 * the file: the caller then decodes with createImageBitmap as before.
 */
export async function decodeJpegScaled(
  file: Blob,
  stored: Size,
  target: Size,
): Promise<OrientedFrame | null> {
  const size = jpegScaledSize(stored, target);
  if (!size || !(await hasJpegDecoder())) return null;
  let decoder: ImageDecoder | undefined;
  try {
    decoder = new ImageDecoder({
      data: file.stream(),
      type: 'image/jpeg',
      desiredWidth: size.width,
      desiredHeight: size.height,
      preferAnimation: false,
    });
    const { image } = await decoder.decode();
    if (image.codedWidth >= target.width && image.codedHeight >= target.height)
      return image as OrientedFrame;
    image.close();
    return null;
  } catch {
    return null;
  } finally {
    decoder?.close();
  }
}

/**
 * The frame's pixels as stored, in RGBA: copyTo converts them in one pass, three times faster
 * than drawing the frame and reading the canvas back. Null where the browser cannot convert.
 */
export async function framePixels(frame: VideoFrame): Promise<Uint8ClampedArray | null> {
  const { codedWidth: width, codedHeight: height } = frame;
  try {
    if (frame.allocationSize({ format: 'RGBA' }) !== width * height * 4) return null;
    const pixels = new Uint8ClampedArray(width * height * 4);
    await frame.copyTo(pixels, { format: 'RGBA' });
    return pixels;
  } catch {
    return null;
  }
}
