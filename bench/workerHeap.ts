import type { Browser, CDPSession } from 'playwright-core';

/**
 * Samples the JavaScript heap of every dedicated worker of the browser through the DevTools
 * protocol (workers expose no `performance.memory`), keeping the peak seen between start and stop.
 */
export async function sampleWorkerHeaps(browser: Browser, everyMs = 50) {
  const session: CDPSession = await browser.newBrowserCDPSession();
  const attached = new Map<string, string>(); // targetId -> sessionId
  const pending = new Map<number, (used: number) => void>();
  let nextId = 1;
  let peak = 0;
  let running = true;
  session.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
    if (message.id && message.result) pending.get(message.id)?.(message.result.usedSize);
  });
  const heapOf = (sessionId: string) =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      setTimeout(() => resolve(0), 1000);
      void session
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
        })
        .catch(() => resolve(0));
    });
  const loop = (async () => {
    while (running) {
      const targets = await session.send('Target.getTargets').catch(() => undefined);
      if (!targets) break; // the browser is gone
      const { targetInfos } = targets;
      for (const target of targetInfos) {
        if (target.type !== 'worker' || attached.has(target.targetId)) continue;
        const { sessionId } = await session
          .send('Target.attachToTarget', { targetId: target.targetId, flatten: false })
          .catch(() => ({ sessionId: '' }));
        if (sessionId) attached.set(target.targetId, sessionId);
      }
      const live = new Set(targetInfos.map((t) => t.targetId));
      for (const [targetId, sessionId] of attached) {
        if (!live.has(targetId)) attached.delete(targetId);
        else peak = Math.max(peak, await heapOf(sessionId));
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    /** Peak used heap of any one worker, in bytes, since the sampler started. */
    async stop(): Promise<number> {
      running = false;
      await loop.catch(() => undefined);
      await session.detach().catch(() => undefined);
      return peak;
    },
  };
}
