import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUuid } from '../../crud/crudService.ts';
import type { PlainHandler } from '../../http/plainRoutes.ts';
import type { ServiceDeps } from '../deps.ts';
import { createRateLimiter } from './rateLimit.ts';
import { isSpam, readForm, validateForm } from './reservationForm.ts';
import { reserveProduct } from './reserve.ts';
import { SHOP_PAGE_SIZE, shopItems, shopProduct, shopVendor } from './shopData.ts';
import {
  confirmationPage,
  notFoundPage,
  productPage,
  shopPage,
  type FormState,
  type PageContext,
} from './shopPages.ts';
import { pickLang } from './shopTexts.ts';

/** Reservation attempts one address may make per window: far above a real buyer's needs. */
const RESERVATIONS_PER_WINDOW = 20;
const WINDOW_MS = 60 * 60 * 1000;
/** A reservation form is a few hundred bytes; anything much larger is not one. */
const MAX_BODY = 16 * 1024;

/** Shop pages change when a product is reserved or sold: short caching, per language. */
const CACHE = 'public, max-age=60, stale-while-revalidate=60';

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function send(res: ServerResponse, status: number, html: string, cache: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': cache,
    vary: 'Accept-Language',
    ...SECURITY_HEADERS,
  });
  res.end(html);
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The public shop pages under /shop/: `/shop/<slug>` (the shop, `?page=`), `/shop/<slug>/<uuid>`
 * (a product and its reservation form, which posts to the same address), and
 * `/shop/<slug>/reserved` (the confirmation). Anything else, an unknown or disabled vendor, or a
 * product not on the shop answers the 404 page.
 */
export function shopRoutes(deps: ServiceDeps): PlainHandler {
  const limiter = createRateLimiter(RESERVATIONS_PER_WINDOW, WINDOW_MS, deps.clock);

  return async (req, res, url) => {
    const lang = pickLang(req, url);
    const ctx: PageContext = {
      lang,
      origin: deps.publicUrl(),
      langChosen: url.searchParams.get('lang') === lang,
    };
    const notFound = () => send(res, 404, notFoundPage(ctx, url.pathname), 'public, max-age=60');
    const method = req.method ?? 'GET';
    const isRead = method === 'GET' || method === 'HEAD';
    if (!isRead && method !== 'POST') {
      res.writeHead(405, { allow: 'GET, HEAD, POST' }).end();
      return;
    }
    const parts = url.pathname.split('/').filter(Boolean).slice(1).map(decodeURIComponent);
    const [slug, second, ...rest] = parts;
    if (!slug || rest.length > 0) return notFound();
    const vendor = await shopVendor(deps.db, slug, deps.clock());
    if (!vendor) return notFound();

    if (second === undefined) {
      if (!isRead) return notFound();
      const asked = Number(url.searchParams.get('page') ?? '1');
      const pageNumber = Number.isInteger(asked) && asked >= 1 ? asked : 1;
      const { items, count } = await shopItems(deps.db, vendor.uuid, pageNumber);
      if (items.length === 0 && pageNumber > 1) return notFound();
      return send(res, 200, shopPage(ctx, vendor, items, count, pageNumber, SHOP_PAGE_SIZE), CACHE);
    }
    if (second === 'reserved') {
      if (!isRead) return notFound();
      return send(res, 200, confirmationPage(ctx, vendor), 'no-store');
    }
    if (!isUuid(second)) return notFound();
    const product = await shopProduct(deps.db, vendor.uuid, second);
    if (!product) return notFound();
    if (isRead)
      return send(res, 200, productPage(ctx, vendor, product, { values: null, errors: [] }), CACHE);

    let body: URLSearchParams;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        res.writeHead(413).end();
        return;
      }
      throw error;
    }
    const form = readForm(body);
    const answer = (status: number, state: FormState) =>
      send(res, status, productPage(ctx, vendor, product, state), 'no-store');
    const confirmed = () => {
      const query = ctx.langChosen ? `?lang=${lang}` : '';
      res.writeHead(303, {
        location: `/shop/${encodeURIComponent(vendor.slug)}/reserved${query}`,
        'cache-control': 'no-store',
      });
      res.end();
    };
    const address = req.socket.remoteAddress ?? 'unknown';
    if (!limiter.allow(address))
      return answer(429, { values: form, errors: [], notice: 'tooManyRequests' });
    // A robot is told it worked, so it learns nothing and moves on.
    if (isSpam(form)) return confirmed();
    if (product.saleStatus !== 'ONLINE')
      return answer(409, { values: form, errors: [], notice: 'alreadyReserved' });
    const errors = validateForm(form);
    if (errors.length) return answer(422, { values: form, errors });
    const outcome = await reserveProduct(deps, vendor, product, form);
    if (outcome === 'RESERVED') return confirmed();
    const current = (await shopProduct(deps.db, vendor.uuid, product.uuid)) ?? product;
    const notice = outcome === 'ALREADY_RESERVED' ? 'alreadyReserved' : 'notAvailable';
    return send(
      res,
      409,
      productPage(
        ctx,
        vendor,
        // Shown as reserved (no form) whatever the product became: it is not for sale now.
        {
          ...current,
          saleStatus: current.saleStatus === 'ONLINE' ? 'RESERVED' : current.saleStatus,
        },
        { values: form, errors: [], notice },
      ),
      'no-store',
    );
  };
}
