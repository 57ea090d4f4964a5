import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  listPage,
  pageOf,
  updateHandler,
  mapDatabaseErrors,
  type UpdateHooks,
} from '../../crud/crudService.ts';
import { filtersSql, orderingSql, scopeSql } from '../../crud/queryParts.ts';
import { scopeFor } from '../../crud/policies.ts';
import { columnFields, rowToMessage } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { requireInventoryWriter } from '../products/productRows.ts';
import { lazySchema, tableColumns } from '../deposit/rules/ruleSql.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement, tableDriven } from '../implement.ts';
import {
  overlappingSlide,
  slideProblems,
  type SlideField,
  type SlideRange,
} from '../../../src/domain/income/rateSlides.ts';
import {
  ListRateSlidesResponseSchema,
  RateSlideSchema,
  RateSlideService,
  type CreateRateSlideRequest,
  type ListRateSlidesRequest,
} from '../../../src/rpc/gen/seconde/v1/rate_slide_pb.ts';

/** The page size of a `fetch_all` list (2-business-data.md §7): the client helper pages through. */
export const FETCH_ALL_PAGE_SIZE = 50;

type Row = Record<string, unknown>;
const OWNERS = ['vendor', 'deposit', 'company'] as const;
type OwnerColumn = (typeof OWNERS)[number];
const SNAKE: Record<SlideField, string> = {
  priceStart: 'price_start',
  priceEnd: 'price_end',
  commission: 'commission',
  providerCommission: 'provider_commission',
};

/** A refusal naming the request field, read by the client error funnel like FIELD_INVALID. */
function refuse(reason: string, field: SlideField, message: string): ConnectError {
  return new ConnectError(
    JSON.stringify({ code: reason, message, field: `rate_slide.${SNAKE[field]}` }),
    Code.InvalidArgument,
  );
}

/** The bounds of a slide's values (src/domain/income/rateSlides.ts), refused before any write. */
function checkBounds(row: Row): void {
  const [problem] = slideProblems({
    priceStart: Number(row.price_start ?? NaN),
    priceEnd: Number(row.price_end ?? NaN),
    commission: Number(row.commission ?? NaN),
    providerCommission: Number(row.provider_commission ?? NaN),
  });
  if (!problem) return;
  const text =
    problem.problem === 'order'
      ? 'The price end must be greater than the price start'
      : problem.problem === 'percent'
        ? `${SNAKE[problem.field]} must be between 0 and 100`
        : `${SNAKE[problem.field]} must be a number of 0 or more`;
  throw refuse('RATE_SLIDE_INVALID', problem.field, text);
}

/** The one owner column a slide names; none or several is refused. */
function ownerOf(row: Row): { column: OwnerColumn; uuid: string } {
  const named = OWNERS.filter((c) => typeof row[c] === 'string' && row[c] !== '');
  if (named.length !== 1)
    throw fail(
      Code.InvalidArgument,
      'RATE_SLIDE_OWNER',
      'A rate slide belongs to exactly one of a vendor, a deposit or a company',
    );
  return { column: named[0]!, uuid: row[named[0]!] as string };
}

const euros = (value: unknown) => (value === null ? '∞' : `${Number(value)} €`);

/**
 * Locks the owner's row, so two saves for one owner check overlaps one after the other, then
 * refuses a range sharing a price with another of the owner's slides, naming that slide's range.
 */
async function checkOverlap(trx: Kysely<Database>, row: Row, uuid: string): Promise<void> {
  const owner = ownerOf(row);
  await sql`select 1 from ${sql.table(owner.column)} where uuid = ${owner.uuid} for update`.execute(
    trx,
  );
  const { rows } = await sql<SlideRange>`
    select uuid, price_start as "priceStart", price_end as "priceEnd" from rate_slide
    where ${sql.ref(owner.column)} = ${owner.uuid}`.execute(trx);
  const clash = overlappingSlide(
    { uuid, priceStart: Number(row.price_start), priceEnd: Number(row.price_end) },
    rows.map((r) => ({
      ...r,
      priceStart: r.priceStart === null ? null : Number(r.priceStart),
      priceEnd: r.priceEnd === null ? null : Number(r.priceEnd),
    })),
  );
  if (clash)
    throw fail(
      Code.FailedPrecondition,
      'RATE_SLIDE_OVERLAP',
      `This range overlaps the slide from ${euros(clash.priceStart ?? 0)} to ${euros(clash.priceEnd)}`,
    );
}

