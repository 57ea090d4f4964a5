import { create } from '@bufbuild/protobuf';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { parseMarketplaceProfile } from '../../../src/domain/marketplaceProfile.ts';
import type { ChannelSplit } from '../../../src/domain/marketplaceTransactions/feeSplit.ts';
import {
  parseTransactionCsv,
  TRANSACTION_STATUSES,
  type ParsedTransaction,
} from '../../../src/domain/marketplaceTransactions/transactionCsv.ts';
import {
  ChannelFeeSplitSchema,
  MarketplaceFeeSplitSchema,
  MarketplaceTransactionImportResultSchema,
  MarketplaceTransactionSchema,
  MarketplaceTransactionService,
  MarketplaceTransactionSource,
  TransactionCsvRowErrorSchema,
  TransactionLinkFilter,
  type ImportMarketplaceTransactionsCsvRequest,
  type MarketplaceTransaction,
} from '../../../src/rpc/gen/seconde/v1/marketplace_transaction_pb.ts';
import { SalePlatform } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  listPage,
  pageOf,
  requireCaller,
  requireInScope,
  requireUuid,
} from '../../crud/crudService.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Database, SalePlatform as SalePlatformLabel } from '../../db/schema.gen.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import {
  httpTransactionFeed,
  TransactionFeedError,
  type TransactionFeed,
} from './transactionConnector.ts';
import { feesPerChannel, recordSaleBuyer, upsertTransactions } from './transactionStore.ts';

const TABLE = 'marketplace_transaction';
/** At most this many pages (50 sales each) are read in one import. */
const MAX_PAGES = 40;

/**
 * The vendor a call is about: a vendor's own (naming another vendor is refused); staff name one,
 * or act for their own vendor record.
 */
async function vendorOf(db: Kysely<Database>, caller: Caller, named: string | undefined) {
  const vendor = named?.trim() || undefined;
  if (!caller.isAdminLevel) {
    if (!caller.vendorUuid) throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Vendors only');
    if (vendor && vendor !== caller.vendorUuid)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'These are another vendor’s transactions');
    return caller.vendorUuid;
  }
  const chosen = vendor ?? caller.vendorUuid;
  if (!chosen) throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Name the vendor');
  requireUuid(chosen, 'vendor');
  const { rows } = await sql`select 1 from vendor where uuid = ${chosen}`.execute(db);
  if (!rows[0]) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
  return chosen;
}

const channelLabel = (channel: SalePlatform): SalePlatformLabel =>
  (SalePlatform[channel === SalePlatform.UNSPECIFIED ? SalePlatform.MAIN_MARKETPLACE : channel] ??
    'MAIN_MARKETPLACE') as SalePlatformLabel;

const dateOf = (t: Timestamp | undefined) => (t ? timestampDate(t) : null);

function previewRow(vendor: string, channel: SalePlatform, row: ParsedTransaction) {
  return create(MarketplaceTransactionSchema, {
    id: row.transactionId,
    orderId: row.orderId,
    itemId: row.itemId,
    itemTitle: row.title,
    status: row.status,
    soldAt: { seconds: BigInt(Math.floor(Date.parse(row.soldAt) / 1000)), nanos: 0 },
    buyerLogin: row.buyerLogin,
    priceCents: row.priceCents,
    buyerFeeCents: row.buyerFeeCents,
    sellerFeeCents: row.sellerFeeCents,
    shippingCents: row.shippingCents,
    payoutCents: row.payoutCents,
    currency: row.currency,
    channel: channel === SalePlatform.UNSPECIFIED ? SalePlatform.MAIN_MARKETPLACE : channel,
    source: MarketplaceTransactionSource.CSV,
    vendor,
    itemsCount: 1,
  });
}

