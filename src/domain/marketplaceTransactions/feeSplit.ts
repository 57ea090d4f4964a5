/**
 * What each sale channel really cost, in integer cents (docs/decisions.md, "Marketplace
 * transactions"). Pure: the server sums a vendor's imported transactions with it, and the
 * statistics can reuse it.
 *
 * For one transaction:
 * - gross is the item's price; the buyer's service fee and the shipping are paid by the buyer on
 *   top of it and passed on, so they are shown but are neither revenue nor the vendor's cost;
 * - net is what the marketplace pays the vendor (the payout), never more than the gross: the
 *   marketplace fees are gross − net (the seller fee and any other deduction);
 * - the depositor's share is their income from the rate slides on the item's price (the ledger's
 *   figure), capped at the net, since a depositor is never paid money the vendor did not receive;
 *   an unlinked or own-stock sale has none;
 * - the vendor's share is the rest of the net.
 * So per channel: gross = marketplace fees + net, and net = depositors + vendor, to the cent.
 */

/** One transaction's amounts, in cents. */
export interface FeeSplitInput {
  /** The SalePlatform name (`MAIN_MARKETPLACE`, `EBAY`...). */
  readonly channel: string;
  readonly priceCents: number;
  readonly buyerFeeCents: number;
  readonly sellerFeeCents: number;
  readonly shippingCents: number;
  /** What the marketplace paid; 0 with a seller fee read as "not given" (price − seller fee). */
  readonly payoutCents: number;
  /** The depositor's income on the linked item, or null when no consigned item is linked. */
  readonly depositorIncomeCents: number | null;
  readonly linked: boolean;
}

/** One channel's sums, in cents. */
export interface ChannelSplit {
  readonly channel: string;
  readonly count: number;
  readonly grossCents: number;
  readonly buyerFeesCents: number;
  readonly marketplaceFeesCents: number;
  readonly shippingCents: number;
  readonly netCents: number;
  readonly depositorShareCents: number;
  readonly vendorShareCents: number;
  readonly unlinkedCount: number;
}

const cents = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

/** The net a transaction brought: its payout, or its price less the seller fee when none is given. */
export function netOf(t: Pick<FeeSplitInput, 'priceCents' | 'sellerFeeCents' | 'payoutCents'>) {
  const gross = cents(t.priceCents);
  const payout = cents(t.payoutCents);
  const net = payout > 0 ? payout : gross - cents(t.sellerFeeCents);
  return Math.min(gross, Math.max(0, net));
}

const empty = (channel: string): ChannelSplit => ({
  channel,
  count: 0,
  grossCents: 0,
  buyerFeesCents: 0,
  marketplaceFeesCents: 0,
  shippingCents: 0,
  netCents: 0,
  depositorShareCents: 0,
  vendorShareCents: 0,
  unlinkedCount: 0,
});

function add(sum: ChannelSplit, part: ChannelSplit): ChannelSplit {
  return {
    channel: sum.channel,
    count: sum.count + part.count,
    grossCents: sum.grossCents + part.grossCents,
    buyerFeesCents: sum.buyerFeesCents + part.buyerFeesCents,
    marketplaceFeesCents: sum.marketplaceFeesCents + part.marketplaceFeesCents,
    shippingCents: sum.shippingCents + part.shippingCents,
    netCents: sum.netCents + part.netCents,
    depositorShareCents: sum.depositorShareCents + part.depositorShareCents,
    vendorShareCents: sum.vendorShareCents + part.vendorShareCents,
    unlinkedCount: sum.unlinkedCount + part.unlinkedCount,
  };
}

/** One transaction as a channel split of one. */
export function splitOne(t: FeeSplitInput): ChannelSplit {
  const gross = cents(t.priceCents);
  const net = netOf(t);
  const depositor =
    t.depositorIncomeCents === null ? 0 : Math.min(net, cents(t.depositorIncomeCents));
  return {
    channel: t.channel,
    count: 1,
    grossCents: gross,
    buyerFeesCents: cents(t.buyerFeeCents),
    marketplaceFeesCents: gross - net,
    shippingCents: cents(t.shippingCents),
    netCents: net,
    depositorShareCents: depositor,
    vendorShareCents: net - depositor,
    unlinkedCount: t.linked ? 0 : 1,
  };
}

/** The split per channel (in the order channels first appear) and the total over all of them. */
export function feeSplitPerChannel(transactions: readonly FeeSplitInput[]): {
  channels: ChannelSplit[];
  total: ChannelSplit;
} {
  const byChannel = new Map<string, ChannelSplit>();
  for (const t of transactions) {
    byChannel.set(t.channel, add(byChannel.get(t.channel) ?? empty(t.channel), splitOne(t)));
  }
  const channels = [...byChannel.values()];
  return { channels, total: channels.reduce(add, empty('')) };
}
