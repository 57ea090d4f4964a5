import type { IncomingMessage, ServerResponse } from 'node:http';

/** A plain HTTP page or endpoint served beside the Connect services (shop pages, OAuth returns). */
export type PlainHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => Promise<void> | void;

/**
 * Plain HTTP routes by path prefix. Areas add theirs while the handlers are built (as runners
 * register on the task queue); the server asks it before serving the web app.
 */
export interface PlainRoutes {
  add(prefix: string, handler: PlainHandler): void;
  /** The handler of the longest prefix that matches, if any. */
  find(pathname: string): PlainHandler | undefined;
}

export function createPlainRoutes(): PlainRoutes {
  const routes: { prefix: string; handler: PlainHandler }[] = [];
  return {
    add(prefix, handler) {
      if (routes.some((r) => r.prefix === prefix)) throw new Error(`${prefix} is routed twice`);
      routes.push({ prefix, handler });
      routes.sort((a, b) => b.prefix.length - a.prefix.length);
    },
    find(pathname) {
      return routes.find((r) => pathname === r.prefix || pathname.startsWith(r.prefix))?.handler;
    },
  };
}
