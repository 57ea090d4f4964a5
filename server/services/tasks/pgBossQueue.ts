import { Code } from '@connectrpc/connect';
import type pg from 'pg';
import type { Kysely } from 'kysely';
import { fail } from '../../rpc/reasons.ts';
import type { TaskQueue } from './taskQueue.ts';

/** The job queue on the product's own database. (Scaffold: the background-task work fills it in.) */
export function createTaskQueue(
  _db: Kysely<unknown>,
  _pool: pg.Pool,
  _clock: () => Date,
): TaskQueue {
  return {
    register() {},
    enqueue() {
      throw fail(Code.Unimplemented, 'UNIMPLEMENTED', 'Background tasks are not available yet');
    },
    async start() {},
    async stop() {},
  };
}