function splitMessage(split: ChannelSplit) {
  return create(ChannelFeeSplitSchema, {
    channel: split.channel
      ? (SalePlatform[split.channel as keyof typeof SalePlatform] ?? SalePlatform.OTHER)
      : SalePlatform.UNSPECIFIED,
    count: split.count,
    grossCents: split.grossCents,
    buyerFeesCents: split.buyerFeesCents,
    marketplaceFeesCents: split.marketplaceFeesCents,
    shippingCents: split.shippingCents,
    netCents: split.netCents,
    depositorShareCents: split.depositorShareCents,
    vendorShareCents: split.vendorShareCents,
    unlinkedCount: split.unlinkedCount,
  });
}

/**
 * MarketplaceTransactionService beyond the generic rows: the vendor's filtered list, the import
 * from the marketplace connector and from its CSV export (both idempotent), the link to an item
 * and a buyer, and the fee-aware split per channel. The feed is the marketplace's web JSON at
 * MARKETPLACE_API_URL unless a test hands its own.
 */
export function marketplaceTransactionHandlers(
  deps: ServiceDeps,
  feed: TransactionFeed = httpTransactionFeed(deps.marketplaceApiUrl),
) {
  const { db } = deps;

  async function message(row: Record<string, unknown>): Promise<MarketplaceTransaction> {
    return rowToMessage(MarketplaceTransactionSchema, await tableColumns(db, TABLE), row);
  }

  async function readCsv(req: ImportMarketplaceTransactionsCsvRequest, ctx: HandlerContext) {
    const vendor = await vendorOf(db, requireCaller(ctx), req.vendor);
    const parsed = parseTransactionCsv(req.csv);
    if (!parsed.ok)
      throw fail(
        Code.InvalidArgument,
        parsed.reason,
        parsed.reason === 'CSV_FILE_EMPTY'
          ? 'The file is empty'
          : `This is not the marketplace's sales export: missing columns ${parsed.missing.join(', ')}`,
      );
    const result = create(MarketplaceTransactionImportResultSchema, {
      total: parsed.rows.length + parsed.errors.length,
      errors: parsed.errors.map((e) => create(TransactionCsvRowErrorSchema, e)),
      rows: parsed.rows.map((r) => previewRow(vendor, req.channel, r)),
    });
    return { vendor, rows: parsed.rows, result };
  }

  return [
    implement(MarketplaceTransactionService, {
      list: async (req, ctx) => {
        const caller = requireCaller(ctx);
        const where: RawBuilder<SqlBool>[] = [];
        if (!caller.isAdminLevel || req.vendor)
          where.push(sql<SqlBool>`r.vendor = ${await vendorOf(db, caller, req.vendor)}`);
        const from = dateOf(req.soldFrom);
        const before = dateOf(req.soldBefore);
        if (from) where.push(sql<SqlBool>`r.sold_at >= ${from}`);
        if (before) where.push(sql<SqlBool>`r.sold_at < ${before}`);
        if (req.channel)
          where.push(sql<SqlBool>`r.channel = ${SalePlatform[req.channel]}::sale_platform`);
        if (req.link === TransactionLinkFilter.LINKED)
          where.push(sql<SqlBool>`r.product is not null`);
        if (req.link === TransactionLinkFilter.UNLINKED)
          where.push(sql<SqlBool>`r.product is null`);
        if (req.status) {
          if (!(TRANSACTION_STATUSES as readonly string[]).includes(req.status))
            throw fail(Code.InvalidArgument, 'INVALID_FILTERS', 'Unknown status');
          where.push(sql<SqlBool>`r.status = ${req.status}`);
        }
        const search = req.search.trim().toLowerCase();
        if (search)
          where.push(sql<SqlBool>`(strpos(lower(coalesce(r.item_title, '')), ${search}) > 0
            or r.id = ${search} or lower(coalesce(r.buyer_login, '')) = ${search})`);
        const { rows, count } = await listPage(
          db,
          TABLE,
          where,
          sql`r.sold_at desc nulls last, r.created_at desc, r.uuid`,
          pageOf(req.pagination),
        );
        return { results: await Promise.all(rows.map(message)), count };
      },

      importFromMarketplace: async (req, ctx) => {
        const caller = requireCaller(ctx);
        const vendor = await vendorOf(db, caller, req.vendor);
        let address = req.profileUrl.trim();
        if (!address) {
          const { rows } = await sql<{ marketplace_profile: string | null }>`
            select marketplace_profile from vendor where uuid = ${vendor}`.execute(db);
          address = rows[0]?.marketplace_profile?.trim() ?? '';
        }
        const profile = parseMarketplaceProfile(address);
        if (!profile)
          throw fail(
            Code.FailedPrecondition,
            'MARKETPLACE_PROFILE_MISSING',
            'Give the address of your profile on the marketplace',
          );
        const sales: ParsedTransaction[] = [];
        try {
          for (let page = 1; page <= MAX_PAGES; page++) {
            const answer = await feed.listSold(profile.memberId, page, ctx.signal);
            sales.push(...answer.transactions);
            if (answer.currentPage >= answer.totalPages) break;
          }
        } catch (error) {
          if (!(error instanceof TransactionFeedError)) throw error;
          if (error.kind === 'invalidResponse')
            throw fail(Code.Unavailable, 'MARKETPLACE_ANSWER_INVALID', error.message);
          if (error.kind === 'notFound')
            throw fail(Code.FailedPrecondition, 'MARKETPLACE_PROFILE_MISSING', error.message);
          throw fail(Code.Unavailable, 'MARKETPLACE_UNAVAILABLE', error.message);
        }
        const counts = await upsertTransactions(
          db,
          vendor,
          'MAIN_MARKETPLACE',
          'CONNECTOR',
          sales,
          profile.url,
        );
        return create(MarketplaceTransactionImportResultSchema, {
          ...counts,
          total: sales.length,
          imported: true,
        });
      },

      previewCsv: async (req, ctx) => (await readCsv(req, ctx)).result,

      importCsv: async (req, ctx) => {
        const { vendor, rows, result } = await readCsv(req, ctx);
        const counts = await upsertTransactions(db, vendor, channelLabel(req.channel), 'CSV', rows);
        return { ...result, ...counts, imported: true };
      },

      link: async (req, ctx) => {
        const caller = requireCaller(ctx);
        return db.transaction().execute(async (trx) => {
          const row = await requireInScope(
            trx,
            TABLE,
            req.uuid,
            caller,
            'read',
            'transaction',
            'for update',
          );
          // The item and the buyer must be the transaction's vendor's, even when staff link them.
          if (req.product) {
            const { rows } = await sql`
              select 1 from product p join deposit d on d.uuid = p.deposit
              where p.uuid = ${req.product} and d.vendor = ${row.vendor as string}`.execute(trx);
            if (!rows[0])
              throw fail(Code.PermissionDenied, 'FORBIDDEN', 'The item is not this vendor’s');
          }
          if (req.buyer) {
            const { rows } = await sql`
              select 1 from buyer where uuid = ${req.buyer}
                and (vendor = ${row.vendor as string} or vendor is null)`.execute(trx);
            if (!rows[0])
              throw fail(Code.PermissionDenied, 'FORBIDDEN', 'The buyer is not this vendor’s');
          }
          const { rows } = await sql<Record<string, unknown>>`
            update marketplace_transaction set product = ${req.product || null},
              linked_buyer = ${req.buyer || null}, updated_at = now(),
              row_version = row_version + 1
            where uuid = ${req.uuid} returning *`.execute(trx);
          const saved = rows[0]!;
          if (req.product && req.buyer && saved.id)
            await recordSaleBuyer(
              trx,
              req.product,
              req.buyer,
              (saved.channel as SalePlatformLabel | null) ?? 'MAIN_MARKETPLACE',
              saved.id as string,
            );
          return message(saved);
        });
      },

      getFeeSplit: async (req, ctx) => {
        const vendor = await vendorOf(db, requireCaller(ctx), req.vendor);
        const split = await feesPerChannel(db, vendor, {
          soldFrom: dateOf(req.soldFrom),
          soldBefore: dateOf(req.soldBefore),
        });
        return create(MarketplaceFeeSplitSchema, {
          channels: split.channels.map(splitMessage),
          total: splitMessage(split.total),
        });
      },
    }),
  ] as const;
}
