import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { IMAGE_LIMITS } from '../services/images/imageLimits.ts';
import { contentTypeOfKey, isMediaKey, variantKey, type MediaStorage } from '../media/storage.ts';

/** Keys are content-addressed and a rotation makes another URL: a response never changes. */
const CACHE = 'public, max-age=31536000, immutable';
const ROTATIONS = new Set(['0', '90', '180', '270']);
/** Formats a rotated copy keeps; the others (TIFF, BMP, HEIC originals) turn into JPEG. */
const KEPT_FORMATS = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The stored photo turned by `rotation` degrees (its EXIF orientation applied first), made once
 * and kept beside the photo (`<key>-r90.jpg`), so the next request reads it.
 */
async function rotated(
  storage: MediaStorage,
  key: string,
  degrees: number,
): Promise<{ data: Buffer; contentType: string } | null> {
  const source = contentTypeOfKey(key);
  const ext = KEPT_FORMATS.has(source) ? undefined : 'jpg';
  const target = variantKey(key, `r${degrees}`, ext);
  const cached = await storage.get(target);
  if (cached) return cached;
  const found = await storage.get(key);
  if (!found) return null;
  const image = sharp(found.data, { limitInputPixels: IMAGE_LIMITS.maxPixels })
    .autoOrient()
    .rotate(degrees);
  const data = await (ext ? image.jpeg({ quality: 85 }) : image).toBuffer();
  await storage.putVariant(target, data);
  return { data, contentType: contentTypeOfKey(target) };
}

/**
 * Serves stored photos under /media/<key>, turned by `?rotation=90|180|270` when asked (the
 * rotation a vendor chose goes on the URL, so each angle caches on its own).
 */
export function mediaHandler(storage: MediaStorage) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = decodeURIComponent(url.pathname.replace(/^\/media\//, ''));
    const rotation = url.searchParams.get('rotation') ?? '0';
    if (!ROTATIONS.has(rotation) || !isMediaKey(key)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const found = await (
      rotation === '0' ? storage.get(key) : rotated(storage, key, Number(rotation))
    ).catch(() => null);
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': found.contentType,
      'content-length': found.data.byteLength,
      'cache-control': CACHE,
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : found.data);
  };
}
