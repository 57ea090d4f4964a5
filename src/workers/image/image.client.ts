import * as Comlink from 'comlink';
import type { IntakeResult, ResizeOptions } from './image.impl.ts';
import type { ImageApi } from './image.worker.ts';

export type { IntakeResult, RefusalReason, ResizeOptions } from './image.impl.ts';

/** What the pool needs of a worker: a Comlink endpoint it can stop. */
export type ImageWorkerLike = Comlink.Endpoint & { terminate(): void };

const startImageWorker = (): ImageWorkerLike =>
  new Worker(new URL('./image.worker.ts', import.meta.url), { type: 'module', name: 'image' });

/**
 * One worker per spare core, between two and four: decoding runs on the browser's own threads, so
 * two workers keep a dual-core phone busy, and four bound the memory (a decoded photo is ~50 MB).
 */
export function poolSize(cores = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.max(2, Math.min(4, (cores || 2) - 1));
}

export interface ImageClientOptions {
  readonly size?: number;
  /** Workers stop after this long without work (ms). */
  readonly idleMs?: number;
  readonly start?: () => ImageWorkerLike;
}

interface Slot {
  readonly worker: ImageWorkerLike;
  readonly api: Comlink.Remote<ImageApi>;
  busy: boolean;
}

export class ImageCancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'AbortError';
  }
}

/**
 * The pool of image workers: started on the first photo, one file per worker at a time, all
 * stopped once idle. Comlink cannot cancel a call, so aborting a photo's signal terminates the
 * worker working on it (the others go on) and a fresh one takes its place when needed.
 */
export function createImageClient(options: ImageClientOptions = {}) {
  const size = options.size ?? poolSize();
  const idleMs = options.idleMs ?? 10_000;
  const start = options.start ?? startImageWorker;
  const slots: Slot[] = [];
  const waiting: ((slot: Slot) => void)[] = [];
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const stopAll = () => {
    for (const slot of slots.splice(0)) slot.worker.terminate();
  };
  const armIdle = () => {
    clearTimeout(idleTimer);
    if (slots.every((s) => !s.busy) && waiting.length === 0)
      idleTimer = setTimeout(stopAll, idleMs);
  };

  function acquire(): Promise<Slot> {
    clearTimeout(idleTimer);
    let slot = slots.find((s) => !s.busy);
    if (!slot && slots.length < size) {
      const worker = start();
      slot = { worker, api: Comlink.wrap<ImageApi>(worker), busy: false };
      slots.push(slot);
    }
    if (slot) {
      slot.busy = true;
      return Promise.resolve(slot);
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(slot: Slot, broken: boolean): void {
    if (broken) {
      slot.worker.terminate();
      slots.splice(slots.indexOf(slot), 1);
    }
    const next = waiting.shift();
    if (next) {
      if (broken) void acquire().then(next);
      else next(slot);
      return;
    }
    if (!broken) slot.busy = false;
    armIdle();
  }

  return {
    size,
    /** Resizes one photo; the answer's buffers are the page's (transferred from the worker). */
    async process(file: Blob, resize: ResizeOptions, signal: AbortSignal): Promise<IntakeResult> {
      if (signal.aborted) throw new ImageCancelled();
      const slot = await acquire();
      if (signal.aborted) {
        release(slot, false);
        throw new ImageCancelled();
      }
      let onAbort = () => {};
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(new ImageCancelled());
        signal.addEventListener('abort', onAbort, { once: true });
      });
      let broken = false;
      try {
        return await Promise.race([slot.api.process(file, resize), aborted]);
      } catch (error) {
        broken = true;
        throw error;
      } finally {
        signal.removeEventListener('abort', onAbort);
        release(slot, broken);
      }
    },
    /** Stops every worker now (page leaving). */
    dispose: stopAll,
    /** How many workers are running, for tests. */
    running: () => slots.length,
  };
}

export type ImageClient = ReturnType<typeof createImageClient>;
