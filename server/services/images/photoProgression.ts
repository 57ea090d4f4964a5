import type { HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { StreamCode } from '../../../src/rpc/gen/seconde/v1/common_pb.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { PhotoSpec } from './photoSpecs.ts';

type Row = Record<string, unknown>;

/** How often the stream looks at the photos again while some are processing. */
export const PROGRESSION_POLL_MS = 200;
/**
 * A photo PENDING or PROCESSING untouched for this long belongs to a server that stopped midway:
 * counted as done so a stream never waits for it forever.
 */
export const STALE_AFTER_MS = 5 * 60_000;

/** Streams running now, so a test can see an aborted one really stopped polling. */
export const progressionProbe = { active: 0 };

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * StreamProgression of a photo list (the stream protocol of the exports): a first PROGRESS message
 * with `count` (the list's photos) and `progress` (those already done, COMPLETED or FAILED), then a
 * PROGRESS message whenever photos finish processing, holding them in `results`, and FINISH when
 * every photo is done. New uploads during the stream raise `count`. Ends quietly on abort.
 */
export async function* photoProgression(
  db: Kysely<Database>,
  spec: PhotoSpec,
  where: RawBuilder<SqlBool>,
  ctx: HandlerContext,
): AsyncGenerator<Record<string, unknown>> {
  const columns = await tableColumns(db, spec.table);
  const t = sql.table(spec.table);
  const seen = new Set<string>();
  const look = async () => {
    const { rows } = await sql<Row & { done: boolean }>`
      select r.*, (r.processing_status in ('COMPLETED', 'FAILED')
        or r.updated_at < now() - make_interval(secs => ${STALE_AFTER_MS / 1000})) as done
      from ${t} as r where ${where} order by r."order" nulls last, r.uuid`.execute(db);
    return rows;
  };
  progressionProbe.active += 1;
  try {
    let rows = await look();
    for (const row of rows) if (row.done) seen.add(row.uuid as string);
    yield { code: StreamCode.PROGRESS, count: rows.length, progress: seen.size };
    for (;;) {
      if (rows.every((r) => r.done)) {
        yield { code: StreamCode.FINISH, count: rows.length, progress: rows.length };
        return;
      }
      await pause(PROGRESSION_POLL_MS, ctx.signal);
      if (ctx.signal.aborted) return;
      rows = await look();
      const finished = rows.filter((r) => r.done && !seen.has(r.uuid as string));
      if (finished.length === 0) continue;
      for (const row of finished) seen.add(row.uuid as string);
      yield {
        code: StreamCode.PROGRESS,
        count: rows.length,
        progress: rows.filter((r) => r.done).length,
        results: finished.map(({ done: _done, ...row }) =>
          rowToMessage(spec.resource, columns, row),
        ),
      };
    }
  } finally {
    progressionProbe.active -= 1;
  }
}
