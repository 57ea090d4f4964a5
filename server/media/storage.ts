import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where photos live: a folder on the embedded default, an S3-compatible bucket when configured. */
export interface MediaStorage {
  /** Stores bytes and answers their key; equal bytes give the same key (content addressing). */
  put(data: Uint8Array, contentType: string): Promise<string>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  /**
   * Stores a derived copy of a stored file (a rotated photo) under `variantKey(key, suffix)`, so a
   * later request finds it without recomputing it.
   */
  putVariant(key: string, data: Uint8Array): Promise<void>;
}

/** Media types a stored file may have; SVG is never stored (it could carry script). */
export const MEDIA_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/tiff': 'tif',
  'image/bmp': 'bmp',
  'image/heic': 'heic',
  'image/avif': 'avif',
};
const TYPES = new Map(Object.entries(MEDIA_EXTENSIONS).map(([type, ext]) => [ext, type]));

/**
 * The exact shape of a key: two hex characters, the sha-256 of the content, an optional variant
 * suffix (`-r90`) and a known extension. Nothing else is ever read, so no path leaves the store.
 */
export const MEDIA_KEY =
  /^[0-9a-f]{2}\/[0-9a-f]{64}(-r(?:90|180|270))?\.(jpg|png|webp|gif|tif|bmp|heic|avif)$/;

export function isMediaKey(key: string): boolean {
  return MEDIA_KEY.test(key);
}

/** The content type a key stands for, from its extension. */
export function contentTypeOfKey(key: string): string {
  return TYPES.get(key.split('.').pop() ?? '') ?? 'application/octet-stream';
}

/** The content-addressed key of some bytes of one media type. */
export function contentKey(data: Uint8Array, contentType: string): string {
  const ext = MEDIA_EXTENSIONS[contentType];
  if (!ext) throw new Error(`Unsupported media type ${contentType}`);
  const hash = createHash('sha256').update(data).digest('hex');
  return `${hash.slice(0, 2)}/${hash}.${ext}`;
}

/** The key of a derived copy: `ab/<hash>-r90.jpg` for `ab/<hash>.jpg` turned by 90 degrees. */
export function variantKey(key: string, suffix: string, ext?: string): string {
  const dot = key.lastIndexOf('.');
  return `${key.slice(0, dot)}-${suffix}.${ext ?? key.slice(dot + 1)}`;
}

export function createLocalMediaStorage(root: string): MediaStorage {
  const write = async (key: string, data: Uint8Array) => {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    await mkdir(path.join(root, key.slice(0, 2)), { recursive: true });
    await writeFile(path.join(root, key), data);
  };
  return {
    async put(data, contentType) {
      const key = contentKey(data, contentType);
      await write(key, data);
      return key;
    },
    putVariant: write,
    async get(key) {
      // Keys are checked against their exact shape: no path can escape the media folder.
      if (!isMediaKey(key)) return null;
      try {
        const data = await readFile(path.join(root, key));
        return { data, contentType: contentTypeOfKey(key) };
      } catch {
        return null;
      }
    },
  };
}
