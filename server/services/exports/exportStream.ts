import { Code, type HandlerContext } from '@connectrpc/connect';
import { create, type DescMessage, type Message } from '@bufbuild/protobuf';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { EXPORT_COLUMNS, type ExportKind } from '../../../src/domain/exports/exportColumns.ts';
import { StreamCode } from '../../../src/rpc/gen/seconde/v1/common_pb.ts';
import { requireCaller } from '../../crud/crudService.ts';
import { orderingTerms } from '../../crud/queryParts.ts';
import { columnFields, rowToMessage } from '../../crud/rowMapping.ts';
import type { ColumnInfo } from '../../crud/tableInfo.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import { decodeCursor, encodeCursor, type CursorScope } from './exportCursor.ts';
import { StreamLabels, type LabelColumn } from './exportLabels.ts';
import {
  packedRows,
  type PackedBatch,
  type PackedColumn,
  type PackedSlice,
} from './exportPacked.ts';
import {
  KEY,
  countRows,
  exportProbe,
  lastPosition,
  orderedUuids,
  requireKeyOfType,
  rowsAt,
  servedByIndex,
  uuidCount,
  type RowsSpec,
} from './exportRows.ts';

export { exportProbe };

/** Rows per streamed message: small enough for a short query, large enough to keep up. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * Rows per message of a packed stream: one query each, the database building the rows. Larger
 * reads cost less per row (fewer queries and round trips); 2,000 still reports progress a few
 * dozen times a second and keeps a message near half a megabyte.
 */
export const PACKED_BATCH_SIZE = 2_000;

/** Up to this many named uuids, a packed batch's query leaves them out of its labels. */
const NAMED_IN_QUERY = 5_000;

/** The ordering of a request that names none: oldest first. */
export const DEFAULT_EXPORT_ORDERING = 'created_at';

type Row = Record<string, unknown>;

/** One export: its table and messages, who may run it and which rows it covers. */
export interface ExportSource {
  readonly kind: ExportKind;
  readonly table: string;
  /** The row message (Product, Deposit...). */
  readonly resource: DescMessage;
  /** The streamed message (ExportListProductsResponse...). */
  readonly output: DescMessage;
  /** Refuses a caller who may not run this export at all. */
  admit(caller: Caller): void;
  /**
   * The conditions on `<table> as r`: the caller's read scope, the filters header and the
   * search box's words, as the list applies them.
   */
  where(
    caller: Caller,
    filtersHeader: string | null,
    names: ReadonlySet<string>,
    search: string,
  ): Promise<RawBuilder<SqlBool>[]>;
}

/** What an export request carries besides the filters header. */
export interface ExportRequest {
  readonly ordering: string;
  readonly cursor: string;
  readonly search: string;
  /** Rows packed as JSON in `rows` (what the app asks for) rather than messages in `results`. */
  readonly packedRows?: boolean;
}

/** The columns an export reads and the message fields it fills, resolved once per table. */
interface ExportPlan {
  readonly names: ReadonlySet<string>;
  readonly columns: ReadonlyMap<string, ColumnInfo>;
  /** The exported columns plus uuid: the SELECT list and what rowToMessage fills. */
  readonly selected: ReadonlyMap<string, ColumnInfo>;
  readonly labels: readonly LabelColumn[];
  /** The exported columns in exportColumns.ts order, for packed rows. */
  readonly packed: readonly PackedColumn[];
}

function planOf(source: ExportSource, columns: ReadonlyMap<string, ColumnInfo>): ExportPlan {
  const fields = columnFields(source.resource, columns);
  const byLocalName = new Map(fields.map((f) => [f.localName, f.name]));
  const selected = new Map<string, ColumnInfo>([['uuid', columns.get('uuid')!]]);
  const byField = new Map(fields.map((f) => [f.localName, f]));
  const labels: LabelColumn[] = [];
  const packed: PackedColumn[] = [];
  for (const exported of EXPORT_COLUMNS[source.kind]) {
    const { field, labelOf, type } = exported;
    const column = byLocalName.get(field);
    if (!column) throw new Error(`${source.kind} export: ${field} is not a ${source.table} column`);
    selected.set(column, columns.get(column)!);
    packed.push({ column: exported, field: byField.get(field)! });
    if (labelOf) labels.push({ column, table: labelOf, list: type === 'list' });
  }
  return { names: new Set(fields.map((f) => f.name)), columns, selected, labels, packed };
}

