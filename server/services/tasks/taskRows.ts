import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  BackgroundTaskSchema,
  TaskNameSchema,
  type BackgroundTask,
  type TaskName,
} from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { enumToLabel, rowToMessage } from '../../crud/rowMapping.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import { notify } from '../notices/notify.ts';

export type TaskRow = Record<string, unknown> & {
  uuid: string;
  owner_object_uuid: string;
  status: string;
};

/** Statuses of a task that is not over yet: the panel cannot be cleared while one remains. */
export const UNFINISHED_STATUSES = ['CREATED', 'SCHEDULED', 'RUNNING'] as const;

/** How many progress lines a task keeps (the newest). */
const MAX_MESSAGES = 50;

/** Appends one line to progress_messages, keeping the newest MAX_MESSAGES. */
function appended(message: string | null) {
  if (message === null) return sql`progress_messages`;
  const all = sql`(coalesce(progress_messages, '{}'::text[]) || array[${message}::text])`;
  return sql`${all}[greatest(cardinality(${all}) - ${MAX_MESSAGES - 1}, 1):]`;
}

/** The queue of a task name: one pg-boss queue per kind, so each keeps its own retry policy. */
export function queueOf(name: TaskName): string {
  return `task-${String(enumToLabel(TaskNameSchema, name)).toLowerCase().replace(/_/g, '-')}`;
}

export async function toTaskMessage(db: Kysely<Database>, row: TaskRow): Promise<BackgroundTask> {
  return rowToMessage(BackgroundTaskSchema, await tableColumns(db, 'background_task'), row);
}

export interface NewTask {
  readonly uuid: string;
  readonly name: TaskName;
  readonly vendorUuid: string;
  readonly label: string;
  readonly payload: Record<string, unknown>;
  readonly totalItems: number;
  readonly now: Date;
}

/** The task's row, CREATED: the job that runs it is queued in the same transaction. */
export async function insertTask(executor: Kysely<Database>, task: NewTask): Promise<void> {
  await sql`
    insert into background_task (uuid, status, task_tooling, task_name, label, payload, progress,
      progress_messages, current_item_number, total_items, total_items_available,
      owner_content_type, owner_object_uuid, created_at, updated_at)
    values (${task.uuid}, 'CREATED', 'PUB_SUB', ${enumToLabel(TaskNameSchema, task.name)},
      ${task.label}, ${JSON.stringify(task.payload)}::jsonb, 0, '{}'::text[], 0, ${task.totalItems},
      ${task.totalItems}, 'vendor', ${task.vendorUuid}, ${task.now}, ${task.now})`.execute(
    executor,
  );
}

/** The job is queued: SCHEDULED with its job id. */
export async function markScheduled(
  executor: Kysely<Database>,
  uuid: string,
  jobId: string,
  now: Date,
): Promise<TaskRow> {
  const { rows } = await sql<TaskRow>`
    update background_task set status = 'SCHEDULED', job_id = ${jobId}, updated_at = ${now},
      row_version = row_version + 1
    where uuid = ${uuid} returning *`.execute(executor);
  return rows[0]!;
}

/**
 * A worker took the job: RUNNING from now. Answers nothing when the task is already over (ended
 * by the start-up check while its job waited), or when `firstRunOnly` and a run already started
 * (a task that may not run twice), so the job is dropped rather than run again.
 */
export async function claimTask(
  db: Kysely<Database>,
  uuid: string,
  jobId: string,
  now: Date,
  firstRunOnly: boolean,
): Promise<TaskRow | undefined> {
  const { rows } = await sql<TaskRow>`
    update background_task set status = 'RUNNING', job_id = ${jobId},
      last_run_start_datetime = ${now}, last_run_end_datetime = null, updated_at = ${now},
      row_version = row_version + 1
    where uuid = ${uuid} and status in ('CREATED', 'SCHEDULED', 'RUNNING')
      ${firstRunOnly ? sql`and last_run_start_datetime is null` : sql``}
    returning *`.execute(db);
  return rows[0];
}

/** The number of items, once the runner knows it. */
export async function setTotal(
  db: Kysely<Database>,
  uuid: string,
  total: number,
  now: Date,
): Promise<void> {
  await sql`
    update background_task set total_items = ${total}, total_items_available = ${total},
      progress = case when ${total}::int > 0
        then least(100, round(coalesce(current_item_number, 0) * 100.0 / ${total}::int))::int
        else 0 end,
      updated_at = ${now}, row_version = row_version + 1
    where uuid = ${uuid}`.execute(db);
}

/** Items done so far (percentage of the total, 0 while unknown) and an optional message. */
export async function setProgress(
  db: Kysely<Database>,
  uuid: string,
  current: number,
  message: string | null,
  now: Date,
): Promise<void> {
  await sql`
    update background_task set current_item_number = ${current},
      progress = case when coalesce(total_items, 0) > 0
        then least(100, round(${current}::int * 100.0 / total_items))::int else 0 end,
      progress_messages = ${appended(message)},
      updated_at = ${now}, row_version = row_version + 1
    where uuid = ${uuid}`.execute(db);
}

/**
 * Ends a run: COMPLETED (progress 100) or ERROR, or back to SCHEDULED when the queue runs it
 * again. Only a task still unfinished changes, so a late or repeated end never overwrites one.
 */
export async function endRun(
  db: Kysely<Database>,
  uuid: string,
  status: 'COMPLETED' | 'ERROR' | 'SCHEDULED',
  message: string | null,
  now: Date,
): Promise<TaskRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<TaskRow>`
      update background_task set status = ${status}::background_task_status,
        progress = case when ${status} = 'COMPLETED' then 100 else progress end,
        progress_messages = ${appended(message)},
        last_run_end_datetime = ${now}, updated_at = ${now}, row_version = row_version + 1
      where uuid = ${uuid} and status in ('CREATED', 'SCHEDULED', 'RUNNING')
      returning *`.execute(trx);
    const row = rows[0];
    // A task over for good tells its owner, and whoever started it, in the same transaction.
    if (row && status !== 'SCHEDULED') {
      const payload = (row.payload as Record<string, unknown> | null) ?? {};
      await notify(trx, {
        kind: 'TASK_FINISHED',
        task: row.uuid,
        vendor: row.owner_object_uuid,
        requestedBy: typeof payload.requestedBy === 'string' ? payload.requestedBy : '',
        label: typeof row.label === 'string' ? row.label : '',
        failed: status === 'ERROR',
      });
    }
    return row;
  });
}

/** The tasks not over yet, with the pg-boss state of their job (null when the job is gone). */
export async function unfinishedTasks(
  db: Kysely<Database>,
  schema: string,
): Promise<{ uuid: string; status: string; owner: string; jobState: string | null }[]> {
  const { rows } = await sql<{
    uuid: string;
    status: string;
    owner: string;
    job_state: string | null;
  }>`
    select t.uuid, t.status::text as status, t.owner_object_uuid as owner,
      j.state::text as job_state
    from background_task t
    left join ${sql.table(`${schema}.job`)} j on j.id::text = t.job_id
    where t.status in ('CREATED', 'SCHEDULED', 'RUNNING')`.execute(db);
  return rows.map((r) => ({ ...r, jobState: r.job_state }));
}
