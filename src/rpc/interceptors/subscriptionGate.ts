import type { Interceptor } from '@connectrpc/connect';
import { toAppError } from '../errors.ts';

/** Hears the message of every call refused with SUBSCRIPTION_UPDATE_NEEDED. */
export type SubscriptionRefusalListener = (message: string | undefined) => void;

/**
 * Reports every call refused with SUBSCRIPTION_UPDATE_NEEDED (1-app-shell.md §8), wherever it
 * was made, to one listener (the app's subscription gate), then lets the error go on to the
 * caller unchanged: the caller's machine still fails its own way, the gate opens the modal.
 */
export function subscriptionGateInterceptor(report: SubscriptionRefusalListener): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === 'subscriptionUpdateNeeded') report(appError.message);
      throw error;
    }
  };
}

/** A small fan-out: the interceptor reports into it, the gate's actor subscribes to it. */
export interface RefusalChannel {
  readonly report: SubscriptionRefusalListener;
  subscribe(listener: SubscriptionRefusalListener): () => void;
}

export function createRefusalChannel(): RefusalChannel {
  const listeners = new Set<SubscriptionRefusalListener>();
  return {
    report: (message) => {
      for (const listener of listeners) listener(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