/**
 * The server side of a streamed spreadsheet export, as the client's stream worker and export
 * machine rely on it:
 *
 * 1. A first message as soon as the count is known: PROGRESS, `count` = every row in the caller's
 *    scope matching the filters header, `progress` = rows delivered by earlier streams of this
 *    export (0 on a fresh start, the cursor's count when resuming), no results.
 * 2. Batches of {@link EXPORT_BATCH_SIZE} rows: PROGRESS, `results` holding only the exported
 *    fields (plus uuid), `progress` = rows delivered so far over every stream of the export,
 *    `cursor` = the resume point after the batch's last row, `labels` = the display names of the
 *    uuids first referenced in this stream.
 * 3. A last message: FINISH, `progress` = `count`, no results.
 *
 * Rows come in keyset order, never by OFFSET: by one field (default `created_at`, `-` for
 * descending) then uuid in the same direction, NULL values last. A cursor holds the last row's
 * value, its uuid and the rows delivered so far; sending it back continues right after that row,
 * so a stream that died mid-way loses and repeats nothing. A cursor that does not parse or was
 * made for another export or ordering is refused with INVALID_CURSOR. After the count, the stream
 * reads the ordered uuids once, then each batch is one short query by primary key; the handler
 * stops between batches when the client aborts, so an abandoned export stops loading the database.
 *
 * With `packedRows` (what the app asks), each batch is {@link PACKED_BATCH_SIZE} rows built by the
 * database as one JSON text in `rows`, their labels read by the same query, `results` empty: the
 * same rows, order, cursor and labels, without a message per row to build, encode and decode.
 * Each batch's query is sent as the previous message goes out, so the database reads the next
 * rows while the server encodes and writes the last ones; an abort still stops it before it runs.
 */
