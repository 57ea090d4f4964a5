import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where photos live: a folder on the embedded default (an S3-compatible bucket later). */
export interface MediaStorage {
  /** Stores bytes and answers their key; equal bytes give the same key (content addressing). */
  put(data: Uint8Array, contentType: string): Promise<string>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const TYPES = new Map(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));
const KEY = /^[0-9a-f]{2}\/[0-9a-f]{64}\.(jpg|png|webp)$/;

export function createLocalMediaStorage(root: string): MediaStorage {
  return {
    async put(data, contentType) {
      const ext = EXTENSIONS[contentType];
      if (!ext) throw new Error(`Unsupported media type ${contentType}`);
      const hash = createHash('sha256').update(data).digest('hex');
      const key = `${hash.slice(0, 2)}/${hash}.${ext}`;
      await mkdir(path.join(root, hash.slice(0, 2)), { recursive: true });
      await writeFile(path.join(root, key), data);
      return key;
    },
    async get(key) {
      // Keys are checked against their exact shape: no path can escape the media folder.
      if (!KEY.test(key)) return null;
      try {
        const data = await readFile(path.join(root, key));
        return {
          data,
          contentType: TYPES.get(key.split('.').pop()!) ?? 'application/octet-stream',
        };
      } catch {
        return null;
      }
    },
  };
}
