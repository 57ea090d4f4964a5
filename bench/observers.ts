/**
 * Installed in every bench page before its scripts: main-thread long tasks (PerformanceObserver
 * `longtask`) and the longest gap between animation frames, both over a window the harness opens
 * and closes, so a figure covers exactly one measured run. Plain JavaScript text: a compiled
 * function would carry the bundler's helpers into the page.
 */
export interface MainThreadFigures {
  readonly longTasks: number;
  readonly longTaskMs: number;
  readonly longestTaskMs: number;
  readonly longestFrameGapMs: number;
}

declare global {
  interface Window {
    __bench: { start(): void; stop(): MainThreadFigures };
  }
}

export const OBSERVERS_SCRIPT = `(() => {
  let measuring = false;
  let tasks = [];
  let lastFrame = 0;
  let longestGap = 0;
  new PerformanceObserver((list) => {
    if (measuring) for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });
  const frame = (now) => {
    if (measuring && lastFrame) longestGap = Math.max(longestGap, now - lastFrame);
    lastFrame = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__bench = {
    start() {
      tasks = [];
      longestGap = 0;
      lastFrame = 0;
      measuring = true;
    },
    stop() {
      measuring = false;
      return {
        longTasks: tasks.length,
        longTaskMs: tasks.reduce((a, b) => a + b, 0),
        longestTaskMs: Math.max(0, ...tasks),
        longestFrameGapMs: longestGap,
      };
    },
  };
})();`;
