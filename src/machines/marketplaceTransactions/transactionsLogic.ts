import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { BuyerService } from '../../rpc/gen/seconde/v1/buyer_pb.ts';
import {
  MarketplaceTransactionService,
  type ChannelFeeSplit,
  type MarketplaceTransaction,
  type MarketplaceTransactionImportResult,
} from '../../rpc/gen/seconde/v1/marketplace_transaction_pb.ts';
import { ProductService, SalePlatform } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { transactionsMachine } from './transactionsMachine.ts';
import type { ImportOutcome, SplitRow, TransactionRow } from './transactionTypes.ts';

const PAGE_SIZE = 200;

function rowOf(t: MarketplaceTransaction): TransactionRow {
  return {
    uuid: t.uuid,
    id: t.id,
    title: t.itemTitle,
    channel: t.channel,
    status: t.status,
    soldAt: t.soldAt ? timestampDate(t.soldAt).toISOString() : '',
    buyerLogin: t.buyerLogin,
    priceCents: t.priceCents,
    buyerFeeCents: t.buyerFeeCents,
    sellerFeeCents: t.sellerFeeCents,
    shippingCents: t.shippingCents,
    payoutCents: t.payoutCents,
    product: t.product,
    buyer: t.linkedBuyer,
  };
}

function splitOf(c: ChannelFeeSplit): SplitRow {
  return {
    channel: SalePlatform[c.channel] ?? '',
    count: c.count,
    grossCents: c.grossCents,
    buyerFeesCents: c.buyerFeesCents,
    marketplaceFeesCents: c.marketplaceFeesCents,
    shippingCents: c.shippingCents,
    netCents: c.netCents,
    depositorShareCents: c.depositorShareCents,
    vendorShareCents: c.vendorShareCents,
    unlinkedCount: c.unlinkedCount,
  };
}

function outcomeOf(r: MarketplaceTransactionImportResult): ImportOutcome {
  return {
    rows: r.rows.map(rowOf),
    errors: r.errors.map((e) => ({
      line: e.line,
      column: e.column,
      reason: e.reason,
      value: e.value,
    })),
    total: r.total,
    created: r.created,
    updated: r.updated,
    linkedProducts: r.linkedProducts,
    createdBuyers: r.createdBuyers,
  };
}

/** yyyy-mm-dd as the start of that day (UTC), the way the export dates its sales. */
const dayStart = (day: string, plus = 0) => {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setUTCDate(date.getUTCDate() + plus);
  return timestampFromDate(date);
};

/** The transactions page's machine with its calls. */
export function transactionsLogic(clients: ClientFactory) {
  const transactions = clients.get(MarketplaceTransactionService);
  return transactionsMachine.provide({
    actors: {
      fetchTransactions: fromPromise(async ({ input, signal }) => {
        const period = { soldFrom: dayStart(input.from), soldBefore: dayStart(input.to, 1) };
        const [list, split] = await Promise.all([
          transactions.list(
            {
              pagination: { page: 1, pageSize: PAGE_SIZE },
              ...period,
              channel: input.channel,
              link: input.link,
              status: input.status,
              search: input.search.trim(),
            },
            { signal },
          ),
          transactions.getFeeSplit(period, { signal }),
        ]);
        return {
          rows: list.results.map(rowOf),
          count: list.count,
          channels: split.channels.map(splitOf),
          total: split.total ? splitOf(split.total) : null,
        };
      }),
      importConnector: fromPromise(async ({ signal }) =>
        outcomeOf(await transactions.importFromMarketplace({ profileUrl: '' }, { signal })),
      ),
      previewCsv: fromPromise(async ({ input, signal }) => {
        const text = await input.file.text();
        const preview = await transactions.previewCsv(
          { csv: text, channel: input.channel },
          { signal },
        );
        return { text, outcome: outcomeOf(preview) };
      }),
      importCsv: fromPromise(async ({ input, signal }) =>
        outcomeOf(
          await transactions.importCsv({ csv: input.text, channel: input.channel }, { signal }),
        ),
      ),
      fetchChoices: fromPromise(async ({ input, signal }) => {
        const [products, buyers] = await Promise.all([
          clients.get(ProductService).list(
            {
              pagination: { page: 1, pageSize: 50 },
              ordering: '-created_at',
              search: input.search.trim() || undefined,
            },
            { signal },
          ),
          clients
            .get(BuyerService)
            .list({ pagination: { page: 1, pageSize: 200 }, ordering: '-created_at' }, { signal }),
        ]);
        return {
          products: products.results.map((p) => ({
            uuid: p.uuid,
            label: [p.reference, p.name].filter(Boolean).join(' · '),
          })),
          buyers: buyers.results.map((b) => ({
            uuid: b.uuid,
            label:
              [b.firstName, b.lastName].filter(Boolean).join(' ') ||
              b.marketplaceAccountId ||
              b.email,
          })),
        };
      }),
      saveLink: fromPromise(async ({ input, signal }) => transactions.link(input, { signal })),
    },
  });
}
