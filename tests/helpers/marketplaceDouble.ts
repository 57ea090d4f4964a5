import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenHttpDouble, sendJson as send } from './httpDouble.ts';

/** One item as the marketplace's wardrobe JSON gives it (the fields the import reads, and more). */
export interface DoubleItem {
  readonly id: number;
  readonly title: string;
  readonly price: { readonly amount: string; readonly currency_code: string };
  readonly brand_title: string;
  readonly size_title: string;
  readonly status: string;
  readonly status_id: number;
  readonly photos: readonly { readonly url: string }[];
  readonly url: string;
  readonly is_visible: boolean;
}

/** An amount as the marketplace writes it: text in euros with its currency. */
interface DoubleMoney {
  readonly amount: string;
  readonly currency_code: string;
}

/**
 * One sold item as the marketplace's transaction JSON gives it (the seller's side of an order):
 * ids, the item, the offer's price, the buyer's service fee, the seller fee, the shipment, the
 * payout, the status and when it changed, and the buyer's login.
 */
export interface DoubleTransaction {
  readonly id: number;
  readonly user_msg_thread_id: number;
  readonly order: { readonly id: number; readonly created_at: string };
  readonly item_id: number;
  readonly item_title: string;
  readonly items_count: number;
  readonly status: string;
  readonly status_updated_at: string;
  readonly offer: { readonly price: DoubleMoney };
  readonly service_fee: DoubleMoney;
  readonly seller_fee: DoubleMoney;
  readonly shipment: { readonly price: DoubleMoney; readonly status: string };
  readonly payout: DoubleMoney;
  readonly total_amount_without_tax: DoubleMoney;
  readonly buyer: { readonly id: number; readonly login: string };
  readonly seller: { readonly id: number; readonly login: string };
}

/** A member of the double: their items, the page size it answers with and a delay per page. */
export interface DoubleMember {
  readonly items: readonly DoubleItem[];
  /** Their sales, newest first, as the transactions route answers them. */
  readonly transactions?: readonly DoubleTransaction[];
  readonly pageSize?: number;
  readonly delayMs?: number;
}

/** How the wardrobe route answers: normally, with a 500, or with text that is not JSON. */
export type DoubleMode = 'ok' | 'fail' | 'badJson';

const BRANDS = ['Zara', 'sézane', 'Marque Inconnue', 'Petit Bateau', ''];
const SIZES = ['M', '38', 'Sur mesure', 'S'];
const CONDITIONS: ReadonlyArray<[string, number]> = [
  ['Très bon état', 2],
  ['Neuf avec étiquette', 6],
  ['Bon état', 3],
  ['Satisfaisant', 4],
];

/** `count` items of member `memberId`, numbered from `memberId * 1000`: the same every run. */
export function doubleItems(memberId: number, count: number): DoubleItem[] {
  return Array.from({ length: count }, (_, i) => {
    const id = memberId * 1000 + i + 1;
    const [status, statusId] = CONDITIONS[i % CONDITIONS.length]!;
    return {
      id,
      title: `Article ${i + 1} du vestiaire ${memberId}`,
      price: { amount: (5 + i * 1.5).toFixed(1), currency_code: 'EUR' },
      brand_title: BRANDS[i % BRANDS.length]!,
      size_title: SIZES[i % SIZES.length]!,
      status,
      status_id: statusId,
      photos: [{ url: `https://images.marketplace.test/${id}.jpg` }],
      url: `https://www.vinted.fr/items/${id}-article-${i + 1}`,
      is_visible: true,
    };
  });
}

const euros = (cents: number): DoubleMoney => ({
  amount: (cents / 100).toFixed(2),
  currency_code: 'EUR',
});
const TRANSACTION_STATUSES = ['completed', 'completed', 'shipped', 'completed', 'cancelled'];
const BUYERS = ['margaux_b', 'julien.r75', 'lea-vintage', 'margaux_b', 'nina_92'];

/**
 * `count` sales of member `memberId`'s first items (item `memberId * 1000 + i + 1`), numbered
 * from `memberId * 100000`, one every two days from 2 November 2026: the same every run. The
 * marketplace keeps a 5 % seller fee on the price; the payout is what is left (0 once cancelled).
 */
export function doubleTransactions(memberId: number, count: number): DoubleTransaction[] {
  return Array.from({ length: count }, (_, i) => {
    const priceCents = 1000 + i * 550;
    const status = TRANSACTION_STATUSES[i % TRANSACTION_STATUSES.length]!;
    const sellerFee = Math.round(priceCents * 0.05);
    const at = new Date(Date.UTC(2026, 10, 2 + i * 2, 10, 30)).toISOString();
    const login = BUYERS[i % BUYERS.length]!;
    return {
      id: memberId * 100000 + i + 1,
      user_msg_thread_id: memberId * 200000 + i + 1,
      order: { id: memberId * 300000 + i + 1, created_at: at },
      item_id: memberId * 1000 + i + 1,
      item_title: `Article ${i + 1} du vestiaire ${memberId}`,
      items_count: 1,
      status,
      status_updated_at: at,
      offer: { price: euros(priceCents) },
      service_fee: euros(70 + Math.round(priceCents * 0.05)),
      seller_fee: euros(sellerFee),
      shipment: { price: euros(399), status: status === 'completed' ? 'delivered' : 'shipped' },
      payout: euros(status === 'cancelled' ? 0 : priceCents - sellerFee),
      total_amount_without_tax: euros(priceCents + 399 + 70 + Math.round(priceCents * 0.05)),
      buyer: { id: 700000 + BUYERS.indexOf(login), login },
      seller: { id: memberId, login: `vestiaire${memberId}` },
    };
  });
}

