import { createImageClient } from '../../src/workers/image/image.client.ts';
import { THUMB_SIDES } from '../../src/workers/image/image.impl.ts';

/**
 * The photo intake bench page: the same 12 MP JPEG `count` times through our pipeline (the app's
 * image worker pool: decode, pre-shrink, pica, JPEG, two thumbnails) or through the browser's
 * own resize making the same three JPEGs, with the same number of photos in flight (the pool's
 * size) for both.
 */
export type PhotoPipeline = 'ours' | 'native';

export interface PhotoTimings {
  readonly totalMs: number;
  readonly firstProgressMs: number | null;
  readonly perPhotoMs: number;
  readonly photos: number;
  readonly concurrency: number;
  readonly outputBytes: number;
}

declare global {
  interface Window {
    loadPhoto(base64: string): void;
    runPhotoIntake(pipeline: PhotoPipeline, count: number): Promise<PhotoTimings>;
  }
}

let photo: Blob | null = null;
const client = createImageClient();
const MAX_SIDE = 1080;
const QUALITY = 0.85;

window.loadPhoto = (base64) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  photo = new Blob([bytes], { type: 'image/jpeg' });
};

async function runOurs(blob: Blob, count: number) {
  let bytes = 0;
  let first: number | null = null;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: count }, async () => {
      const result = await client.process(
        blob,
        { maxSide: MAX_SIDE, quality: QUALITY },
        new AbortController().signal,
      );
      if (result.kind !== 'resized') throw new Error(`Not resized: ${result.kind}`);
      first ??= performance.now() - start;
      bytes += result.image.byteLength + result.image256.byteLength + result.image32.byteLength;
    }),
  );
  return { totalMs: performance.now() - start, firstProgressMs: first, outputBytes: bytes };
}

async function runNative(blob: Blob, count: number) {
  const { width, height } = await createImageBitmap(blob, { imageOrientation: 'from-image' }).then(
    (b) => {
      const size = { width: b.width, height: b.height };
      b.close();
      const scale = MAX_SIDE / Math.max(size.width, size.height);
      return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
    },
  );
  const workers = Array.from(
    { length: client.size },
    () => new Worker(new URL('./nativeResize.worker.ts', import.meta.url), { type: 'module' }),
  );
  let bytes = 0;
  const once = (worker: Worker) =>
    new Promise<void>((resolve) => {
      worker.onmessage = (event: MessageEvent<number>) => {
        bytes += event.data;
        resolve();
      };
      worker.postMessage({ photo: blob, width, height, thumbSides: THUMB_SIDES, quality: QUALITY });
    });
  // Warm the workers up, as the pool is warm after its first photo.
  await Promise.all(workers.map(once));
  bytes = 0;
  let next = 0;
  let first: number | null = null;
  const start = performance.now();
  await Promise.all(
    workers.map(async (worker) => {
      while (next < count) {
        next++;
        await once(worker);
        first ??= performance.now() - start;
      }
    }),
  );
  const totalMs = performance.now() - start;
  workers.forEach((w) => w.terminate());
  return { totalMs, firstProgressMs: first, outputBytes: bytes };
}

window.runPhotoIntake = async (pipeline, count) => {
  if (!photo) throw new Error('loadPhoto first');
  if (pipeline === 'ours') {
    // Warm the pool (workers started, pica's WebAssembly compiled), as after the first photo.
    await Promise.all(
      Array.from({ length: client.size }, () =>
        client.process(
          photo!,
          { maxSide: MAX_SIDE, quality: QUALITY },
          new AbortController().signal,
        ),
      ),
    );
  }
  const figures = pipeline === 'ours' ? await runOurs(photo, count) : await runNative(photo, count);
  return {
    ...figures,
    perPhotoMs: figures.totalMs / count,
    photos: count,
    concurrency: client.size,
  };
};

document.getElementById('status')!.textContent = 'loaded';
