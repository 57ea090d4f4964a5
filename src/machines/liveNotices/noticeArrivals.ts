/**
 * Tells the notices panel that the tab's live stream brought new notices, so it reads its list
 * again: the stream and the panel are separate actors in separate chunks, and this is the one
 * thing they share.
 */
const arrivals = new EventTarget();

/** Called by the stream when it brings notices. */
export function announceArrivals(): void {
  arrivals.dispatchEvent(new Event('arrived'));
}

/** Calls `listener` on each arrival; returns what stops it. */
export function onArrivals(listener: () => void): () => void {
  arrivals.addEventListener('arrived', listener);
  return () => arrivals.removeEventListener('arrived', listener);
}
