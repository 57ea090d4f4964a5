import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers `body` as JSON; `headers` adds to the content type (CORS for a browser caller). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A local HTTP double: where it listens, and how to stop it. */
export interface HttpDouble {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly base: string;
  close(): Promise<void>;
}

/**
 * Serves `handle` on a free local port, so a test's stand-in for a third-party service never
 * clashes with another. Closing drops kept-alive connections first, so it does not hang.
 */
export async function listenHttpDouble(
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<HttpDouble> {
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
