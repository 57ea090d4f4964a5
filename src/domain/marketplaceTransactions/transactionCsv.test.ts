import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { centsOf, instantOf, parseTransactionCsv, statusOf } from './transactionCsv.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/marketplace/${name}`, import.meta.url), 'utf8');

describe('the marketplace sales export', () => {
  it('reads every line of a good export, quotes and accents kept, amounts in cents', () => {
    const result = parseTransactionCsv(fixture('sales-export.csv'));
    if (!result.ok) throw new Error(result.reason);
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(6);
    expect(result.rows[0]).toMatchObject({
      line: 2,
      transactionId: '10450211871',
      orderId: '8812004501',
      itemId: '5123400101',
      title: 'Robe portefeuille Sézane, taille 38',
      soldAt: '2026-11-02T09:14:00.000Z',
      status: 'COMPLETED',
      buyerLogin: 'margaux_b',
      priceCents: 4500,
      buyerFeeCents: 295,
      shippingCents: 399,
      payoutCents: 4500,
      currency: 'EUR',
    });
    expect(result.rows[2]!.title).toBe('Manteau laine "Cos" camel');
    expect(result.rows.map((r) => r.status)).toEqual([
      'COMPLETED',
      'COMPLETED',
      'IN_PROGRESS',
      'CANCELLED',
      'REFUNDED',
      'COMPLETED',
    ]);
  });

  it('keeps the good line of a file with bad ones and names each bad line', () => {
    const result = parseTransactionCsv(fixture('sales-export-bad-rows.csv'));
    if (!result.ok) throw new Error(result.reason);
    expect(result.rows.map((r) => r.transactionId)).toEqual(['10450299901']);
    expect(result.errors).toEqual([
      { line: 3, column: 'Sale date', reason: 'CSV_DATE_INVALID', value: '2026-13-45 10:00' },
      { line: 4, column: 'Item price', reason: 'CSV_AMOUNT_INVALID', value: 'vingt euros' },
      { line: 5, column: 'Status', reason: 'CSV_STATUS_UNKNOWN', value: 'Lost in space' },
      { line: 6, column: 'Transaction ID', reason: 'CSV_VALUE_MISSING', value: '' },
      { line: 7, column: 'Transaction ID', reason: 'CSV_ROW_DUPLICATE', value: '10450299901' },
    ]);
  });

  it('refuses a file that is not a sales export, naming the missing columns', () => {
    expect(parseTransactionCsv(fixture('sales-export-wrong-file.csv'))).toEqual({
      ok: false,
      reason: 'CSV_COLUMNS_MISSING',
      missing: ['Transaction ID', 'Sale date', 'Status', 'Item price'],
    });
    expect(parseTransactionCsv('\uFEFF\r\n \r\n')).toMatchObject({ reason: 'CSV_FILE_EMPTY' });
  });

  it('reads French headers, semicolons and decimal commas', () => {
    const text =
      'ID transaction;Titre;Date de vente;Statut;Prix;Frais de service\n77;Robe;03/11/2026 14:05;Terminée;1 234,50 €;2,95\n';
    const result = parseTransactionCsv(text);
    expect(result.ok && result.rows[0]).toMatchObject({
      transactionId: '77',
      soldAt: '2026-11-03T14:05:00.000Z',
      status: 'COMPLETED',
      priceCents: 123450,
      buyerFeeCents: 295,
    });
  });

  it('reads amounts, dates and statuses strictly', () => {
    expect(centsOf('12,5')).toBe(1250);
    expect(centsOf('1.234,56')).toBe(123456);
    expect(centsOf('-3')).toBeNull();
    expect(centsOf('3.456')).toBeNull();
    expect(instantOf('2026-02-30')).toBeNull();
    expect(instantOf('2026-11-03T08:00:00+01:00')).toBe('2026-11-03T07:00:00.000Z');
    expect(statusOf('Annulée')).toBe('CANCELLED');
    expect(statusOf('REFUNDED')).toBe('REFUNDED');
    expect(statusOf('perdu')).toBeNull();
  });
});
