import { Code } from '@connectrpc/connect';
import type { ExportKind } from '../../../src/domain/exports/exportColumns.ts';
import { isUuid } from '../../crud/crudService.ts';
import { fail } from '../../rpc/reasons.ts';

/**
 * Where an export stream stopped: after the row whose ordering value (PostgreSQL's text form, or
 * null) and uuid are given, with `delivered` rows sent so far over every stream of the export.
 */
export interface ExportPosition {
  /** The ordering column's value of the last row sent, as text; null for a NULL value. */
  readonly value: string | null;
  readonly uuid: string;
  readonly delivered: number;
}

/** What a cursor is bound to: one export and one ordering (`-created_at`). */
export interface CursorScope {
  readonly kind: ExportKind;
  readonly ordering: string;
}

interface CursorJson {
  readonly k: ExportKind;
  readonly o: string;
  readonly v: string | null;
  readonly u: string;
  readonly n: number;
}

/** The opaque resume point sent with each batch: base64url JSON, so clients never look inside. */
export function encodeCursor(scope: CursorScope, position: ExportPosition): string {
  const json: CursorJson = {
    k: scope.kind,
    o: scope.ordering,
    v: position.value,
    u: position.uuid,
    n: position.delivered,
  };
  return Buffer.from(JSON.stringify(json)).toString('base64url');
}

const invalid = (why: string) =>
  fail(Code.InvalidArgument, 'INVALID_CURSOR', `The export cannot resume: ${why}`);

/**
 * The position a client sent back, or undefined for a fresh start (empty cursor). A cursor that
 * does not parse, or was made for another export or another ordering, is refused with
 * INVALID_CURSOR: resuming from it could skip or repeat rows.
 */
export function decodeCursor(cursor: string, scope: CursorScope): ExportPosition | undefined {
  if (cursor === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('the cursor does not parse');
  }
  if (!parsed || typeof parsed !== 'object') throw invalid('the cursor does not parse');
  const c = parsed as Partial<CursorJson>;
  if (
    typeof c.u !== 'string' ||
    !isUuid(c.u) ||
    !(c.v === null || typeof c.v === 'string') ||
    typeof c.n !== 'number' ||
    !Number.isSafeInteger(c.n) ||
    c.n < 0
  ) {
    throw invalid('the cursor does not parse');
  }
  if (c.k !== scope.kind || c.o !== scope.ordering)
    throw invalid('the cursor was made for another export or ordering');
  return { value: c.v, uuid: c.u, delivered: c.n };
}
