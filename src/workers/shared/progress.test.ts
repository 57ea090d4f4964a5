import { describe, expect, it } from 'vitest';
import { frameBatched } from './progress.impl.ts';

function manualFrames() {
  const queue: Array<() => void> = [];
  return {
    schedule: (cb: () => void) => void queue.push(cb),
    tick: () => queue.splice(0).forEach((cb) => cb()),
    get waiting() {
      return queue.length;
    },
  };
}

describe('frameBatched', () => {
  it('sends one report per frame, carrying the latest value', () => {
    const frames = manualFrames();
    const seen: number[] = [];
    const progress = frameBatched<number>((v) => seen.push(v), frames.schedule);
    for (let i = 1; i <= 1000; i++) progress.push(i);
    expect(frames.waiting).toBe(1);
    expect(seen).toEqual([]);
    frames.tick();
    expect(seen).toEqual([1000]);
    progress.push(1001);
    progress.push(1002);
    frames.tick();
    expect(seen).toEqual([1000, 1002]);
  });

  it('flushes a pending value at once and never repeats it', () => {
    const frames = manualFrames();
    const seen: string[] = [];
    const progress = frameBatched<string>((v) => seen.push(v), frames.schedule);
    progress.push('half');
    progress.flush();
    frames.tick();
    progress.flush();
    expect(seen).toEqual(['half']);
  });
});
