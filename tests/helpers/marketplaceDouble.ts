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

/** A member of the double: their items, the page size it answers with and a delay per page. */
export interface DoubleMember {
  readonly items: readonly DoubleItem[];
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

/**
 * The members every test may use: 1001 (5 items, one page), 1002 (130 items, two pages of 96),
 * 1003 (12 items answered 4 per page, 1.2 s per page: the progress shows). Any other id is 404.
 */
export const DOUBLE_MEMBERS: Readonly<Record<string, DoubleMember>> = {
  '1001': { items: doubleItems(1001, 5) },
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

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const control = /^\/control\/mode\/(ok|fail|badJson)$/.exec(url.pathname);
    if (control) {
      state.mode = control[1] as DoubleMode;
      return send(res, 200, { mode: state.mode });
    }
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
