/**
 * A fixed-window counter per client address, in memory: enough to keep one address from posting
 * hundreds of reservations (a real spammer meets the honeypot first). Restarting the server resets
 * it, which is acceptable for a limit counted in minutes.
 */
export interface RateLimiter {
  /** Counts one attempt; false when the address is over its limit in the current window. */
  allow(key: string): boolean;
}

export function createRateLimiter(limit: number, windowMs: number, clock: () => Date): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    allow(key) {
      const now = clock().getTime();
      // Old windows go, so the map holds only the addresses seen in the last window.
      if (windows.size > 10_000)
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      const current = windows.get(key);
      if (!current || now - current.start >= windowMs) {
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= limit;
    },
  };
}
