/** Schedules a callback for the next frame (`requestAnimationFrame` in workers that have it). */
export type FrameScheduler = (callback: () => void) => void;

/** Workers without animation frames fall back to ~60 Hz timers. */
export const nextFrame: FrameScheduler = (callback) => {
  const raf = (globalThis as { requestAnimationFrame?: (cb: () => void) => number })
    .requestAnimationFrame;
  if (raf) raf(callback);
  else setTimeout(callback, 16);
};

/**
 * Coalesces progress reports so at most one crosses the worker boundary per frame, whatever the
 * rate of the work: 100k rows must not mean 100k messages. The last value always gets through,
 * and `flush` sends a pending one at once (at the end of the work).
 */
export function frameBatched<T>(report: (value: T) => void, schedule: FrameScheduler = nextFrame) {
  let pending: { value: T } | undefined;
  let scheduled = false;
  const send = () => {
    scheduled = false;
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    report(value);
  };
  return {
    push(value: T): void {
      pending = { value };
      if (scheduled) return;
      scheduled = true;
      schedule(send);
    },
    flush(): void {
      send();
    },
  };
}
