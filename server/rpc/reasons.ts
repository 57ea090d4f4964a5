import { Code, ConnectError } from '@connectrpc/connect';

/**
 * Stable, machine-readable reasons the client switches on. They travel as the JSON text of the
 * Connect error message (`{"code": REASON, "message": ...}`), which is what the client error funnel
 * parses (SUBSCRIPTION_UPDATE_NEEDED among them), so every client sees the same shape.
 */
export type Reason =
  | 'UNAUTHENTICATED'
  | 'TOKEN_INVALID'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CHANGED_BY_SOMEONE_ELSE'
  | 'DUPLICATE'
  | 'UNKNOWN_REFERENCE'
  | 'IN_USE'
  | 'INVALID_ARGUMENT'
  | 'INVALID_FILTERS'
  | 'INVALID_ORDERING'
  | 'INVALID_FIELD_MASK'
  | 'UNRECOGNIZED_USER'
  | 'SUBSCRIPTION_UPDATE_NEEDED';

/** Builds the ConnectError every expected failure is thrown as. */
export function fail(code: Code, reason: Reason, message: string): ConnectError {
  return new ConnectError(JSON.stringify({ code: reason, message }), code);
}

/** Reads the reason back from an error (used by tests and logging). */
export function reasonOf(error: unknown): Reason | undefined {
  if (!(error instanceof ConnectError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.rawMessage);
    if (parsed && typeof parsed === 'object' && 'code' in parsed) {
      return (parsed as { code: Reason }).code;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Maps a PostgreSQL error to the Connect error a caller can act on; unknown errors pass through. */
export function fromDatabaseError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const detail = String((error as { detail?: unknown }).detail ?? '');
  switch (code) {
    case '23505':
      return fail(Code.AlreadyExists, 'DUPLICATE', detail || 'A similar item already exists');
    case '23503':
      // Raised on insert or update (a reference to nothing) and on delete (a row still used).
      return /still referenced/.test(detail)
        ? fail(Code.FailedPrecondition, 'IN_USE', detail)
        : fail(
            Code.InvalidArgument,
            'UNKNOWN_REFERENCE',
            detail || 'A referenced item does not exist',
          );
    case '23001':
      return fail(Code.FailedPrecondition, 'IN_USE', detail || 'This item is still used elsewhere');
    case '22P02':
    case '23502':
    case '23514':
    case '22007':
    case '22008':
    case '22003':
      return fail(Code.InvalidArgument, 'INVALID_ARGUMENT', String((error as Error).message));
    default:
      return error;
  }
}
