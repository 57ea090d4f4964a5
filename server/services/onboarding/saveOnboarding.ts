import { Code, type HandlerContext } from '@connectrpc/connect';
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import { mapDatabaseErrors, requireCaller } from '../../crud/crudService.ts';
import { messageToRow, rowToMessage } from '../../crud/rowMapping.ts';
import { snakeCase } from '../../db/schemaSql.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { tableColumns } from '../deposit/requests/columns.ts';

/** One side of the onboarding: its table, its contract message and its questionnaire. */
export interface OnboardingSpec<D extends DescMessage> {
  readonly table: 'vendor' | 'customer';
  readonly resource: D;
  /** The caller's own record of this table. */
  readonly ownUuid: (caller: Caller) => string | null;
  /** Fields a step may write (contract local names). */
  readonly fields: readonly string[];
  /** Fields completion needs answered. */
  readonly required: readonly string[];
}

interface SaveRequest {
  readonly updateMask?: { readonly paths: readonly string[] } | undefined;
  readonly complete: boolean;
}

type Row = Record<string, unknown>;
const isMissing = (value: unknown) => value === null || value === undefined || value === '';

/**
 * SaveOnboarding of vendors and customers: one step of the caller's own questionnaire. Only the
 * onboarding fields may be named in the mask (any other field refuses the whole step, nothing is
 * written); the first save stamps the start; `complete` needs every required answer and stamps
 * the completion once. row_version guards concurrent edits like the generic updates (0 skips it).
 */
export function saveOnboardingHandler<D extends DescMessage>(
  { db, clock }: ServiceDeps,
  spec: OnboardingSpec<D>,
) {
  const allowed = new Set(spec.fields.map(snakeCase));
  const required = spec.required.map(snakeCase);
  const t = sql.table(spec.table);
  return async (req: SaveRequest & Record<string, unknown>, ctx: HandlerContext) => {
    const caller = requireCaller(ctx);
    const own = spec.ownUuid(caller);
    if (!own)
      throw fail(Code.PermissionDenied, 'NO_OWN_RECORD', `You have no ${spec.table} record`);
    const message = (req[spec.table] ?? {}) as Row;
    const asked = String(message.uuid ?? '');
    if (asked && asked !== own)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only your own onboarding can be answered');
    const paths = (req.updateMask?.paths ?? []).map(snakeCase);
    const refused = paths.filter((p) => !allowed.has(p));
    if (refused.length > 0)
      throw fail(
        Code.InvalidArgument,
        'INVALID_FIELD_MASK',
        `Not onboarding answers: ${refused.join(', ')}`,
      );
    const columns = await tableColumns(db, spec.table);
    const row =
      paths.length > 0 ? messageToRow(spec.resource, columns, message, new Set(paths)) : {};
    const version = Number(message.rowVersion ?? 0);
    const now = clock();

    return mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<Row>`select * from ${t} where uuid = ${own} for update`.execute(
          trx,
        );
        const current = rows[0];
        if (!current) throw fail(Code.NotFound, 'NOT_FOUND', `${spec.table} not found`);
        if (version > 0 && Number(current.row_version) !== version)
          throw fail(
            Code.Aborted,
            'CHANGED_BY_SOMEONE_ELSE',
            'Your answers were changed elsewhere; reload them',
          );
        const changes: Row = { ...row };
        if (!current.onboarding_started_datetime) changes.onboarding_started_datetime = now;
        if (req.complete) {
          const after = { ...current, ...changes };
          const missing = required.filter((c) => isMissing(after[c]));
          if (missing.length > 0)
            throw fail(
              Code.FailedPrecondition,
              'ONBOARDING_INCOMPLETE',
              `Answers missing: ${missing.join(', ')}`,
            );
          if (!current.onboarding_completed) {
            changes.onboarding_completed = true;
            changes.onboarding_completed_datetime = now;
          }
        }
        const sets = Object.keys(changes).map((k) => sql`${sql.id(k)} = ${changes[k]}`);
        sets.push(sql`updated_at = ${now}`, sql`row_version = row_version + 1`);
        const updated = await sql<Row>`
          update ${t} set ${sql.join(sets)} where uuid = ${own} returning *`.execute(trx);
        return rowToMessage(spec.resource, columns, updated.rows[0]!) as MessageShape<D>;
      }),
    );
  };
}