/**
 * The members every test may use: 1001 (5 items, one page), 1002 (130 items, two pages of 96),
 * 1003 (12 items answered 4 per page, 1.2 s per page: the progress shows). Any other id is 404.
 */
export const DOUBLE_MEMBERS: Readonly<Record<string, DoubleMember>> = {
  '1001': { items: doubleItems(1001, 5), transactions: doubleTransactions(1001, 5) },
  '1002': { items: doubleItems(1002, 130) },
  '1003': { items: doubleItems(1003, 12), pageSize: 4, delayMs: 1200 },
};

export interface MarketplaceDouble {
  /** What MARKETPLACE_API_URL points at. */
  readonly apiUrl: string;
  /** Base of the control paths (`${controlUrl}/mode/fail`), for tests in another process. */
  readonly controlUrl: string;
  /** Every wardrobe request, as `memberId:page`. */
  readonly requests: string[];
  mode: DoubleMode;
  /** Members added by a test (a wardrobe that changes between two imports). */
  readonly members: Map<string, DoubleMember>;
  close(): Promise<void>;
}

/**
 * A local stand-in for the resale marketplace's wardrobe JSON
 * (`/api/v2/wardrobe/{id}/items?page=&per_page=`, answering `{ items, pagination }`), so no test
 * reaches the real site. The mode makes every wardrobe answer fail (500) or be malformed.
 */
export async function startMarketplaceDouble(): Promise<MarketplaceDouble> {
  const requests: string[] = [];
  const members = new Map(Object.entries(DOUBLE_MEMBERS));
  const state = { mode: 'ok' as DoubleMode };

  /**
   * The member's sold transactions, page by page like the wardrobe:
   * `/api/v2/users/{id}/transactions?type=sold&page=&per_page=` answering
   * `{ transactions, pagination }`.
   */
  const transactionsOf = (memberId: string, url: URL, res: ServerResponse) => {
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    requests.push(`transactions:${memberId}:${page}`);
    if (state.mode === 'fail') return send(res, 500, { message: 'Internal error' });
    if (state.mode === 'badJson') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('<html>Please enable cookies</html>');
    }
    const member = members.get(memberId);
    if (!member) return send(res, 404, { code: 404, message: 'Member not found' });
    const all = member.transactions ?? [];
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 20) || 20, 50);
    send(res, 200, {
      transactions: all.slice((page - 1) * perPage, page * perPage),
      pagination: {
        current_page: page,
        total_pages: Math.max(1, Math.ceil(all.length / perPage)),
        total_entries: all.length,
        per_page: perPage,
      },
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const control = /^\/control\/mode\/(ok|fail|badJson)$/.exec(url.pathname);
    if (control) {
      state.mode = control[1] as DoubleMode;
      return send(res, 200, { mode: state.mode });
    }
    const sales = /^\/api\/v2\/users\/(\d+)\/transactions$/.exec(url.pathname);
    if (sales) return transactionsOf(sales[1]!, url, res);
    const wardrobe = /^\/api\/v2\/wardrobe\/(\d+)\/items$/.exec(url.pathname);
    if (!wardrobe) return send(res, 404, { message: 'not found' });
    const memberId = wardrobe[1]!;
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    requests.push(`${memberId}:${page}`);
    if (state.mode === 'fail') return send(res, 500, { message: 'Internal error' });
    if (state.mode === 'badJson') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('<html>Please enable cookies</html>');
    }
    const member = members.get(memberId);
    if (!member) return send(res, 404, { code: 404, message: 'Member not found' });
    if (member.delayMs) await new Promise((resolve) => setTimeout(resolve, member.delayMs));
    const asked = Number(url.searchParams.get('per_page') ?? 20) || 20;
    const perPage = Math.min(asked, member.pageSize ?? 96);
    const totalPages = Math.max(1, Math.ceil(member.items.length / perPage));
    send(res, 200, {
      items: member.items.slice((page - 1) * perPage, page * perPage),
      pagination: {
        current_page: page,
        total_pages: totalPages,
        total_entries: member.items.length,
        per_page: perPage,
        time: 1_700_000_000,
      },
    });
  };

  const { base, close } = await listenHttpDouble(handle);
  return {
    apiUrl: base,
    controlUrl: `${base}/control`,
    requests,
    members,
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    close,
  };
}
