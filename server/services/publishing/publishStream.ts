import { Code } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { StreamCode } from '../../../src/rpc/gen/seconde/v1/common_pb.ts';
import {
  PublishProductErrorSchema,
  PublishProductsResponseSchema,
  PublishedListingSchema,
  type PublishProductError,
  type PublishProductsResponse,
  type PublishedListing,
} from '../../../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { requireUuid } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { readPublishLog } from './publishLog.ts';

/**
 * The stream sends at most one message per this pause, carrying everything since the previous
 * one: 1,000 products make a few dozen messages, not a thousand.
 */
export const PUBLISH_STREAM_INTERVAL_MS = 100;

/** Resolves after `ms`, or at once when the caller goes away. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** The publication's task, if the caller may follow it. */
export async function requireFollowable(
  db: Kysely<Database>,
  caller: Caller,
  task: string,
): Promise<void> {
  requireUuid(task, 'task');
  const { rows } = await sql<{ owner: string; name: string }>`
    select owner_object_uuid as owner, task_name::text as name from background_task
    where uuid = ${task}`.execute(db);
  const row = rows[0];
  if (!row || row.name !== 'PUBLISH_PRODUCTS')
    throw fail(Code.NotFound, 'NOT_FOUND', 'Publication not found');
  if (!caller.isAdminLevel && row.owner !== caller.vendorUuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This publication is not yours');
}

async function taskState(db: Kysely<Database>, task: string) {
  const { rows } = await sql<{ status: string; total: number; messages: string[] | null }>`
    select status::text as status, coalesce(total_items, 0)::int as total,
      progress_messages as messages
    from background_task where uuid = ${task}`.execute(db);
  return rows[0];
}

async function referencesOf(db: Kysely<Database>, products: readonly string[]) {
  if (products.length === 0) return new Map<string, string>();
  const { rows } = await sql<{ uuid: string; reference: string | null }>`
    select uuid, reference from product where uuid = any(${[...products]}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.uuid, r.reference ?? '']));
}

/**
 * Follows a publication's task until it ends, from its log: the first message at once (with all
 * that was done so far, so a page that reconnects rebuilds its state), then one message per pause
 * while there is news, then FINISH with the deposits offered to go INLINE. Leaving (the page
 * closed, the network cut) ends the stream only; the task goes on.
 */
export async function* followPublication(
  db: Kysely<Database>,
  task: string,
  signal: AbortSignal,
  /** Log lines the caller has sent already (the first message of a new publication). */
  sent: readonly number[] = [],
): AsyncGenerator<PublishProductsResponse> {
  let lastId = Math.max(0, ...sent);
  const seen = new Set<number>(sent);
  let progress = 0;
  const results: string[] = [];
  const published = new Set<string>();
  const inlineOffers = new Set<string>();
  let first = sent.length === 0;
  while (!signal.aborted) {
    // The state before the log: a task seen over has written all its log already.
    const state = await taskState(db, task);
    if (!state) throw fail(Code.NotFound, 'NOT_FOUND', 'Publication not found');
    const rows = (await readPublishLog(db, task, lastId)).filter((row) => !seen.has(row.id));
    for (const row of rows) {
      seen.add(row.id);
      lastId = Math.max(lastId, row.id);
    }
    const listings: PublishedListing[] = [];
    const errors: PublishProductError[] = [];
    let connectorUrl = '';
    for (const row of rows) {
      if (row.kind === 'INLINE_OFFER') {
        inlineOffers.add(row.deposit);
        continue;
      }
      // Pairs count towards progress; a product skipped before any connector does not.
      if (row.connector) progress += 1;
      if (row.kind === 'ERROR') {
        errors.push(
          create(PublishProductErrorSchema, {
            product: row.product,
            vendorConnector: row.connector,
            message: row.message,
            code: row.code,
            missing: [...(row.missing ?? [])],
          }),
        );
        continue;
      }
      listings.push(
        create(PublishedListingSchema, {
          product: row.product,
          vendorConnector: row.connector,
          publisherName: row.publisher,
          url: row.url,
          alreadyListed: row.kind === 'ALREADY_LISTED',
        }),
      );
      connectorUrl = row.url || connectorUrl;
      if (!published.has(row.product)) {
        published.add(row.product);
        results.push(row.product);
      }
    }
    const references = await referencesOf(
      db,
      errors.map((e) => e.product),
    );
    for (const error of errors) error.reference = references.get(error.product) ?? '';
    const over = state.status === 'COMPLETED' || state.status === 'ERROR';
    if (rows.length > 0 || first || over) {
      first = false;
      yield create(PublishProductsResponseSchema, {
        code: state.status === 'COMPLETED' ? StreamCode.FINISH : StreamCode.PROGRESS,
        task,
        total: state.total,
        progress,
        count: results.length,
        results: [...results],
        listings,
        errors,
        connectorUrl,
        message: `${progress}/${state.total}`,
        inlineOffers: state.status === 'COMPLETED' ? [...inlineOffers] : [],
      });
    }
    if (state.status === 'ERROR')
      throw fail(
        Code.Internal,
        'PUBLISH_UNKNOWN_ERROR',
        state.messages?.at(-1) ?? 'The publication failed',
      );
    if (over) return;
    await pause(PUBLISH_STREAM_INTERVAL_MS, signal);
  }
}
