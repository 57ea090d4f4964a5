import { describe, expect, it } from 'vitest';
import {
  RULE_CODES,
  checkBulkSaleStatus,
  checkSaleStatusChange,
  checkStatusChange,
  invariantViolations,
  offersInline,
  restitutionTarget,
  ruleI18nKey,
  type RuleCode,
} from './rules.ts';
import {
  DEPOSIT_STATUSES,
  SALE_STATUSES,
  WORKING_STATUSES,
  type DepositStatus,
  type SaleStatus,
  type SaleStatusCounts,
} from './statuses.ts';

const none: SaleStatusCounts = {};
const refusal = (verdict: ReturnType<typeof checkStatusChange>) =>
  verdict.ok ? undefined : verdict.code;

describe('deposit status changes', () => {
  it.each<
    [DepositStatus, DepositStatus, SaleStatusCounts, string | undefined, RuleCode | undefined]
  >([
    // Forward along the required steps.
    ['DRAFT', 'WAITING_FOR_VENDOR', none, undefined, undefined],
    ['DRAFT', 'RECEIVED', none, undefined, undefined],
    ['RECEIVED', 'TODO', none, undefined, undefined],
    ['RECEIVED', 'PROGRESS', none, undefined, undefined],
    ['PROGRESS', 'CUSTOMER_WAITING', none, undefined, undefined],
    ['CUSTOMER_WAITING', 'DEPOSIT_VALIDATED', none, undefined, undefined],
    ['CUSTOMER_WAITING', 'INLINE', none, undefined, undefined],
    ['DEPOSIT_VALIDATED', 'INLINE', { ONLINE: 2 }, undefined, undefined],
    // Required steps cannot be skipped.
    ['SEND', 'TODO', none, undefined, 'REQUIRED_STEP_SKIPPED'],
    ['RECEIVED', 'CUSTOMER_WAITING', none, undefined, 'REQUIRED_STEP_SKIPPED'],
    ['TODO', 'INLINE', none, undefined, 'REQUIRED_STEP_SKIPPED'],
    ['PROGRESS', 'DEPOSIT_VALIDATED', none, undefined, 'REQUIRED_STEP_SKIPPED'],
    // Backwards only while nothing is online or sold.
    ['INLINE', 'PROGRESS', { OFFLINE: 3, READY: 1 }, undefined, undefined],
    ['INLINE', 'PROGRESS', { ONLINE: 1 }, undefined, 'STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD'],
    [
      'INLINE',
      'DEPOSIT_VALIDATED',
      { SELL: 1 },
      undefined,
      'STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD',
    ],
    ['INLINE', 'RECEIVED', { PAYED: 1 }, undefined, 'STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD'],
    ['INLINE', 'TODO', { FACTURED: 1 }, undefined, 'STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD'],
    // Abandon and cancel.
    ['PROGRESS', 'ABANDONED', none, 'DONT_ANSWER', undefined],
    ['PROGRESS', 'ABANDONED', none, undefined, 'ABANDON_REASON_REQUIRED'],
    ['PROGRESS', 'ABANDONED', none, 'NOT_SET', 'ABANDON_REASON_REQUIRED'],
    ['INLINE', 'ABANDONED', { ONLINE: 1 }, 'DONT_ANSWER', 'ABANDON_WITH_PRODUCTS_ONLINE'],
    ['INLINE', 'ABANDONED', { SELL: 1 }, 'DONT_ANSWER', 'ABANDON_WITH_PRODUCTS_SOLD'],
    ['DRAFT', 'CANCELED', none, 'TOO_LONG', undefined],
    ['DRAFT', 'CANCELED', none, '', 'CANCEL_REASON_REQUIRED'],
    ['INLINE', 'CANCELED', { ONLINE: 1 }, 'OTHER', 'CANCEL_WITH_PRODUCTS_ONLINE'],
    ['INLINE', 'CANCELED', { FACTURED: 1 }, 'OTHER', 'CANCEL_WITH_PRODUCTS_SOLD'],
    // Restitution.
    ['INLINE', 'RESTITUED', { ONLINE: 4, FACTURED: 2 }, undefined, undefined],
    ['RECEIVED', 'RESTITUED', none, undefined, undefined],
    ['SEND', 'RESTITUED', none, undefined, 'RESTITUTION_BEFORE_RECEIVED'],
    ['INLINE', 'RESTITUED', { SELL: 1 }, undefined, 'RESTITUTION_WITH_SALES_NOT_INVOICED'],
    // Final statuses and no-ops.
    ['RESTITUED', 'INLINE', none, undefined, 'STATUS_FINAL'],
    ['ABANDONED', 'DRAFT', none, undefined, 'STATUS_FINAL'],
    ['CANCELED', 'WAITING_FOR_VENDOR', none, undefined, 'STATUS_FINAL'],
    ['TODO', 'TODO', none, undefined, 'STATUS_UNCHANGED'],
  ])('%s → %s with %o (reason %s): %s', (from, to, products, reason, expected) => {
    expect(refusal(checkStatusChange({ from, to, products, reason }))).toBe(expected);
  });

  it('names the required step that was skipped', () => {
    expect(checkStatusChange({ from: 'TODO', to: 'INLINE', products: none })).toEqual({
      ok: false,
      code: 'REQUIRED_STEP_SKIPPED',
      step: 'PROGRESS',
    });
  });

  it('never lets a change leave a deposit and its products inconsistent', () => {
    const mixes: SaleStatusCounts[] = [
      none,
      { ONLINE: 1 },
      { SELL: 1 },
      { FACTURED: 1 },
      { READY: 2 },
    ];
    for (const from of WORKING_STATUSES)
      for (const to of DEPOSIT_STATUSES)
        for (const products of mixes) {
          if (invariantViolations(from, products).length > 0) continue;
          const verdict = checkStatusChange({ from, to, products, reason: 'OTHER' });
          if (!verdict.ok) continue;
          const after: SaleStatusCounts = {};
          for (const [status, n] of Object.entries(products) as [SaleStatus, number][]) {
            const next = to === 'RESTITUED' ? (restitutionTarget(status) ?? status) : status;
            after[next] = (after[next] ?? 0) + n;
          }
          expect(
            invariantViolations(to, after),
            `${from} → ${to} ${JSON.stringify(products)}`,
          ).toEqual([]);
        }
  });
});