export function exportHandler(db: Kysely<Database>, source: ExportSource) {
  let plan: Promise<ExportPlan> | undefined;
  const planned = () => (plan ??= tableColumns(db, source.table).then((c) => planOf(source, c)));
  /** Per ordering column: whether an index serves it (the schema does not change under us). */
  const served = new Map<string, Promise<boolean>>();
  const keyset = (column: string) => {
    let known = served.get(column);
    if (!known) {
      known = servedByIndex(db, source.table, column);
      known.catch(() => served.delete(column));
      served.set(column, known);
    }
    return known;
  };

  return async function* streamExport(
    req: ExportRequest,
    ctx: HandlerContext,
  ): AsyncGenerator<Message> {
    const caller = requireCaller(ctx);
    source.admit(caller);
    const { names, columns, selected, labels, packed } = await planned();
    const terms = orderingTerms(source.resource, names, req.ordering || DEFAULT_EXPORT_ORDERING);
    if (terms.length !== 1)
      throw fail(Code.InvalidArgument, 'INVALID_ORDERING', 'An export orders by exactly one field');
    const { column, descending } = terms[0]!;
    const scope: CursorScope = {
      kind: source.kind,
      ordering: `${descending ? '-' : ''}${column}`,
    };
    const resumed = decodeCursor(req.cursor, scope);
    const spec: RowsSpec = {
      db,
      table: source.table,
      where: await source.where(caller, ctx.requestHeader.get('filters'), names, req.search),
      selected: [...selected.keys()],
      column,
      type: columns.get(column)!.udt,
      descending,
    };
    if (resumed?.value != null) await requireKeyOfType(spec, resumed.value);
    const message = (init: Record<string, unknown>) => create(source.output, init as never);

    const count = await countRows(spec);
    let delivered = resumed?.delivered ?? 0;
    yield message({ code: StreamCode.PROGRESS, count, progress: delivered });

    if (ctx.signal.aborted) return;
    if (req.packedRows) {
      // uuids this stream has named: a batch's query leaves them out of its labels (while the
      // list is short enough to send along; past that the names already sent are dropped here).
      const named = new Set<string>();
      const none: ReadonlySet<string> = new Set();
      const read = async (slice: PackedSlice): Promise<PackedBatch | null> => {
        if (!ctx.signal.aborted) await exportProbe.beforeBatch?.(ctx.signal);
        if (ctx.signal.aborted) return null;
        const known = named.size <= (exportProbe.namedInQuery ?? NAMED_IN_QUERY) ? named : none;
        return packedRows(spec, packed, labels, slice, known);
      };
      // The next batch is read while this one is encoded and sent (it waits on the database).
      const prefetch = (slice: PackedSlice | null) => {
        if (!slice) return null;
        const batch = read(slice);
        batch.catch(() => undefined); // awaited below; an abandoned one must not go unhandled
        return batch;
      };
      // Keyset when an index serves the order: no sort before the first rows, each batch one
      // range scan. Otherwise the uuids sorted once, each batch fetched by primary key.
      let slices: (last: PackedBatch | null) => PackedSlice | null;
      if (await keyset(column)) {
        const until = await lastPosition(spec);
        slices = (last) => {
          if (!until) return null;
          if (!last) return { after: resumed, until, limit: PACKED_BATCH_SIZE };
          if (last.count < PACKED_BATCH_SIZE) return null;
          const after = { value: last.lastKey, uuid: last.lastUuid, delivered: 0 };
          return { after, until, limit: PACKED_BATCH_SIZE };
        };
      } else {
        const list = await orderedUuids(spec, resumed);
        const total = uuidCount(list);
        let start = 0;
        slices = () => {
          if (start >= total) return null;
          const slice = { list, start, end: Math.min(total, start + PACKED_BATCH_SIZE) };
          start = slice.end;
          return slice;
        };
      }
      let next = prefetch(slices(null));
      while (next) {
        const batch = await next;
        if (!batch || ctx.signal.aborted) return;
        const newLabels: Record<string, string> = {};
        for (const uuid in batch.labels) {
          if (named.has(uuid)) continue;
          named.add(uuid);
          newLabels[uuid] = batch.labels[uuid]!;
        }
        next = prefetch(slices(batch));
        if (batch.count === 0) continue;
        delivered += batch.count;
        const position = { value: batch.lastKey, uuid: batch.lastUuid, delivered };
        yield message({
          code: StreamCode.PROGRESS,
          count,
          progress: delivered,
          rows: batch.rows,
          cursor: encodeCursor(scope, position),
          labels: newLabels,
        });
      }
      yield message({ code: StreamCode.FINISH, count, progress: count });
      return;
    }
    const uuids = await orderedUuids(spec, resumed);
    const total = uuidCount(uuids);
    const streamLabels = new StreamLabels(db, labels);
    const toMessage = (row: Row) => rowToMessage(source.resource, selected, row);
    for (let start = 0; start < total; start += EXPORT_BATCH_SIZE) {
      if (!ctx.signal.aborted) await exportProbe.beforeBatch?.(ctx.signal);
      if (ctx.signal.aborted) return;
      const rows = await rowsAt(spec, uuids, start, Math.min(total, start + EXPORT_BATCH_SIZE));
      if (rows.length === 0) continue;
      const newLabels = await streamLabels.forRows(rows);
      if (ctx.signal.aborted) return;
      const last = rows[rows.length - 1]!;
      delivered += rows.length;
      const position = { value: last[KEY] as string | null, uuid: last.uuid as string, delivered };
      yield message({
        code: StreamCode.PROGRESS,
        count,
        progress: delivered,
        results: rows.map(toMessage),
        cursor: encodeCursor(scope, position),
        labels: newLabels,
      });
    }
    yield message({ code: StreamCode.FINISH, count, progress: count });
  };
}
