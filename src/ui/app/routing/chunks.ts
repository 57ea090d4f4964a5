/** 1-app-shell.md §9: a chunk still loading after two minutes counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A code chunk that did not arrive: failed to load, or took longer than the time-out. */
export class ChunkLoadError extends Error {
  readonly timedOut: boolean;
  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'The page chunk took too long to load' : 'The page chunk failed to load', {
      cause,
    });
    this.name = 'ChunkLoadError';
    this.timedOut = timedOut;
  }
}

/** Settles like `load`, but fails with a ChunkLoadError on failure or after `ms`. */
export function loadChunk<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(false, error));
      },
    );
  });
}