describe('product sale status changes', () => {
  it.each<[DepositStatus, SaleStatus | undefined, SaleStatus, RuleCode | undefined]>([
    ['INLINE', 'ONLINE', 'SELL', undefined],
    ['INLINE', 'SELL', 'PAYED', undefined],
    ['INLINE', 'PAYED', 'FACTURED', undefined],
    ['DEPOSIT_VALIDATED', 'ONLINE', 'SELL', 'SALE_BEFORE_INLINE'],
    ['PROGRESS', 'READY', 'PAYED', 'SALE_BEFORE_INLINE'],
    ['DEPOSIT_VALIDATED', 'READY', 'ONLINE', undefined],
    ['INLINE', 'READY', 'ONLINE', undefined],
    ['CUSTOMER_WAITING', 'READY', 'ONLINE', 'ONLINE_BEFORE_VALIDATION'],
    ['TODO', undefined, 'ONLINE', 'ONLINE_BEFORE_VALIDATION'],
    ['INLINE', 'FACTURED', 'OFFLINE', 'PRODUCT_INVOICED'],
    ['RESTITUED', 'OFFLINE', 'READY', 'DEPOSIT_CLOSED'],
    ['ABANDONED', 'OFFLINE', 'REFUSED', 'DEPOSIT_CLOSED'],
    ['PROGRESS', 'OFFLINE', 'READY', undefined],
    ['PROGRESS', undefined, 'OFFLINE', undefined],
    ['PROGRESS', 'READY', 'READY', undefined],
  ])('in a %s deposit, %s → %s: %s', (depositStatus, from, to, expected) => {
    expect(refusal(checkSaleStatusChange({ depositStatus, from, to }))).toBe(expected);
  });

  it('allows every accepted single change without breaking an invariant', () => {
    for (const depositStatus of DEPOSIT_STATUSES)
      for (const from of SALE_STATUSES)
        for (const to of SALE_STATUSES) {
          if (invariantViolations(depositStatus, { [from]: 1 }).length > 0) continue;
          if (!checkSaleStatusChange({ depositStatus, from, to }).ok) continue;
          expect(
            invariantViolations(depositStatus, { [to]: 1 }),
            `${depositStatus} ${from}→${to}`,
          ).toEqual([]);
        }
  });
});

describe('bulk sale status change', () => {
  it('leaves invoiced products alone and counts what changes', () => {
    expect(checkBulkSaleStatus('INLINE', 'ONLINE', { READY: 3, ONLINE: 1, FACTURED: 2 })).toEqual({
      verdict: { ok: true },
      updated: 3,
      skipped: 2,
    });
  });

  it('refuses as a whole when the deposit forbids the status', () => {
    expect(checkBulkSaleStatus('PROGRESS', 'SELL', { READY: 3 })).toEqual({
      verdict: { ok: false, code: 'SALE_BEFORE_INLINE' },
      updated: 0,
      skipped: 0,
    });
  });
});

describe('offers and effects', () => {
  it('offers INLINE when the first product of a validated deposit goes online', () => {
    expect(offersInline('DEPOSIT_VALIDATED', 0, 'ONLINE')).toBe(true);
    expect(offersInline('DEPOSIT_VALIDATED', 1, 'ONLINE')).toBe(false);
    expect(offersInline('INLINE', 0, 'ONLINE')).toBe(false);
    expect(offersInline('DEPOSIT_VALIDATED', 0, 'READY')).toBe(false);
  });

  it('restitution takes offered products offline and keeps invoiced ones', () => {
    expect(restitutionTarget('ONLINE')).toBe('OFFLINE');
    expect(restitutionTarget('READY')).toBe('OFFLINE');
    expect(restitutionTarget('RESERVED')).toBe('OFFLINE');
    expect(restitutionTarget('FACTURED')).toBeUndefined();
    expect(restitutionTarget('REFUSED')).toBeUndefined();
  });

  it('gives every refusal a distinct translation key', () => {
    const keys = RULE_CODES.map(ruleI18nKey);
    expect(new Set(keys).size).toBe(RULE_CODES.length);
    expect(ruleI18nKey('STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD')).toBe(
      'depositRule.statusTooEarlyProductsOnlineOrSold',
    );
  });
});
