import { Code, ConnectError } from '@connectrpc/connect';

/**
 * A failure as it crosses the worker boundary. Comlink keeps only the message of a thrown Error,
 * and the app's error funnel needs the Connect code and the server's raw message (its reason), so
 * workers throw this plain object and bridges turn it back into a ConnectError.
 */
export interface WireError {
  readonly wireError: true;
  readonly code: Code;
  readonly rawMessage: string;
}

export function toWireError(error: unknown): WireError {
  const e = ConnectError.from(error);
  // A fetch that never reached the server: the funnel calls it unavailable, and so do we.
  const network = e.code === Code.Unknown && e.cause instanceof TypeError;
  return { wireError: true, code: network ? Code.Unavailable : e.code, rawMessage: e.rawMessage };
}

export function isWireError(value: unknown): value is WireError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Partial<WireError>).wireError === true &&
    typeof (value as Partial<WireError>).code === 'number'
  );
}

export function fromWireError(value: unknown): ConnectError {
  return isWireError(value)
    ? new ConnectError(value.rawMessage, value.code)
    : ConnectError.from(value);
}

/** The same function, throwing WireErrors: what a worker exposes. */
export function throwingWireErrors<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await fn(...args);
    } catch (error) {
      throw toWireError(error);
    }
  };
}