/** Owner columns of a request's slide: '' becomes null; with none named, the caller's own vendor. */
function ownerColumns(caller: Caller, slide: { vendor: string; deposit: string; company: string }) {
  const columns: Row = {
    vendor: slide.vendor || null,
    deposit: slide.deposit || null,
    company: slide.company || null,
  };
  if (!columns.vendor && !columns.deposit && !columns.company) columns.vendor = caller.vendorUuid;
  return columns;
}

/**
 * Rate slides with their rules: exactly one owner, start < end, percentages within 0–100 and no
 * overlap between one owner's slides; a refusal writes nothing. Who may name which owner is the
 * authorisation table's references; which rows a caller writes, the `rate_slide` row policy.
 */
export function rateSlideCallsHandlers(deps: ServiceDeps) {
  const { db } = deps;
  const schema = lazySchema(db);
  const columns = async () => tableColumns(await schema(), 'rate_slide');
  const toMessage = async (row: Row) => rowToMessage(RateSlideSchema, await columns(), row);

  const hooks: UpdateHooks = {
    async beforeWrite({ trx, current, row, uuid }) {
      // A full update that names no owner keeps the slide's owner.
      if (!OWNERS.some((c) => row[c])) for (const c of OWNERS) row[c] = current[c];
      const merged = { ...current, ...row };
      checkBounds(merged);
      await checkOverlap(trx, merged, uuid);
    },
  };
  let built: Promise<ReturnType<typeof updateHandler>> | undefined;
  const update = async (req: never, ctx: HandlerContext) => {
    built ??= columns().then((c) =>
      updateHandler(db, RateSlideService, RateSlideSchema, 'rate_slide', c, 'update', hooks),
    );
    return (await built)(req, ctx);
  };

  return [
    implement(RateSlideService, {
      /** The caller's readable slides, by owner; `fetch_all` answers pages of 50. */
      async list(req: ListRateSlidesRequest, ctx: HandlerContext) {
        const caller = requireInventoryWriter(ctx);
        const cols = await columns();
        const names = new Set(columnFields(RateSlideSchema, cols).map((f) => f.name));
        const where: RawBuilder<SqlBool>[] = [
          scopeSql(scopeFor(caller, 'rate_slide', 'read'), 'r'),
          ...filtersSql(RateSlideSchema, names, ctx.requestHeader.get('filters'), 'r'),
        ];
        for (const c of OWNERS)
          if (req[c]) where.push(sql<SqlBool>`${sql.ref(`r.${c}`)} = ${req[c]}`);
        const order = orderingSql(RateSlideSchema, names, req.ordering || 'price_start', 'r');
        const page = pageOf(req.pagination);
        const { rows, count } = await listPage(
          db,
          'rate_slide',
          where,
          order,
          req.fetchAll ? { page: page.page, pageSize: FETCH_ALL_PAGE_SIZE } : page,
        );
        return create(ListRateSlidesResponseSchema, {
          results: await Promise.all(rows.map(toMessage)),
          count,
        });
      },

      async create(req: CreateRateSlideRequest, ctx: HandlerContext) {
        const caller = requireInventoryWriter(ctx);
        const slide = req.rateSlide ?? create(RateSlideSchema);
        const row: Row = {
          price_start: slide.priceStart,
          price_end: slide.priceEnd,
          commission: slide.commission,
          provider_commission: slide.providerCommission,
          ...ownerColumns(caller, slide),
        };
        ownerOf(row);
        checkBounds(row);
        // Read before the transaction: on PGlite its one connection is held until commit.
        const cols = await columns();
        return mapDatabaseErrors(() =>
          db.transaction().execute(async (trx) => {
            await checkOverlap(trx, row, '');
            const { rows } = await sql<Row>`
              insert into rate_slide (price_start, price_end, commission, provider_commission, vendor, deposit, company)
              values (${row.price_start}, ${row.price_end}, ${row.commission}, ${row.provider_commission},
                ${row.vendor}, ${row.deposit}, ${row.company})
              returning *`.execute(trx);
            const created = rows[0]!;
            const { rows: visible } = await sql`
              select 1 from rate_slide as r where r.uuid = ${created.uuid as string}
              and ${scopeSql(scopeFor(caller, 'rate_slide', 'write'), 'r')}`.execute(trx);
            if (visible.length === 0)
              throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You may not create this RateSlide');
            return rowToMessage(RateSlideSchema, cols, created);
          }),
        );
      },

      update: tableDriven(update),
    }),
  ] as const;
}
