import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { CustomerService, LedgerEntryKind } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { PayoutMethod, PayoutService } from '../../src/rpc/gen/seconde/v1/payout_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { toCents } from '../../src/domain/ledger/ledger.ts';
import { CASH_PAYOUT_LIMIT_CENTS } from '../../src/domain/bank/payoutRules.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';

const run = promisify(execFile);
const XSD = 'tests/fixtures/sepa/pain.001.001.03.xsd';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let customerUuid: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 60 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid, customerUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

const customers = (who: DemoUser) => t.client(CustomerService, who);
const products = (who: DemoUser) => t.client(ProductService, who);
const payouts = (who: DemoUser) => t.client(PayoutService, who);
const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };
const key = () => `test-key-${++counter}-${Date.now()}`;

/** The reason, and the field when the server named one. */
async function refusalWithField(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const connect = ConnectError.from(error);
    const parsed = JSON.parse(connect.rawMessage) as { code: string; field?: string };
    return { code: connect.code, reason: parsed.code, field: parsed.field };
  }
  throw new Error('the call succeeded');
}

const VALID_IBANS = ['FR7630006000011234567890189', 'DE89370400440532013000', 'BE68539007547034'];

/**
 * A depositor of `vendor` (or the given existing customer) with `prices.length` items sold and
 * paid by the buyer, so their shares are payable. Returns the items and their shares in cents.
 */
async function depositorWithPaidItems(
  prices: readonly number[],
  options: { vendor?: 'vendor' | 'company'; customer?: string; lastName?: string } = {},
) {
  const n = ++counter;
  const owner = options.vendor === 'company' ? companyVendorUuid : vendorUuid;
  const depositor =
    options.customer ??
    (
      await customers('admin').create({
        customer: {
          firstName: 'Hélène',
          lastName: options.lastName ?? `Dépôt ${n}`,
          email: `payout.${n}.${Date.now()}@exemple.fr`,
          vendors: [owner],
        },
      })
    ).uuid;
  const deposit = await depositWalkedTo(t, DepositStatus.INLINE, {
    name: `Reversement ${n}`,
    vendor: owner,
    customer: depositor,
  });
  const items = [];
  for (const [i, price] of prices.entries()) {
    const item = await products('admin').create({
      product: {
        deposit: deposit.uuid,
        name: `Veste ${n}.${i}`,
        suggestedPrice: price,
        saleStatus: SaleStatus.ONLINE,
      },
    });
    const paid = await setSaleStatus(item.uuid, SaleStatus.PAYED);
    items.push({ uuid: item.uuid, share: toCents(paid.customerIncome) });
  }
  return { depositor, items, total: items.reduce((s, i) => s + i.share, 0) };
}

async function setSaleStatus(uuid: string, saleStatus: SaleStatus) {
  const current = await products('admin').retrieve({ uuid });
  return products('admin').partialUpdate({
    product: { uuid, rowVersion: current.rowVersion, saleStatus },
    updateMask: { paths: ['sale_status'] },
  });
}

const balanceOf = async (customer: string, who: DemoUser = 'vendor') => {
  const b = await customers(who).getBalance({ customer });
  return { balance: Number(b.balanceCents), payable: Number(b.payableCents) };
};

const payoutEntries = async (customer: string) =>
  (
    await customers('vendor').listLedgerEntries({ customer, pagination: { pageSize: 100 } })
  ).results.filter((e) => e.kind === LedgerEntryKind.PAYOUT);

async function setIban(customer: string, iban: string, who: DemoUser = 'vendor') {
  return customers(who).partialUpdate({
    customer: { uuid: customer, iban, accountHolder: 'Hélène Dépôt' },
    updateMask: { paths: ['iban', 'account_holder'] },
  });
}

