import { Code, ConnectError } from '@connectrpc/connect';
import * as Comlink from 'comlink';
import { fromWireError } from './wireError.ts';

/** What a bridge needs of a worker: a Comlink endpoint it can stop. */
export type WorkerLike = Comlink.Endpoint & { terminate(): void };

/**
 * Runs one call in a worker started for it and stopped as soon as it settles or `signal`
 * aborts. Comlink cannot cancel a call, so aborting terminates the worker: its fetches die with
 * it, which is what stops a server stream. One worker per call keeps a cancelled export from
 * taking another running export down with it.
 */
export async function callInWorker<Api, R>(
  start: () => WorkerLike,
  call: (api: Comlink.Remote<Api>) => Promise<R>,
  signal: AbortSignal,
): Promise<R> {
  const cancelled = () => new ConnectError('Cancelled', Code.Canceled);
  if (signal.aborted) throw cancelled();
  const worker = start();
  const api = Comlink.wrap<Api>(worker);
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([call(api), aborted]);
  } catch (error) {
    throw signal.aborted ? cancelled() : fromWireError(error);
  } finally {
    signal.removeEventListener('abort', onAbort);
    worker.terminate();
  }
}
