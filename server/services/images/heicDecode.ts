import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { DecodeError, type RawImage } from './bmpDecode.ts';

/** An idle decoder thread stops after this long; the next HEIC starts a new one. */
const IDLE_MS = 30_000;

/**
 * The thread's code, plain CommonJS so it runs the same under Node, tsx and the test runner. It
 * decodes the primary image with the WebAssembly libheif and answers RGBA pixels (transferred).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let lib;
parentPort.on('message', async ({ id, data }) => {
  try {
    if (!lib) {
      const factory = require(workerData.libheif);
      lib = typeof factory === 'function' ? await factory() : factory;
    }
    const images = new lib.HeifDecoder().decode(data);
    const [primary, ...others] = images;
    for (const other of others) other.free();
    if (!primary) throw new Error('HEIC without an image');
    try {
      const width = primary.get_width();
      const height = primary.get_height();
      const pixels = new Uint8ClampedArray(width * height * 4);
      const done = await new Promise((resolve) => primary.display({ data: pixels, width, height }, resolve));
      if (!done) throw new Error('HEIC pixels unreadable');
      parentPort.postMessage({ id, width, height, pixels }, [pixels.buffer]);
    } finally {
      primary.free();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Answer {
  id: number;
  width?: number;
  height?: number;
  pixels?: Uint8ClampedArray;
  error?: string;
}

let worker: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 0;
const waiting = new Map<number, (answer: Answer) => void>();

function decoder(): Worker {
  if (idle) clearTimeout(idle);
  if (worker) return worker;
  const libheif = createRequire(import.meta.url).resolve('libheif-js/wasm-bundle');
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { libheif } });
  started.unref();
  started.on('message', (answer: Answer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
    if (waiting.size === 0) idle = setTimeout(() => void started.terminate(), IDLE_MS).unref();
  });
  const failAll = (error: unknown) => {
    for (const [id, resolve] of waiting) resolve({ id, error: String(error) });
    waiting.clear();
  };
  started.on('error', failAll);
  started.on('exit', () => {
    failAll('HEIC decoder stopped');
    if (worker === started) worker = undefined;
  });
  worker = started;
  return started;
}

/**
 * The primary image of an iPhone HEIC as RGBA pixels: the libvips inside sharp reads the HEIF
 * container but has no HEVC decoder, so the maintained WebAssembly build of libheif decodes it
 * (applying the container's rotation and mirror, as a phone shows the photo). It runs in a worker
 * thread: a 12-megapixel decode takes seconds, and the server's event loop must not wait for it.
 */
export async function decodeHeic(data: Uint8Array): Promise<RawImage> {
  const id = ++nextId;
  const thread = decoder();
  const answer = await new Promise<Answer>((resolve) => {
    waiting.set(id, resolve);
    thread.postMessage({ id, data });
  });
  if (answer.error || !answer.pixels)
    throw new DecodeError(`HEIC unreadable: ${answer.error ?? 'no pixels'}`, 'corrupt');
  const { pixels, width = 0, height = 0 } = answer;
  return {
    data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
    width,
    height,
    channels: 4,
  };
}
