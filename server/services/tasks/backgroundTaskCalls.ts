import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  BackgroundTaskSchema,
  BackgroundTaskStatus,
  BackgroundTaskStatusSchema,
  DismissBackgroundTasksResponseSchema,
  ListBackgroundTasksResponseSchema,
  StreamListBackgroundTasksResponseSchema,
  type DismissBackgroundTasksResponse,
  type ListBackgroundTasksRequest,
  type ListBackgroundTasksResponse,
  type StreamListBackgroundTasksRequest,
  type StreamListBackgroundTasksResponse,
} from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { StreamCode } from '../../../src/rpc/gen/seconde/v1/common_pb.ts';
import { listPage, pageOf, requireCaller, requireUuid } from '../../crud/crudService.ts';
import { filtersSql, orderingSql } from '../../crud/queryParts.ts';
import { columnFields, enumToLabel } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { BackgroundTaskService } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { implement } from '../implement.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import { UNFINISHED_STATUSES, toTaskMessage, type TaskRow } from './taskRows.ts';

/** The panel's stream looks again this often even when this process heard of no change. */
export const STREAM_POLL_MS = 2_000;
/** The newest tasks the panel shows at most. */
const PANEL_LIMIT = 50;

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/**
 * The tasks a caller lists: staff every task, a vendor their own (owner_object_uuid), anyone
 * else none. (The generic list cannot answer: the task's owner is generic, not a vendor column.)
 */
function listScope(caller: Caller, alias: string): RawBuilder<SqlBool> {
  if (caller.isAdminLevel) return sql<SqlBool>`true`;
  if (caller.vendorUuid)
    return sql<SqlBool>`${ref(alias, 'owner_object_uuid')} = ${caller.vendorUuid}`;
  return sql<SqlBool>`false`;
}

/**
 * The tasks in a caller's panel: a vendor's own; for staff, those of their own vendor record and
 * those they started for a vendor. Closing the panel clears exactly these.
 */
function panelScope(caller: Caller, alias: string): RawBuilder<SqlBool> {
  const own = caller.vendorUuid
    ? sql<SqlBool>`${ref(alias, 'owner_object_uuid')} = ${caller.vendorUuid}`
    : sql<SqlBool>`false`;
  if (!caller.isAdminLevel) return own;
  return sql<SqlBool>`(${own} or ${ref(alias, 'payload')}->>'requestedBy' = ${caller.sub})`;
}

function statusesSql(statuses: readonly BackgroundTaskStatus[], alias: string) {
  const labels = statuses
    .filter((s) => s !== BackgroundTaskStatus.UNSPECIFIED)
    .map((s) => enumToLabel(BackgroundTaskStatusSchema, s));
  return labels.length
    ? [sql<SqlBool>`${ref(alias, 'status')}::text in (${sql.join(labels)})`]
    : [];
}

/** The whole-panel percentage: items done over items expected, across unfinished tasks. */
function overallProgress(rows: readonly TaskRow[]): number {
  const open = rows.filter((r) => (UNFINISHED_STATUSES as readonly string[]).includes(r.status));
  const total = open.reduce((sum, r) => sum + Number(r.total_items ?? 0), 0);
  if (open.length === 0) return 100;
  if (total === 0) return 0;
  const done = open.reduce((sum, r) => sum + Number(r.current_item_number ?? 0), 0);
  return Math.min(100, Math.round((done * 100) / total));
}

/** Resolves after `ms`, on a change, or when the caller goes away, whichever comes first. */
function pause(ms: number, signal: AbortSignal, wake: { resolve?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      wake.resolve = undefined;
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    wake.resolve = done;
  });
}

/**
 * BackgroundTaskService: List (history, scoped), StreamList (the task panel's live feed) and
 * Dismiss (the panel's close button).
 */
