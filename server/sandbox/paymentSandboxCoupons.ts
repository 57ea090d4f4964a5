import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { json } from './sandboxHttp.ts';

type Obj = Record<string, unknown> & { id: string };

/** A coupon and its customer-facing promotion code, as set up in the provider's dashboard. */
export interface SandboxCoupon {
  /** The coupon's id (`BIENVENUE20`). */
  readonly id: string;
  /** The code a customer types (`BIENVENUE20`). */
  readonly code: string;
  readonly percentOff: number;
  /** `forever` discounts every invoice, `once` only the first. */
  readonly duration?: 'forever' | 'once';
  /** Unix seconds after which the coupon can no longer be redeemed. */
  readonly redeemBy?: number;
  readonly maxRedemptions?: number;
  readonly name?: string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function apiError(res: ServerResponse, status: number, message: string, code: string) {
  json(res, status, { error: { type: 'invalid_request_error', message, code } });
}

/**
 * Coupons and promotion codes in the sandbox, in Stripe's documented shape: a coupon with
 * `percent_off`, `duration`, `redeem_by`, `max_redemptions`, `times_redeemed` and `valid`; a
 * promotion code naming it (`promotion.coupon`), listed by `code`; the discount a checkout session's
 * `discounts` makes, applied to the session's total and to the invoices of the subscription it makes.
 */
export function couponBook(seconds: () => number, seeds: readonly SandboxCoupon[] = []) {
  const coupons = new Map<string, Obj>();
  const codes = new Map<string, Obj>();
  const discounts = new Map<string, Obj>();
  /** Discounts of `once` coupons that have taken their one invoice. */
  const spent = new Set<string>();

  function createCoupon(params: Record<string, unknown>): Obj {
    const coupon: Obj = {
      id: String(params.id ?? id('co')),
      object: 'coupon',
      amount_off: null,
      currency: null,
      duration: params.duration === 'once' ? 'once' : 'forever',
      duration_in_months: null,
      livemode: false,
      max_redemptions: params.max_redemptions ? Number(params.max_redemptions) : null,
      metadata: params.metadata ?? {},
      name: params.name ?? null,
      percent_off: Number(params.percent_off),
      redeem_by: params.redeem_by ? Number(params.redeem_by) : null,
      times_redeemed: 0,
      created: seconds(),
      valid: true,
    };
    coupons.set(coupon.id, coupon);
    return coupon;
  }

  function createCode(params: Record<string, unknown>): Obj {
    const promotion = (params.promotion ?? {}) as Record<string, unknown>;
    const code: Obj = {
      id: id('promo'),
      object: 'promotion_code',
      active: params.active !== 'false',
      code: String(params.code ?? randomBytes(4).toString('hex').toUpperCase()),
      created: seconds(),
      customer: null,
      expires_at: params.expires_at ? Number(params.expires_at) : null,
      livemode: false,
      max_redemptions: params.max_redemptions ? Number(params.max_redemptions) : null,
      metadata: params.metadata ?? {},
      promotion: { type: 'coupon', coupon: String(promotion.coupon) },
      restrictions: { first_time_transaction: false, minimum_amount: null },
      times_redeemed: 0,
    };
    codes.set(code.id, code);
    return code;
  }

  for (const seed of seeds) {
    createCoupon({
      id: seed.id,
      percent_off: seed.percentOff,
      duration: seed.duration,
      redeem_by: seed.redeemBy,
      max_redemptions: seed.maxRedemptions,
      name: seed.name ?? seed.id,
    });
    createCode({ code: seed.code, promotion: { coupon: seed.id } });
  }

  /** A coupon as read now: no longer valid past `redeem_by` or once fully redeemed. */
  function fresh(coupon: Obj): Obj {
    const expired = coupon.redeem_by !== null && Number(coupon.redeem_by) <= seconds();
    const used =
      coupon.max_redemptions !== null &&
      Number(coupon.times_redeemed) >= Number(coupon.max_redemptions);
    coupon.valid = !expired && !used;
    return coupon;
  }

  const couponOfCode = (code: Obj) =>
    coupons.get(String((code.promotion as Record<string, unknown>).coupon));

  /** A promotion code as read now: active only while its coupon is valid, too. */
  function freshCode(code: Obj): Obj {
    const expired = code.expires_at !== null && Number(code.expires_at) <= seconds();
    const used =
      code.max_redemptions !== null && Number(code.times_redeemed) >= Number(code.max_redemptions);
    const coupon = couponOfCode(code);
    if (expired || used || !coupon || !fresh(coupon).valid) code.active = false;
    return code;
  }

  /**
   * The discount a checkout session's `discounts` param asks for, or the provider's refusal
   * (written to `res`, then undefined).
   */
  function checkoutDiscount(
    params: Record<string, unknown>,
    res: ServerResponse,
  ): { coupon: Obj; promotionCode: Obj | null } | null | undefined {
    const asked = ((params.discounts ?? []) as Record<string, unknown>[])[0];
    if (!asked) return null;
    const code = asked.promotion_code ? codes.get(String(asked.promotion_code)) : undefined;
    const coupon = code ? couponOfCode(code) : coupons.get(String(asked.coupon ?? ''));
    if (!coupon || (asked.promotion_code && !code)) {
      apiError(
        res,
        400,
        `No such ${asked.promotion_code ? 'promotion code' : 'coupon'}: '${String(asked.promotion_code ?? asked.coupon)}'`,
        'resource_missing',
      );
      return undefined;
    }
    if ((code && !freshCode(code).active) || !fresh(coupon).valid) {
      apiError(
        res,
        400,
        code
          ? `This promotion code cannot be redeemed because the associated coupon is no longer valid.`
          : `Coupon '${coupon.id}' is no longer valid.`,
        'coupon_expired',
      );
      return undefined;
    }
    return { coupon, promotionCode: code ?? null };
  }

  /** The amount taken off `amount` cents by a coupon (rounded to the cent, as the provider does). */
  const amountOff = (coupon: Obj, amount: number) =>
    amount > 0 ? Math.round((amount * Number(coupon.percent_off)) / 100) : 0;

  /** What a session shows of its discount: `discounts`, `amount_subtotal`, `total_details`. */
  function sessionFields(found: { coupon: Obj; promotionCode: Obj | null } | null, amount: number) {
    const off = found ? amountOff(found.coupon, amount) : 0;
    return {
      discounts: found
        ? [{ coupon: found.coupon.id, promotion_code: found.promotionCode?.id ?? null }]
        : [],
      amount_subtotal: amount,
      amount_total: amount - off,
      total_details: { amount_discount: off, amount_shipping: 0, amount_tax: 0 },
    };
  }

  /** The discount a completed session puts on its subscription (counted as one redemption). */
  function redeem(
    session: Record<string, unknown>,
    subscriptionId: string,
    customer: unknown,
  ): string[] {
    const asked = (
      (session.discounts ?? []) as { coupon: string; promotion_code: string | null }[]
    )[0];
    const coupon = asked && coupons.get(asked.coupon);
    if (!asked || !coupon) return [];
    coupon.times_redeemed = Number(coupon.times_redeemed) + 1;
    const code = asked.promotion_code ? codes.get(asked.promotion_code) : undefined;
    if (code) code.times_redeemed = Number(code.times_redeemed) + 1;
    const discount: Obj = {
      id: id('di'),
      object: 'discount',
      // Set for payment-mode sessions only, as the provider documents.
      checkout_session: null,
      customer,
      end: null,
      invoice: null,
      invoice_item: null,
      promotion_code: code?.id ?? null,
      source: { type: 'coupon', coupon: coupon.id },
      start: seconds(),
      subscription: subscriptionId,
      subscription_item: null,
    };
    discounts.set(discount.id, discount);
    return [discount.id];
  }

  /** The running discounts of a subscription, in order. */
  function activeDiscounts(sub: Obj): { discount: Obj; coupon: Obj }[] {
    const found: { discount: Obj; coupon: Obj }[] = [];
    for (const discountId of (sub.discounts ?? []) as string[]) {
      const discount = discounts.get(discountId);
      const coupon = discount && coupons.get(String((discount.source as Obj).coupon));
      if (discount && coupon && !spent.has(discountId)) found.push({ discount, coupon });
    }
    return found;
  }

  /**
   * Invoice fields for `amount` cents on a subscription: its discounts taken off one after the
   * other, each on what the previous ones left.
   */
  function invoiceFields(sub: Obj, amount: number, preview = false) {
    let left = amount;
    const taken: { amount: number; discount: string }[] = [];
    for (const found of activeDiscounts(sub)) {
      const off = amountOff(found.coupon, left);
      left -= off;
      taken.push({ amount: off, discount: found.discount.id });
      // A `once` coupon ends with the first invoice it discounts.
      if (!preview && off > 0 && found.coupon.duration === 'once') spent.add(found.discount.id);
    }
    return {
      subtotal: amount,
      total: left,
      amount_due: left,
      discounts: taken.map((d) => d.discount),
      total_discount_amounts: taken,
    };
  }

  /**
   * A subscription update's `discounts` (Stripe replaces the list): `{discount}` keeps one of the
   * subscription's, `{coupon}` redeems a valid coupon into a new discount. A refusal is written to
   * `res` and answers false, changing nothing.
   */
  function replaceDiscounts(sub: Obj, asked: unknown, res: ServerResponse): boolean {
    const wanted = (Array.isArray(asked) ? asked : []) as Record<string, unknown>[];
    const ids: string[] = [];
    const redeemed: Obj[] = [];
    for (const entry of wanted) {
      if (entry.discount) {
        if (!((sub.discounts ?? []) as string[]).includes(String(entry.discount))) {
          apiError(res, 400, `No such discount: '${String(entry.discount)}'`, 'resource_missing');
          return false;
        }
        ids.push(String(entry.discount));
        continue;
      }
      const coupon = coupons.get(String(entry.coupon ?? ''));
      if (!coupon) {
        apiError(res, 400, `No such coupon: '${String(entry.coupon)}'`, 'resource_missing');
        return false;
      }
      if (!fresh(coupon).valid) {
        apiError(res, 400, `Coupon '${coupon.id}' is no longer valid.`, 'coupon_expired');
        return false;
      }
      redeemed.push(coupon);
    }
    for (const coupon of redeemed) {
      coupon.times_redeemed = Number(coupon.times_redeemed) + 1;
      const discount: Obj = {
        id: id('di'),
        object: 'discount',
        checkout_session: null,
        customer: sub.customer,
        end: null,
        invoice: null,
        invoice_item: null,
        promotion_code: null,
        source: { type: 'coupon', coupon: coupon.id },
        start: seconds(),
        subscription: sub.id,
        subscription_item: null,
      };
      discounts.set(discount.id, discount);
      ids.push(discount.id);
    }
    sub.discounts = ids;
    return true;
  }

  /** A subscription with `expand` applied to its discounts (`discounts`, `discounts.source.coupon`). */
  function expanded(sub: Obj, expand: unknown): Obj {
    const asked = Array.isArray(expand) ? expand.map(String) : [];
    if (!asked.some((e) => e === 'discounts' || e.startsWith('discounts.'))) return sub;
    const deep = asked.includes('discounts.source.coupon');
    return {
      ...sub,
      discounts: ((sub.discounts ?? []) as string[]).map((discountId) => {
        const discount = discounts.get(discountId)!;
        const couponId = String((discount.source as Obj).coupon);
        const coupon = coupons.get(couponId);
        return deep && coupon
          ? { ...discount, source: { type: 'coupon', coupon: fresh(coupon) } }
          : discount;
      }),
    };
  }

  return {
    coupons,
    codes,
    checkoutDiscount,
    sessionFields,
    redeem,
    invoiceFields,
    replaceDiscounts,
    expanded,
    /** The API calls on coupons and promotion codes; false for any other. */
    api(
      method: string,
      parts: readonly string[],
      params: Record<string, unknown>,
      res: ServerResponse,
    ): boolean {
      const [, resource, key] = parts;
      if (resource === 'coupons') {
        if (method === 'POST' && !key) {
          const percent = Number(params.percent_off);
          if (!(percent > 0 && percent <= 100))
            apiError(res, 400, 'percent_off must be between 0 and 100', 'parameter_invalid_float');
          else if (params.id !== undefined && coupons.has(String(params.id)))
            apiError(res, 400, 'Coupon already exists.', 'resource_already_exists');
          else json(res, 200, createCoupon(params));
          return true;
        }
        const coupon = key ? coupons.get(key) : undefined;
        if (method === 'GET' && coupon) json(res, 200, fresh(coupon));
        else apiError(res, 404, `No such coupon: '${key}'`, 'resource_missing');
        return true;
      }
      if (resource !== 'promotion_codes') return false;
      if (method === 'POST' && !key) {
        const promotion = (params.promotion ?? {}) as Record<string, unknown>;
        if (!coupons.has(String(promotion.coupon)))
          apiError(res, 400, `No such coupon: '${String(promotion.coupon)}'`, 'resource_missing');
        else json(res, 200, createCode(params));
        return true;
      }
      if (method === 'GET' && !key) {
        // Codes are matched without regard to case, as the provider does.
        const wanted = typeof params.code === 'string' ? params.code.toUpperCase() : undefined;
        const expand = Array.isArray(params.expand) ? params.expand.map(String) : [];
        const deep = expand.includes('data.promotion.coupon');
        const data = [...codes.values()]
          .map(freshCode)
          .filter((c) => wanted === undefined || String(c.code).toUpperCase() === wanted)
          .filter((c) => params.active === undefined || String(c.active) === params.active)
          .map((c) => {
            const coupon = couponOfCode(c);
            return deep && coupon
              ? { ...c, promotion: { type: 'coupon', coupon: fresh(coupon) } }
              : c;
          });
        json(res, 200, {
          object: 'list',
          data: data.slice(0, Number(params.limit ?? 10)),
          has_more: false,
          url: '/v1/promotion_codes',
        });
        return true;
      }
      const code = key ? codes.get(key) : undefined;
      if (method === 'GET' && code) json(res, 200, freshCode(code));
      else apiError(res, 404, `No such promotion code: '${key}'`, 'resource_missing');
      return true;
    },
  };
}

/**
 * The codes a local install's sandbox knows (the provider's dashboard of a real account holds its
 * own): one to try a discount, one past its date to see the refusal.
 */
export const SANDBOX_COUPONS: readonly SandboxCoupon[] = [
  { id: 'BIENVENUE20', code: 'BIENVENUE20', percentOff: 20, name: 'Bienvenue (20 %)' },
  {
    id: 'ETE2025',
    code: 'ETE2025',
    percentOff: 15,
    name: 'Été 2025 (15 %)',
    redeemBy: Date.UTC(2025, 8, 1) / 1000,
  },
];
