import { readFile } from 'node:fs/promises';
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { createImageClient, poolSize, type ImageWorkerLike } from './image.client.ts';
import { fitInside, readSize, sniffFormat } from './imageHeader.impl.ts';
import { planResize } from './image.impl.ts';

const fixture = async (name: string) =>
  new Uint8Array(
    await readFile(new URL(`../../../tests/fixtures/images/${name}`, import.meta.url)),
  );

describe('image header', () => {
  it.each([
    ['photo-12mp.jpg', 'jpeg', { width: 4000, height: 3000 }],
    ['exif-orientation-6.jpg', 'jpeg', { width: 1600, height: 1200 }],
    ['photo.png', 'png', { width: 800, height: 600 }],
    ['photo.gif', 'gif', { width: 400, height: 300 }],
    ['photo.webp', 'webp', { width: 800, height: 600 }],
    ['photo.bmp', 'bmp', { width: 640, height: 480 }],
    ['huge-400-megapixels.png', 'png', { width: 20000, height: 20000 }],
    ['png-named.jpg', 'png', { width: 800, height: 600 }],
  ])('%s is %s of its size, whatever its name', async (name, format, size) => {
    const bytes = await fixture(name);
    expect(sniffFormat(bytes)).toBe(format);
    expect(readSize(bytes, format as never)).toEqual(size);
  });

  it('knows HEIC, TIFF and SVG by their bytes, and nothing else', async () => {
    expect(sniffFormat(await fixture('photo-iphone.heic'))).toBe('heif');
    expect(sniffFormat(await fixture('photo.tiff'))).toBe('tiff');
    expect(sniffFormat(await fixture('plain.svg'))).toBe('svg');
    expect(sniffFormat(await fixture('not-an-image.jpg'))).toBeNull();
    expect(sniffFormat(await fixture('empty.jpg'))).toBeNull();
  });
});

describe('planResize', () => {
  it('pre-shrinks a 12 MP photo natively to twice the target, then to the target', () => {
    expect(planResize({ width: 4000, height: 3000 }, 1, 1080)).toEqual({
      shown: { width: 4000, height: 3000 },
      preShrink: { width: 2160, height: 1620 },
      target: { width: 1080, height: 810 },
    });
  });

  it('sizes a rotated photo the way it is shown', () => {
    const plan = planResize({ width: 1600, height: 1200 }, 6, 1080);
    expect(plan.target).toEqual({ width: 810, height: 1080 });
    expect(plan.preShrink).toBeNull();
  });

  it('never enlarges', () => {
    expect(fitInside({ width: 800, height: 600 }, 1080)).toEqual({ width: 800, height: 600 });
  });
});

describe('image worker pool', () => {
  it('sizes the pool from the cores, between two and four', () => {
    expect([1, 2, 4, 8, 32].map(poolSize)).toEqual([2, 2, 3, 4, 4]);
  });

  /** A worker over a MessageChannel whose api answers when the test says. */
  function fakeWorkers() {
    const started: { terminated: boolean; release: () => void }[] = [];
    const start = (): ImageWorkerLike => {
      const { port1, port2 } = new MessageChannel();
      const state = { terminated: false, release: () => {} };
      Comlink.expose(
        {
          process: (file: Blob) =>
            new Promise((resolve) => {
              state.release = () =>
                resolve({
                  kind: 'refused',
                  reason: file.size ? 'IMAGE_TOO_LARGE' : 'IMAGE_NOT_AN_IMAGE',
                });
            }),
        },
        port2,
      );
      started.push(state);
      return Object.assign(port1, {
        terminate: () => {
          state.terminated = true;
          port1.close();
          port2.close();
        },
      }) as unknown as ImageWorkerLike;
    };
    return { started, start };
  }

  const tick = () => new Promise((r) => setTimeout(r, 20));

  it('starts workers on first use, up to its size, queues the rest, stops them when idle', async () => {
    const { started, start } = fakeWorkers();
    const client = createImageClient({ size: 2, idleMs: 50, start });
    expect(client.running()).toBe(0);
    const signal = new AbortController().signal;
    const calls = [1, 2, 3].map(() => client.process(new Blob(['x']), {}, signal));
    await tick();
    expect(started).toHaveLength(2);
    started[0]!.release();
    await tick();
    started[0]!.release();
    started[1]!.release();
    expect(await Promise.all(calls)).toEqual([
      { kind: 'refused', reason: 'IMAGE_TOO_LARGE' },
      { kind: 'refused', reason: 'IMAGE_TOO_LARGE' },
      { kind: 'refused', reason: 'IMAGE_TOO_LARGE' },
    ]);
    expect(started).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(client.running()).toBe(0);
    expect(started.every((w) => w.terminated)).toBe(true);
    client.dispose();
  });

  it('aborting a photo terminates its worker only', async () => {
    const { started, start } = fakeWorkers();
    const client = createImageClient({ size: 2, idleMs: 1000, start });
    const controller = new AbortController();
    const aborted = client.process(new Blob(['x']), {}, controller.signal);
    const kept = client.process(new Blob([]), {}, new AbortController().signal);
    await tick();
    controller.abort();
    await expect(aborted).rejects.toThrow('Cancelled');
    expect(started.map((w) => w.terminated)).toEqual([true, false]);
    started[1]!.release();
    expect(await kept).toEqual({ kind: 'refused', reason: 'IMAGE_NOT_AN_IMAGE' });
    client.dispose();
  });
});