export function backgroundTaskCallsHandlers(deps: ServiceDeps) {
  const { db, clock, tasks } = deps;

  async function list(
    req: ListBackgroundTasksRequest,
    ctx: HandlerContext,
  ): Promise<ListBackgroundTasksResponse> {
    const caller = requireCaller(ctx);
    const columns = await tableColumns(db, 'background_task');
    const names = new Set(columnFields(BackgroundTaskSchema, columns).map((f) => f.name));
    const where = [
      listScope(caller, 'r'),
      ...filtersSql(BackgroundTaskSchema, names, ctx.requestHeader.get('filters'), 'r'),
      ...statusesSql(req.statuses, 'r'),
    ];
    if (req.ownerObjectUuid !== undefined)
      where.push(sql<SqlBool>`r.owner_object_uuid = ${requireUuid(req.ownerObjectUuid, 'owner')}`);
    const order = orderingSql(BackgroundTaskSchema, names, req.ordering || '-created_at', 'r');
    const { rows, count } = await listPage(
      db,
      'background_task',
      where,
      order,
      pageOf(req.pagination),
    );
    const results = await Promise.all(rows.map((row) => toTaskMessage(db, row as TaskRow)));
    return create(ListBackgroundTasksResponseSchema, { results, count });
  }

  /** The rows a stream watches: the panel's, or one vendor's when staff ask for it. */
  function streamWhere(req: StreamListBackgroundTasksRequest, caller: Caller) {
    const where = [sql<SqlBool>`r.dismissed_at is null`, ...statusesSql(req.statuses, 'r')];
    const owner = req.ownerObjectUuid;
    if (owner === undefined || owner === '') return [panelScope(caller, 'r'), ...where];
    requireUuid(owner, 'owner');
    if (!caller.isAdminLevel && owner !== caller.vendorUuid)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'These tasks are not yours');
    return [sql<SqlBool>`r.owner_object_uuid = ${owner}`, ...where];
  }

  async function* streamList(
    req: StreamListBackgroundTasksRequest,
    ctx: HandlerContext,
  ): AsyncGenerator<StreamListBackgroundTasksResponse> {
    const caller = requireCaller(ctx);
    const where = sql.join(streamWhere(req, caller), sql` and `);
    const wake: { resolve?: () => void } = {};
    const unsubscribe = tasks.onChange(() => wake.resolve?.());
    try {
      let last: string | null = null;
      while (!ctx.signal.aborted) {
        const { rows } = await sql<TaskRow>`
          select * from background_task r where ${where}
          order by r.created_at desc, r.uuid limit ${PANEL_LIMIT}`.execute(db);
        const key = JSON.stringify(rows.map((r) => [r.uuid, r.row_version]));
        if (key !== last) {
          last = key;
          yield create(StreamListBackgroundTasksResponseSchema, {
            code: StreamCode.PROGRESS,
            count: rows.length,
            progress: overallProgress(rows),
            results: await Promise.all(rows.map((row) => toTaskMessage(db, row))),
          });
        }
        await pause(STREAM_POLL_MS, ctx.signal, wake);
      }
    } finally {
      unsubscribe();
    }
  }

  async function dismiss(
    _req: unknown,
    ctx: HandlerContext,
  ): Promise<DismissBackgroundTasksResponse> {
    const caller = requireCaller(ctx);
    const now = clock();
    const dismissed = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ uuid: string; status: string; owner: string }>`
        select r.uuid, r.status::text as status, r.owner_object_uuid as owner
        from background_task r
        where ${panelScope(caller, 'r')} and r.dismissed_at is null
        for update`.execute(trx);
      if (rows.some((r) => (UNFINISHED_STATUSES as readonly string[]).includes(r.status)))
        throw fail(
          Code.FailedPrecondition,
          'TASKS_STILL_RUNNING',
          'The panel is cleared once no task is created, scheduled or running',
        );
      if (rows.length === 0) return [];
      await sql`
        update background_task set dismissed_at = ${now}, updated_at = ${now},
          row_version = row_version + 1
        where uuid in (${sql.join(rows.map((r) => r.uuid))})`.execute(trx);
      return rows;
    });
    for (const row of dismissed) tasks.changed({ taskUuid: row.uuid, vendorUuid: row.owner });
    return create(DismissBackgroundTasksResponseSchema, { dismissedCount: dismissed.length });
  }

  return [implement(BackgroundTaskService, { list, streamList, dismiss })] as const;
}
