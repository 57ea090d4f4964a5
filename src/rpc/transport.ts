import type { Interceptor, Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { authInterceptor, type TokenGetter } from './interceptors/auth.ts';
import { filtersInterceptor } from './interceptors/filters.ts';

export interface TransportOptions {
  /** Absolute base URL of the service (see `serviceUrl`). */
  readonly baseUrl: string;
  readonly getToken: TokenGetter;
  /** Tests hand in a fake; the browser's own fetch otherwise. */
  readonly fetch?: typeof globalThis.fetch;
  /** Appended after the app's own interceptors. */
  readonly interceptors?: readonly Interceptor[];
}

/** The app's interceptors, in order; exported so router-transport tests run the same chain. */
export function appInterceptors(getToken: TokenGetter): Interceptor[] {
  return [authInterceptor(getToken), filtersInterceptor()];
}

/**
 * The only way the browser builds a transport: Connect protocol in binary (smaller and faster
 * to decode than JSON for long lists), with the bearer token and the filters header on every call.
 */
export function createTransport(options: TransportOptions): Transport {
  return createConnectTransport({
    baseUrl: options.baseUrl,
    useBinaryFormat: true,
    interceptors: [...appInterceptors(options.getToken), ...(options.interceptors ?? [])],
    fetch: options.fetch,
  });
}
