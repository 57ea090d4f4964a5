import { createClient } from '@connectrpc/connect';
import { exportFields, type ExportKind } from '../../domain/exports/exportColumns.ts';
import { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { DepositService } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { InvoiceService } from '../../rpc/gen/seconde/v1/invoice_pb.ts';
import { ProductService } from '../../rpc/gen/seconde/v1/product_pb.ts';
import type { TokenGetter } from '../../rpc/interceptors/auth.ts';
import { withFilters, type Filters } from '../../rpc/interceptors/filters.ts';
import { createTransport } from '../../rpc/transport.ts';
import { throwingWireErrors } from './wireError.ts';
import {
  followTaskStream,
  type TasksFollowHooks,
  type TasksFollowSpec,
} from './tasksSource.impl.ts';
import {
  consumeStream,
  type ConsumeOptions,
  type StreamHooks,
  type StreamMessage,
  type StreamSource,
} from './stream.impl.ts';

/** What the main thread tells a worker about the export to stream: plain, cloneable data. */
export interface ExportRequestSpec {
  readonly kind: ExportKind;
  /** Absolute base URL of the main service. */
  readonly baseUrl: string;
  /** The list's filters, sent in the filters header exactly as the list sends them. */
  readonly filters: Filters;
  /** One ordering key, `-` for descending. */
  readonly ordering: string;
  /** The list's search box words, '' for none. */
  readonly search: string;
}

/** A streamed row: a Product, Deposit, Customer or Invoice message, read by field name. */
export type ExportRow = object;

/** A stream message as the server sends it with packed rows (`rows`, JSON, instead of `results`). */
interface PackedMessage extends StreamMessage<ExportRow> {
  readonly rows: string;
}

/**
 * The rows of a packed message as objects read by field name (uuid first, then the export's
 * columns), the shape the cells read: the server's JSON arrays hold the values in that order.
 */
export function unpackRows(kind: ExportKind, rows: string): ExportRow[] {
  if (rows === '') return [];
  const fields = ['uuid', ...exportFields(kind)];
  const arrays = JSON.parse(rows) as unknown[][];
  const out = new Array<ExportRow>(arrays.length);
  for (let i = 0; i < arrays.length; i++) {
    const values = arrays[i]!;
    const row: Record<string, unknown> = {};
    for (let f = 0; f < fields.length; f++) row[fields[f]!] = values[f];
    out[i] = row;
  }
  return out;
}

async function* unpacked(
  kind: ExportKind,
  messages: AsyncIterable<PackedMessage>,
): AsyncIterable<StreamMessage<ExportRow>> {
  for await (const m of messages) yield { ...m, results: unpackRows(kind, m.rows) };
}

/**
 * The server stream of one export, opened from inside the worker with the app's own transport
 * (binary, bearer token, filters header). `getToken` is asked on every (re)connection, so a token
 * renewed during a long export is the one the next reconnection carries. Rows come packed: the
 * server's database writes them as JSON, which costs far less on both sides than row messages.
 */
export function exportSource(
  spec: ExportRequestSpec,
  getToken: TokenGetter,
  fetchImpl?: typeof globalThis.fetch,
): StreamSource<ExportRow> {
  const transport = createTransport({ baseUrl: spec.baseUrl, getToken, fetch: fetchImpl });
  const open = {
    products: createClient(ProductService, transport).exportList,
    deposits: createClient(DepositService, transport).exportList,
    customers: createClient(CustomerService, transport).exportList,
    invoices: createClient(InvoiceService, transport).export,
  }[spec.kind];
  return (cursor, signal) =>
    unpacked(
      spec.kind,
      open(
        { ordering: spec.ordering, cursor, search: spec.search, packedRows: true },
        withFilters(spec.filters, { signal }),
      ) as AsyncIterable<PackedMessage>,
    );
}

/** The main thread's side of a streamed export: the token on demand, then what happens. */
export interface ExportStreamHooks extends Required<StreamHooks> {
  readonly getToken: () => Promise<string | null | undefined> | string | null | undefined;
}

/** What following an export tells the main thread: how many rows, never the rows themselves. */
export interface ExportStreamSummary {
  readonly count: number;
  readonly fetched: number;
}

/**
 * Streams an export to its end and answers its size only: the rows stay where they were read.
 * (The spreadsheet worker runs the same stream and builds the file beside it.)
 */
export async function followExport(
  spec: ExportRequestSpec,
  hooks: ExportStreamHooks,
  signal: AbortSignal = new AbortController().signal,
  seams: { readonly fetch?: typeof globalThis.fetch } & Pick<ConsumeOptions, 'sleep'> = {},
): Promise<ExportStreamSummary> {
  const source = exportSource(spec, () => hooks.getToken(), seams.fetch);
  const { rows, count } = await consumeStream(source, {
    signal,
    onProgress: hooks.onProgress,
    onSpecial: hooks.onSpecial,
    ...(seams.sleep && { sleep: seams.sleep }),
  });
  return { count, fetched: rows.length };
}

/** What the stream worker exposes: failures cross as WireErrors. */
export const streamApi = {
  follow: throwingWireErrors((spec: ExportRequestSpec, hooks: ExportStreamHooks) =>
    followExport(spec, hooks),
  ),
  followTasks: throwingWireErrors((spec: TasksFollowSpec, hooks: TasksFollowHooks) =>
    followTaskStream(spec, hooks),
  ),
};