describe('settling a depositor', () => {
  it('pays everything payable in cash: one PAYOUT entry, items settled, balance 0', async () => {
    const { depositor, items, total } = await depositorWithPaidItems([40, 25]);
    expect(total).toBeGreaterThan(0);
    expect(await balanceOf(depositor)).toEqual({ balance: total, payable: total });

    const payout = await payouts('vendor').settle({
      customer: depositor,
      method: PayoutMethod.CASH,
      memo: 'Remis en main propre',
      idempotencyKey: key(),
    });
    expect(payout).toMatchObject({
      vendor: vendorUuid,
      customer: depositor,
      method: PayoutMethod.CASH,
      amountCents: BigInt(total),
      balanceAfterCents: 0n,
      memo: 'Remis en main propre',
    });
    expect(payout.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
    expect(payout.items.map((i) => [i.product, Number(i.shareCents)]).sort()).toEqual(
      items.map((i) => [i.uuid, i.share]).sort(),
    );
    expect(await balanceOf(depositor)).toEqual({ balance: 0, payable: 0 });
    const [entry, ...more] = await payoutEntries(depositor);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ amountCents: BigInt(-total), payout: payout.uuid });
    expect(entry?.payableAt).toBeDefined();

    // Settled items are not paid twice.
    expect(
      await refusalOf(
        payouts('vendor').settle({
          customer: depositor,
          method: PayoutMethod.CASH,
          idempotencyKey: key(),
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'PAYOUT_NOTHING_PAYABLE' });
  });

  it('needs the cheque number for a cheque, and writes nothing without it', async () => {
    const { depositor, total } = await depositorWithPaidItems([30]);
    expect(
      await refusalWithField(
        payouts('vendor').settle({
          customer: depositor,
          method: PayoutMethod.CHEQUE,
          idempotencyKey: key(),
        }),
      ),
    ).toEqual({
      code: Code.InvalidArgument,
      reason: 'PAYOUT_CHEQUE_NUMBER_REQUIRED',
      field: 'cheque_number',
    });
    expect(await balanceOf(depositor)).toEqual({ balance: total, payable: total });
    expect(await payoutEntries(depositor)).toEqual([]);

    const payout = await payouts('vendor').settle({
      customer: depositor,
      method: PayoutMethod.CHEQUE,
      chequeNumber: '0012345',
      idempotencyKey: key(),
    });
    expect(payout).toMatchObject({ chequeNumber: '0012345', amountCents: BigInt(total) });
  });

  it('refuses cash above the legal limit, writes nothing, and pays the same by cheque', async () => {
    const { depositor, total } = await depositorWithPaidItems([1500, 1500]);
    expect(total).toBeGreaterThan(CASH_PAYOUT_LIMIT_CENTS);
    expect(
      await refusalWithField(
        payouts('vendor').settle({
          customer: depositor,
          method: PayoutMethod.CASH,
          idempotencyKey: key(),
        }),
      ),
    ).toMatchObject({ reason: 'PAYOUT_CASH_LIMIT', field: 'method' });
    expect(await payoutEntries(depositor)).toEqual([]);
    const payout = await payouts('vendor').settle({
      customer: depositor,
      method: PayoutMethod.CHEQUE,
      chequeNumber: '7654321',
      idempotencyKey: key(),
    });
    expect(payout.amountCents).toBe(BigInt(total));
  });

  it('pays by transfer only to a valid IBAN, and shows it masked on the payout', async () => {
    const { depositor, total } = await depositorWithPaidItems([50]);
    const transfer = () =>
      payouts('vendor').settle({
        customer: depositor,
        method: PayoutMethod.BANK_TRANSFER,
        idempotencyKey: key(),
      });
    expect(await refusalWithField(transfer())).toMatchObject({
      reason: 'IBAN_MISSING',
      field: 'customer.iban',
    });
    expect(await balanceOf(depositor)).toEqual({ balance: total, payable: total });

    await setIban(depositor, 'fr76 3000 6000 0112 3456 7890 189');
    const payout = await transfer();
    expect(payout.ibanMasked).toBe('FR76 **** **** **** **** ***0 189');
    expect(payout.amountCents).toBe(BigInt(total));
  });

  it('pays only the chosen items, then the rest', async () => {
    const { depositor, items, total } = await depositorWithPaidItems([20, 35, 60]);
    const [first, second, third] = items;
    const chosen = await payouts('vendor').settle({
      customer: depositor,
      method: PayoutMethod.STORE_CREDIT,
      products: [first!.uuid, third!.uuid],
      idempotencyKey: key(),
    });
    expect(Number(chosen.amountCents)).toBe(first!.share + third!.share);
    expect(Number(chosen.balanceAfterCents)).toBe(second!.share);
    expect(await balanceOf(depositor)).toEqual({ balance: second!.share, payable: second!.share });

    // An item already paid is no longer payable.
    expect(
      await refusalWithField(
        payouts('vendor').settle({
          customer: depositor,
          method: PayoutMethod.CASH,
          products: [first!.uuid],
          idempotencyKey: key(),
        }),
      ),
    ).toMatchObject({ reason: 'PAYOUT_ITEM_NOT_PAYABLE', field: 'products' });

    const rest = await payouts('vendor').settle({
      customer: depositor,
      method: PayoutMethod.CASH,
      idempotencyKey: key(),
    });
    expect(Number(rest.amountCents)).toBe(second!.share);
    expect(Number(chosen.amountCents) + Number(rest.amountCents)).toBe(total);
    expect(await balanceOf(depositor)).toEqual({ balance: 0, payable: 0 });
  });

  it('refuses more than the payable balance, and writes nothing', async () => {
    // Paid out, then returned: the reversal leaves the depositor owing the first share.
    const { depositor, items } = await depositorWithPaidItems([80, 20]);
    const [big, small] = items;
    await payouts('vendor').settle({
      customer: depositor,
      method: PayoutMethod.CASH,
      products: [big!.uuid],
      idempotencyKey: key(),
    });
    await setSaleStatus(big!.uuid, SaleStatus.ONLINE);
    const before = await balanceOf(depositor);
    expect(before.payable).toBe(small!.share - big!.share);
    expect(before.payable).toBeLessThan(0);
    const entriesBefore = (await payoutEntries(depositor)).length;
    const listed = (await payouts('vendor').list({ customer: depositor })).count;

    expect(
      await refusalOf(
        payouts('vendor').settle({
          customer: depositor,
          method: PayoutMethod.CASH,
          products: [small!.uuid],
          idempotencyKey: key(),
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'PAYOUT_EXCEEDS_BALANCE' });
    // Everything together nets to less than nothing: nothing is payable.
    expect(
      await refusalOf(
        payouts('vendor').settle({
          customer: depositor,
          method: PayoutMethod.CASH,
          idempotencyKey: key(),
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'PAYOUT_NOTHING_PAYABLE' });
    expect(await balanceOf(depositor)).toEqual(before);
    expect((await payoutEntries(depositor)).length).toBe(entriesBefore);
    expect((await payouts('vendor').list({ customer: depositor })).count).toBe(listed);
  });

  it('settles items payable by the cut-off only', async () => {
    const { depositor } = await depositorWithPaidItems([30]);
    expect(
      await refusalOf(
        payouts('vendor').settle({
          customer: depositor,
          method: PayoutMethod.CASH,
          cutOff: '2020-01-01',
          idempotencyKey: key(),
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'PAYOUT_NOTHING_PAYABLE' });
    expect(
      await refusalWithField(
        payouts('vendor').settle({
          customer: depositor,
          method: PayoutMethod.CASH,
          cutOff: '2026-02-30',
          idempotencyKey: key(),
        }),
      ),
    ).toMatchObject({ reason: 'PAYOUT_DATE_INVALID', field: 'cut_off' });
  });
});

describe('idempotency', () => {
  it('returns the first payout for the same key and pays once', async () => {
    const { depositor, total } = await depositorWithPaidItems([45]);
    const request = { customer: depositor, method: PayoutMethod.CASH, idempotencyKey: key() };
    const first = await payouts('vendor').settle(request);
    const again = await payouts('vendor').settle(request);
    expect(again.uuid).toBe(first.uuid);
    expect(again.receiptNumber).toBe(first.receiptNumber);
    expect(Number(again.amountCents)).toBe(total);
    expect(await payoutEntries(depositor)).toHaveLength(1);
    expect((await payouts('vendor').list({ customer: depositor })).count).toBe(1);
  });

  it('pays once when identical requests race', async () => {
    const { depositor, total } = await depositorWithPaidItems([55, 15]);
    const request = { customer: depositor, method: PayoutMethod.CASH, idempotencyKey: key() };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => payouts('vendor').settle(request)),
    );
    expect(new Set(answers.map((a) => a.uuid)).size).toBe(1);
    expect(answers.every((a) => Number(a.amountCents) === total)).toBe(true);
    expect(await payoutEntries(depositor)).toHaveLength(1);
    expect(await balanceOf(depositor)).toEqual({ balance: 0, payable: 0 });
  });

  it('pays once when different requests race for the same items', async () => {
    const { depositor, total } = await depositorWithPaidItems([35]);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        payouts('vendor').settle({
          customer: depositor,
          method: PayoutMethod.CASH,
          idempotencyKey: key(),
        }),
      ),
    );
    const paid = results.filter((r) => r.status === 'fulfilled');
    expect(paid).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect(await refusalOf(Promise.reject((r as PromiseRejectedResult).reason))).toEqual({
        code: Code.FailedPrecondition,
        reason: 'PAYOUT_NOTHING_PAYABLE',
      });
    expect(await balanceOf(depositor)).toEqual({ balance: 0, payable: 0 });
    expect(Number((await payoutEntries(depositor))[0]?.amountCents)).toBe(-total);
  });

  it('refuses a key already used for another depositor', async () => {
    const a = await depositorWithPaidItems([25]);
    const b = await depositorWithPaidItems([25]);
    const idempotencyKey = key();
    await payouts('vendor').settle({
      customer: a.depositor,
      method: PayoutMethod.CASH,
      idempotencyKey,
    });
    expect(
      await refusalOf(
        payouts('vendor').settle({
          customer: b.depositor,
          method: PayoutMethod.CASH,
          idempotencyKey,
        }),
      ),
    ).toEqual({ code: Code.AlreadyExists, reason: 'IDEMPOTENCY_KEY_REUSED' });
  });
});

describe('receipts', () => {
  it('numbers receipts without gaps per vendor and year, refusals included', async () => {
    const { depositor } = await depositorWithPaidItems([10, 10, 10]);
    const all = await payouts('vendor').list({
      vendor: vendorUuid,
      pagination: { pageSize: 1000 },
    });
    const year = new Date().getUTCFullYear();
    const seqs = all.results
      .filter((p) => p.receiptNumber.startsWith(`R-${year}-`))
      .map((p) => Number(p.receiptNumber.slice(7)))
      .sort((x, y) => x - y);
    const before = seqs.length;
    expect(seqs).toEqual(Array.from({ length: before }, (_, i) => i + 1));

    const items = (
      await customers('vendor').listLedgerEntries({
        customer: depositor,
        pagination: { pageSize: 10 },
      })
    ).results.map((e) => e.product);
    const numbers: string[] = [];
    for (const product of items) {
      // A refused attempt in between takes no number.
      await refusalOf(
        payouts('vendor').settle({
          customer: depositor,
          method: PayoutMethod.CHEQUE,
          products: [product],
          idempotencyKey: key(),
        }),
      );
      const paid = await payouts('vendor').settle({
        customer: depositor,
        method: PayoutMethod.CASH,
        products: [product],
        idempotencyKey: key(),
      });
      numbers.push(paid.receiptNumber);
    }
    expect(numbers).toEqual(
      [1, 2, 3].map((i) => `R-${year}-${String(before + i).padStart(6, '0')}`),
    );
    // Another vendor counts on their own.
    const other = await depositorWithPaidItems([10], { vendor: 'company' });
    const theirs = await payouts('admin').settle({
      customer: other.depositor,
      vendor: companyVendorUuid,
      method: PayoutMethod.CASH,
      idempotencyKey: key(),
    });
    expect(theirs.receiptNumber).toBe(`R-${year}-000001`);
  });

  it('downloads the receipt as a PDF rendered from the snapshot', async () => {
    const { depositor } = await depositorWithPaidItems([30]);
    const payout = await payouts('vendor').settle({
      customer: depositor,
      method: PayoutMethod.CASH,
      idempotencyKey: key(),
    });
    const file = await payouts('vendor').downloadReceipt({ uuid: payout.uuid });
    expect(file.contentType).toBe('application/pdf');
    expect(file.filename).toBe(`recu-${payout.receiptNumber}.pdf`);
    expect(new TextDecoder().decode(file.data.slice(0, 5))).toBe('%PDF-');
    expect(await refusalOf(payouts('company').downloadReceipt({ uuid: payout.uuid }))).toEqual(
      forbidden,
    );
  });
});

describe('who may pay and read payouts', () => {
  it('keeps vendors to their own depositors, and customers to their own payouts', async () => {
    const mine = await depositorWithPaidItems([30]);
    // company@ is another vendor: neither the depositor nor the vendor may be named by them.
    expect(
      await refusalOf(
        payouts('company').settle({
          customer: mine.depositor,
          method: PayoutMethod.CASH,
          idempotencyKey: key(),
        }),
      ),
    ).toEqual(forbidden);
    expect(
      await refusalOf(
        payouts('company').settle({
          customer: mine.depositor,
          vendor: vendorUuid,
          method: PayoutMethod.CASH,
          idempotencyKey: key(),
        }),
      ),
    ).toEqual(forbidden);
    expect(
      await refusalOf(
        payouts('customer').settle({
          customer: customerUuid,
          method: PayoutMethod.CASH,
          idempotencyKey: key(),
        }),
      ),
    ).toEqual(forbidden);
    expect(
      await refusalOf(
        payouts('company').createSepaBatch({
          customers: [mine.depositor],
          executionDate: '2099-01-01',
          idempotencyKey: key(),
        }),
      ),
    ).toEqual(forbidden);
    expect(await balanceOf(mine.depositor)).toMatchObject({ payable: mine.total });

    const paid = await payouts('vendor').settle({
      customer: mine.depositor,
      method: PayoutMethod.CASH,
      idempotencyKey: key(),
    });
    const own = await depositorWithPaidItems([30], { customer: customerUuid });
    const ownPayout = await payouts('vendor').settle({
      customer: own.depositor,
      method: PayoutMethod.CASH,
      idempotencyKey: key(),
    });

    const companySees = await payouts('company').list({ pagination: { pageSize: 1000 } });
    expect(companySees.results.every((p) => p.vendor === companyVendorUuid)).toBe(true);
    expect((await payouts('company').list({ customer: mine.depositor })).count).toBe(0);

    const customerSees = await payouts('customer').list({ pagination: { pageSize: 1000 } });
    expect(customerSees.results.map((p) => p.uuid)).toEqual([ownPayout.uuid]);
    expect(await refusalOf(payouts('customer').downloadReceipt({ uuid: paid.uuid }))).toEqual(
      forbidden,
    );
    const receipt = await payouts('customer').downloadReceipt({ uuid: ownPayout.uuid });
    expect(receipt.data.length).toBeGreaterThan(100);
  });
});

describe("the customer's bank details", () => {
  it('refuses a bad IBAN or BIC on save, naming the field, and writes nothing', async () => {
    const { depositor } = await depositorWithPaidItems([10]);
    expect(await refusalWithField(setIban(depositor, 'FR7630006000011234567890188'))).toEqual({
      code: Code.InvalidArgument,
      reason: 'IBAN_CHECKSUM',
      field: 'customer.iban',
    });
    expect(await refusalWithField(setIban(depositor, 'FR76 3000'))).toMatchObject({
      reason: 'IBAN_FORMAT',
      field: 'customer.iban',
    });
    expect(
      await refusalWithField(setIban(depositor, 'BR1800360305000010009795493C1')),
    ).toMatchObject({
      reason: 'IBAN_COUNTRY',
      field: 'customer.iban',
    });
    expect(
      await refusalWithField(
        customers('vendor').partialUpdate({
          customer: { uuid: depositor, bic: 'BNP' },
          updateMask: { paths: ['bic'] },
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'BIC_INVALID', field: 'customer.bic' });
    expect(
      await refusalWithField(
        customers('admin').create({
          customer: {
            firstName: 'Iban',
            lastName: 'Faux',
            email: `iban.${Date.now()}@exemple.fr`,
            vendors: [vendorUuid],
            iban: 'DE89370400440532013001',
          },
        }),
      ),
    ).toMatchObject({ reason: 'IBAN_CHECKSUM', field: 'customer.iban' });
    expect((await customers('vendor').retrieve({ uuid: depositor })).iban).toBe('');
  });

  it('shows the IBAN in full to the vendor, masked to staff; a masked one sent back changes nothing', async () => {
    const { depositor } = await depositorWithPaidItems([10]);
    const saved = await setIban(depositor, 'DE89 3704 0044 0532 0130 00');
    expect(saved.iban).toBe('DE89370400440532013000');
    expect(saved.ibanMasked).toBe('DE89 **** **** **** **30 00');
    const asAdmin = await customers('admin').retrieve({ uuid: depositor });
    expect(asAdmin.iban).toBe('DE89 **** **** **** **30 00');
    const listed = await customers('admin').list({ search: asAdmin.lastName });
    expect(listed.results.find((c) => c.uuid === depositor)?.iban).toBe(asAdmin.ibanMasked);
    // Staff saving the record as they read it keep the stored IBAN.
    const resaved = await customers('admin').update({ customer: asAdmin });
    expect(resaved.iban).toBe(asAdmin.ibanMasked);
    expect((await customers('vendor').retrieve({ uuid: depositor })).iban).toBe(
      'DE89370400440532013000',
    );
    // Every other answer about the customer follows the same rule.
    const accepted = await customers('admin').acceptLegalTerms({ uuid: depositor });
    expect(accepted.iban).toBe(asAdmin.ibanMasked);
  });
});

async function validates(xml: string) {
  const dir = await mkdtemp(join(tmpdir(), 'sepa-'));
  const file = join(dir, 'batch.xml');
  await writeFile(file, xml);
  const { stderr } = await run('xmllint', ['--noout', '--schema', XSD, file]);
  return stderr.trim();
}

const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}[^>]*>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);

describe('SEPA credit-transfer batches', () => {
  it('previews, builds a valid pain.001.001.03 file, and pays the included depositors', async () => {
    const a = await depositorWithPaidItems([40, 12.34], { lastName: 'Œuvre-Dupré' });
    const b = await depositorWithPaidItems([27]);
    const c = await depositorWithPaidItems([19]);
    const d = await depositorWithPaidItems([33]);
    await setIban(a.depositor, VALID_IBANS[0]!);
    await setIban(b.depositor, VALID_IBANS[1]!);
    await customers('vendor').partialUpdate({
      customer: { uuid: b.depositor, bic: 'deutdeff' },
      updateMask: { paths: ['bic'] },
    });
    await setIban(d.depositor, VALID_IBANS[2]!);

    const preview = await payouts('vendor').previewBatch({});
    const row = (uuid: string) => preview.depositors.find((x) => x.customer === uuid);
    expect(row(a.depositor)).toMatchObject({ ok: true, payableCents: BigInt(a.total), reason: '' });
    expect(row(a.depositor)?.ibanMasked).toBe('FR76 **** **** **** **** ***0 189');
    expect(row(c.depositor)).toMatchObject({ ok: false, reason: 'IBAN_MISSING' });

    // Without the vendor's own account the file cannot be made.
    expect(
      await refusalWithField(
        payouts('vendor').createSepaBatch({
          customers: [a.depositor],
          executionDate: '2099-01-02',
          idempotencyKey: key(),
        }),
      ),
    ).toMatchObject({ reason: 'SEPA_DEBTOR_MISSING', field: 'debtor_iban' });
    expect(
      await refusalWithField(
        payouts('vendor').createSepaBatch({
          customers: [a.depositor],
          executionDate: '2099-01-02',
          idempotencyKey: key(),
          debtorIban: 'FR7630006000011234567890188',
        }),
      ),
    ).toMatchObject({ reason: 'IBAN_CHECKSUM', field: 'debtor_iban' });

    // d has already been paid in cash: nothing is payable any more.
    await payouts('vendor').settle({
      customer: d.depositor,
      method: PayoutMethod.CASH,
      idempotencyKey: key(),
    });

    const request = {
      customers: [a.depositor, b.depositor, c.depositor, d.depositor],
      executionDate: '2099-01-02',
      idempotencyKey: key(),
      debtorIban: 'FR14 2004 1010 0505 0001 3M02 606',
      debtorBic: 'PSSTFRPPPAR',
      debtorName: 'Friperie Élégante & Cie',
    };
    const batch = await payouts('vendor').createSepaBatch(request);
    expect(batch.count).toBe(2);
    expect(Number(batch.totalCents)).toBe(a.total + b.total);
    expect(batch.excluded.map((e) => [e.customer, e.reason])).toEqual([
      [c.depositor, 'IBAN_MISSING'],
      [d.depositor, 'PAYOUT_NOTHING_PAYABLE'],
    ]);

    const xml = new TextDecoder().decode(batch.xml);
    expect(await validates(xml)).toMatch(/validates/);
    const paid = await payouts('vendor').list({ sepaBatch: batch.uuid });
    expect(paid.count).toBe(2);
    expect(paid.results.every((p) => p.method === PayoutMethod.BANK_TRANSFER)).toBe(true);
    const sum = paid.results.reduce((s, p) => s + p.amountCents, 0n);
    const cents = (text: string) => Number(text.replace('.', ''));
    expect(tag(xml, 'NbOfTxs')).toEqual(['2', '2']);
    expect(tag(xml, 'CtrlSum').map(cents)).toEqual([Number(sum), Number(sum)]);
    expect(tag(xml, 'InstdAmt').map(cents).sort()).toEqual(
      paid.results.map((p) => Number(p.amountCents)).sort(),
    );
    expect(tag(xml, 'MsgId')).toEqual([batch.messageId]);
    expect(tag(xml, 'IBAN')).toEqual([
      'FR1420041010050500013M02606',
      VALID_IBANS[0],
      VALID_IBANS[1],
    ]);
    // Accents and signs outside the SEPA Latin set are transliterated.
    expect(tag(xml, 'Nm')).toContain('Friperie Elegante + Cie');
    expect(xml).toContain('<Nm>Helene Depot</Nm>');
    expect(xml).not.toMatch(/[éèÉŒœ&]/u);
    expect(await balanceOf(a.depositor)).toEqual({ balance: 0, payable: 0 });
    expect(await balanceOf(b.depositor)).toEqual({ balance: 0, payable: 0 });
    expect(await balanceOf(c.depositor)).toEqual({ balance: c.total, payable: c.total });

    // The same key returns the same file and pays nothing more.
    const again = await payouts('vendor').createSepaBatch(request);
    expect(again.uuid).toBe(batch.uuid);
    expect((await payouts('vendor').list({ sepaBatch: batch.uuid })).count).toBe(2);

    const file = await payouts('vendor').downloadSepaBatch({ uuid: batch.uuid });
    expect(new TextDecoder().decode(file.data)).toBe(xml);
    expect(file.contentType).toBe('application/xml');
    expect(await refusalOf(payouts('company').downloadSepaBatch({ uuid: batch.uuid }))).toEqual(
      forbidden,
    );
    const listed = await payouts('vendor').listSepaBatches({});
    expect(listed.results.map((x) => x.uuid)).toContain(batch.uuid);
    expect(listed.results.every((x) => x.xml.length === 0)).toBe(true);

    // The debtor account is remembered for the next file.
    const next = await depositorWithPaidItems([21]);
    await setIban(next.depositor, VALID_IBANS[2]!);
    const second = await payouts('vendor').createSepaBatch({
      customers: [next.depositor],
      executionDate: '2099-01-03',
      idempotencyKey: key(),
    });
    expect(second.count).toBe(1);
    expect(await validates(new TextDecoder().decode(second.xml))).toMatch(/validates/);
  });

  it('refuses a batch nobody in it can be paid by, and writes nothing', async () => {
    const c = await depositorWithPaidItems([19]);
    expect(
      await refusalOf(
        payouts('vendor').createSepaBatch({
          customers: [c.depositor],
          executionDate: '2099-01-02',
          idempotencyKey: key(),
          debtorIban: VALID_IBANS[0],
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'SEPA_NOTHING_TO_PAY' });
    expect(
      await refusalWithField(
        payouts('vendor').createSepaBatch({
          customers: [c.depositor],
          executionDate: '2020-01-02',
          idempotencyKey: key(),
        }),
      ),
    ).toMatchObject({ reason: 'PAYOUT_DATE_INVALID', field: 'execution_date' });
    expect(await balanceOf(c.depositor)).toEqual({ balance: c.total, payable: c.total });
  });
});
