import { describe, expect, it } from 'vitest';
import {
  checkStatusChange,
  formatInvoiceNumber,
  INVOICE_REASONS,
  INVOICE_STATUSES,
  isPeriodValid,
  netOfGross,
  vatOf,
} from './invoiceRules.ts';
import { REASON_I18N_KEYS } from '../../rpc/errors.ts';
import { en } from '../../i18n/en.ts';
import { fr } from '../../i18n/fr.ts';

describe('checkStatusChange', () => {
  it('moves forward for staff, to PAYED only for others, never back', () => {
    const verdicts = INVOICE_STATUSES.flatMap((from) =>
      INVOICE_STATUSES.map((to) => [
        `${from}→${to}`,
        checkStatusChange(from, to, false),
        checkStatusChange(from, to, true),
      ]),
    );
    const ok = { ok: true };
    const back = { ok: false, reason: 'INVOICE_STATUS_BACKWARDS' };
    const staffOnly = { ok: false, reason: 'INVOICE_CONFIRMATION_STAFF_ONLY' };
    expect(verdicts).toEqual([
      ['NOT_PAYED→NOT_PAYED', ok, ok],
      ['NOT_PAYED→PAYED', ok, ok],
      ['NOT_PAYED→PAYEMENT_CONFIRMED', staffOnly, ok],
      ['PAYED→NOT_PAYED', back, back],
      ['PAYED→PAYED', ok, ok],
      ['PAYED→PAYEMENT_CONFIRMED', staffOnly, ok],
      ['PAYEMENT_CONFIRMED→NOT_PAYED', back, back],
      ['PAYEMENT_CONFIRMED→PAYED', back, back],
      ['PAYEMENT_CONFIRMED→PAYEMENT_CONFIRMED', ok, ok],
    ]);
  });
});

describe('numbers and amounts', () => {
  it('formats a number with its prefix, year and six digits', () => {
    expect(formatInvoiceNumber('PRODUCT_SELL', 2026, 42)).toBe('FA-2026-000042');
    expect(formatInvoiceNumber('CREDIT_NOTE', 2027, 1)).toBe('AV-2027-000001');
    expect(formatInvoiceNumber('DEPOSIT_CUSTOMER', 2026, 123456)).toBe('RV-2026-123456');
    expect(formatInvoiceNumber('MONTHLY_VENDOR', 2026, 7)).toBe('FC-2026-000007');
  });

  it('rounds VAT half away from zero, on negative amounts too', () => {
    expect(vatOf(1500, 20)).toBe(300);
    expect(vatOf(1, 20)).toBe(0);
    expect(vatOf(3, 20)).toBe(1);
    expect(vatOf(-3, 20)).toBe(-1);
    expect(vatOf(1000, 5.5)).toBe(55);
  });

  it('finds the base whose total with VAT is the price, to the cent when one exists', () => {
    for (let gross = 1; gross <= 5000; gross++) {
      const net = netOfGross(gross, 20);
      const total = net + vatOf(net, 20);
      expect(Math.abs(total - gross)).toBeLessThanOrEqual(1);
      const exact = [net - 1, net, net + 1].some((n) => n + vatOf(n, 20) === gross);
      if (exact) expect(total).toBe(gross);
    }
    expect(netOfGross(3000, 20)).toBe(2500);
  });

  it('accepts a period only when it ends after it starts', () => {
    const start = new Date('2026-11-01T00:00:00Z');
    expect(isPeriodValid(start, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isPeriodValid(start, start)).toBe(false);
    expect(isPeriodValid(start, new Date('2026-10-01T00:00:00Z'))).toBe(false);
    expect(isPeriodValid(undefined, start)).toBe(false);
    expect(isPeriodValid(start, new Date('nope'))).toBe(false);
  });
});

describe('refusal texts', () => {
  it('gives every invoicing refusal a text in French and in English', () => {
    for (const reason of INVOICE_REASONS) {
      const key = REASON_I18N_KEYS[reason];
      expect(key, reason).toMatch(/^invoicing\./);
      const item = key!.split('.')[1]! as keyof typeof fr.invoicing;
      expect(fr.invoicing[item], reason).toBeTruthy();
      expect(en.invoicing[item], reason).toBeTruthy();
    }
  });
});
