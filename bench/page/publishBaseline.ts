import { createClient } from '@connectrpc/connect';
import { PublisherService } from '../../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { createTransport } from '../../src/rpc/transport.ts';

/**
 * The baseline of the publish bench: the same PublishProducts stream read on the main thread, one
 * message at a time, each drawn at once (the progress text and a line per new listing or error),
 * as a page without a worker or frame batching would.
 */
export interface BaselineTimings {
  readonly totalMs: number;
  readonly firstProgressMs: number | null;
  readonly listings: number;
  readonly errors: number;
  readonly messages: number;
}

declare global {
  interface Window {
    runPublishBaseline(
      token: string,
      products: string[],
      connectors: string[],
    ): Promise<BaselineTimings>;
  }
}

window.runPublishBaseline = async (token, products, connectors) => {
  const client = createClient(
    PublisherService,
    createTransport({ baseUrl: location.origin, getToken: () => token }),
  );
  const progress = document.getElementById('progress')!;
  const results = document.getElementById('results')!;
  results.replaceChildren();
  const start = performance.now();
  let firstProgressMs: number | null = null;
  let listings = 0;
  let errors = 0;
  let messages = 0;
  for await (const m of client.publishProducts({
    products,
    vendorConnectors: connectors,
    completeOnly: true,
    task: '',
  })) {
    messages++;
    if (m.total > 0) firstProgressMs ??= performance.now() - start;
    progress.textContent = `${m.progress} / ${m.total}`;
    for (const l of m.listings) {
      const li = document.createElement('li');
      li.textContent = `${l.product} ${l.url}`;
      results.append(li);
      listings++;
    }
    for (const e of m.errors) {
      const li = document.createElement('li');
      li.textContent = `${e.product} ${e.code} ${e.message}`;
      results.append(li);
      errors++;
    }
  }
  return { totalMs: performance.now() - start, firstProgressMs, listings, errors, messages };
};

document.getElementById('status')!.textContent = 'loaded';
