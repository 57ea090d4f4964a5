import { readFile } from 'node:fs/promises';
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { createImageClient, poolSize, type ImageWorkerLike } from './image.client.ts';
import { fitInside, readSize, sniffFormat } from './imageHeader.impl.ts';
import { jpegScaledSize } from './decode.impl.ts';
import { planResize, preShrinkFor } from './image.impl.ts';

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
  it('pre-shrinks a 12 MP photo natively to 1.5 times the target, then to the target', () => {
    expect(planResize({ width: 4000, height: 3000 }, 1, 1080)).toEqual({
      shown: { width: 4000, height: 3000 },
      preShrink: { width: 1620, height: 1215 },
      target: { width: 1080, height: 810 },
    });
  });

  it('leaves pica the last step only: 1.5 times each output at most', () => {
    const main = { width: 1080, height: 810 };
    expect(preShrinkFor({ width: 1500, height: 1125 }, main)).toBeNull();
    expect(preShrinkFor({ width: 2016, height: 1512 }, main)).toEqual({
      width: 1620,
      height: 1215,
    });
    expect(preShrinkFor(main, { width: 256, height: 192 })).toEqual({ width: 384, height: 288 });
    expect(preShrinkFor({ width: 256, height: 192 }, { width: 32, height: 24 })).toEqual({
      width: 48,
      height: 36,
    });
  });

  it('sizes a rotated photo the way it is shown', () => {
    const plan = planResize({ width: 1600, height: 1200 }, 6, 1080);
    expect(plan.target).toEqual({ width: 810, height: 1080 });
    expect(plan.preShrink).toBeNull();
  });

  it('decodes a JPEG at the smallest eighth of its size that covers the target', () => {
    const target = { width: 1080, height: 810 };
    // 12 MP: 3/8, 1500 px (2/8 would be 1000, short of 1080).
    expect(jpegScaledSize({ width: 4000, height: 3000 }, target)).toEqual({
      width: 1500,
      height: 1125,
    });
    // An iPhone's 4032 × 3024, and 48 MP: rounded up as libjpeg does.
    expect(jpegScaledSize({ width: 4032, height: 3024 }, target)).toEqual({
      width: 1512,
      height: 1134,
    });
    expect(jpegScaledSize({ width: 8064, height: 6048 }, target)).toEqual({
      width: 2016,
      height: 1512,
    });
    // Exactly half, and a photo that only its full size covers.
    expect(jpegScaledSize({ width: 2160, height: 1620 }, target)).toEqual(target);
    expect(jpegScaledSize({ width: 1200, height: 900 }, target)).toBeNull();
    // Rotated photos are sized in stored orientation by the caller: the taller side counts too.
    expect(jpegScaledSize({ width: 1600, height: 1200 }, { width: 1080, height: 810 })).toEqual({
      width: 1200,
      height: 900,
    });
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
