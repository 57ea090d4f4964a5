import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunks.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('answers what the chunk exports', async () => {
    await expect(loadChunk(() => Promise.resolve('view'))).resolves.toBe('view');
  });

  it('turns a failed import into a ChunkLoadError keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ timedOut: false, cause });
  });

  it('gives up after 120 s, not before', async () => {
    vi.useFakeTimers();
    const outcome = vi.fn();
    loadChunk(() => new Promise(() => {})).catch(outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ timedOut: true }));
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});
