import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { TaskReporter } from '../tasks/taskQueue.ts';

/**
 * Writes an accepted sheet's rows `size` at a time, one transaction per batch and a progress
 * report after each: a run cut short keeps every batch before the cut, and the panel moves as it
 * goes. `write` may answer a line for the task's progress messages (the rows it had to leave).
 */
export async function writeInBatches<R>(
  db: Kysely<Database>,
  rows: readonly R[],
  size: number,
  report: TaskReporter,
  write: (trx: Kysely<Database>, batch: readonly R[]) => Promise<string | undefined>,
): Promise<void> {
  await report.setTotal(rows.length);
  let done = 0;
  for (let start = 0; start < rows.length; start += size) {
    report.signal.throwIfAborted();
    const batch = rows.slice(start, start + size);
    const message = await db.transaction().execute((trx) => write(trx, batch));
    done += batch.length;
    await report.progress(done, message || undefined);
  }
}
