import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { PersonalDataService } from '../../src/rpc/gen/seconde/v1/personal_data_pb.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let customerUuid: string;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 30 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, customerUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

const personal = (who: 'vendor' | 'admin' | 'customer') => t.client(PersonalDataService, who);
interface Exported {
  readonly format: string;
  readonly customer: { uuid: string; email: string; iban: string };
  readonly deposits: { uuid: string }[];
  readonly products: { uuid: string }[];
  readonly ledgerEntries: unknown[];
  readonly payouts: { uuid: string }[];
  readonly invoices: { uuid: string }[];
  readonly restitutionReceipts: {
    uuid: string;
    deposit: string;
    status: string;
    items: unknown[];
    acceptance: Record<string, unknown> | null;
  }[];
}
const json = (data: Uint8Array) => JSON.parse(new TextDecoder().decode(data)) as Exported;

interface Depositor {
  readonly uuid: string;
  readonly deposit: string;
  readonly invoice: string;
  readonly payout: string;
  readonly email: string;
}

let n = 0;

/**
 * A depositor of vendor@ whose deposit is restituted, with one item sold, credited, paid out
 * (ledger, payout and receipt) and stated on an invoice, and a buyer record and a mail under the
 * same e-mail: everything erasure must mask or keep.
 */
async function closedDepositor(): Promise<Depositor> {
  const db = t.server.db;
  const email = `effacement.${process.pid}.${++n}@exemple.fr`;
  const customer = await t.client(CustomerService, 'admin').create({
    customer: {
      firstName: 'Inès',
      lastName: `Effacée ${n}`,
      email,
      phoneNumber: '0612345678',
      address: '5 rue des Martyrs',
      postalCode: '75009',
      city: 'Paris',
      vendors: [vendorUuid],
    },
  });
  await sql`update customer set iban = 'FR7630006000011234567890189', account_holder = 'Inès E.'
    where uuid = ${customer.uuid}`.execute(db);
  const { rows: deposits } = await sql<{ uuid: string }>`
    insert into deposit (vendor, customer, name, status, customer_postal_code)
    values (${vendorUuid}, ${customer.uuid}, ${`Effacement ${n}`}, 'RESTITUED', '75009')
    returning uuid`.execute(db);
  const deposit = deposits[0]!.uuid;
  const { rows: products } = await sql<{ uuid: string }>`
    insert into product (deposit, name, sale_status, selled_price, customer_income)
    values (${deposit}, 'Manteau', 'FACTURED', 40, 32) returning uuid`.execute(db);
  const { rows: credits } = await sql<{ uuid: string }>`
    insert into depositor_ledger_entry (vendor, customer, kind, amount_cents, product, payable_at)
    values (${vendorUuid}, ${customer.uuid}, 'SALE_CREDIT', 3200, ${products[0]!.uuid}, now())
    returning uuid`.execute(db);
  const { rows: debits } = await sql<{ uuid: string }>`
    insert into depositor_ledger_entry (vendor, customer, kind, amount_cents, payable_at)
    values (${vendorUuid}, ${customer.uuid}, 'PAYOUT', -3200, now()) returning uuid`.execute(db);
  const { rows: payouts } = await sql<{ uuid: string }>`
    insert into payout (vendor, customer, method, amount_cents, cut_off, receipt_year, receipt_seq,
      receipt_number, receipt, idempotency_key, ledger_entry)
    values (${vendorUuid}, ${customer.uuid}, 'CASH', 3200, current_date, 2026, ${900 + n},
      ${`R-2026-${900 + n}`}, ${JSON.stringify({ depositor: { name: `Inès Effacée ${n}` } })},
      ${`erase-${n}`}, ${debits[0]!.uuid})
    returning uuid`.execute(db);
  expect(credits).toHaveLength(1);
  const { rows: invoices } = await sql<{ uuid: string }>`
    insert into invoice (customer, vendor, category, full_invoice_number, total_cents,
      customer_party)
    values (${customer.uuid}, ${vendorUuid}, 'DEPOSIT_CUSTOMER', ${`RV-2026-${900 + n}`}, 3200,
      ${JSON.stringify({ name: `Inès Effacée ${n}`, email })})
    returning uuid`.execute(db);
  await sql`insert into buyer (first_name, last_name, email) values ('Inès', 'Acheteuse', ${email.toUpperCase()})`.execute(
    db,
  );
  await sql`insert into outbox_mail (recipient, subject, body) values (${email}, 'Votre dépôt', 'Bonjour Inès')`.execute(
    db,
  );
  return {
    uuid: customer.uuid,
    deposit,
    invoice: invoices[0]!.uuid,
    payout: payouts[0]!.uuid,
    email,
  };
}

describe('personal data', () => {
  it('gives a customer their own record, deposits and items', async () => {
    const file = await personal('customer').exportPersonalData({ customer: customerUuid });
    expect(file.contentType).toBe('application/json');
    const data = json(file.data);
    expect(data).toMatchObject({ format: 'seconde-personal-data/1' });
    expect(data.customer.uuid).toBe(customerUuid);
    const { rows } = await sql<{ deposits: number; products: number }>`
      select (select count(*)::int from deposit where customer = ${customerUuid}) as deposits,
        (select count(*)::int from product p join deposit d on d.uuid = p.deposit
          where d.customer = ${customerUuid}) as products`.execute(t.server.db);
    expect(data.deposits).toHaveLength(rows[0]!.deposits);
    expect(data.products).toHaveLength(rows[0]!.products);
    expect(rows[0]!.deposits).toBeGreaterThan(0);
  });

  it('exports a depositor for staff with their payouts, ledger and invoices', async () => {
    const depositor = await closedDepositor();
    const data = json(
      (await personal('admin').exportPersonalData({ customer: depositor.uuid })).data,
    );
    expect(data.customer.email).toBe(depositor.email);
    expect(data.customer.iban).toBe('FR7630006000011234567890189');
    expect(data.payouts.map((p) => p.uuid)).toEqual([depositor.payout]);
    expect(data.ledgerEntries).toHaveLength(2);
    expect(data.invoices.map((i) => i.uuid)).toEqual([depositor.invoice]);
    expect(data.deposits.map((d) => d.uuid)).toEqual([depositor.deposit]);
  });

  it('includes the receipts of their restitutions with the record of their acceptance', async () => {
    const depositor = await closedDepositor();
    const other = await closedDepositor();
    const receiptOf = async (customer: string, deposit: string, accepted: boolean) => {
      const { rows } = await sql<{ uuid: string }>`
        insert into restitution_receipt (deposit, vendor, customer, deposit_name, restituted_at,
          holder, depositor, items, token_hash, token_expires_at, status, accepted_at,
          accepted_through, accepted_by, accepted_ip, accepted_user_agent)
        values (${deposit}, ${vendorUuid}, ${customer}, 'Effacement', now(),
          ${JSON.stringify({ name: 'Vendeuse' })}, ${JSON.stringify({ name: 'Inès' })},
          ${JSON.stringify([{ product: '', reference: 'R1', name: 'Manteau', condition: 'GOOD' }])},
          ${`hash-${deposit}`}, now() + interval '30 days',
          ${accepted ? 'ACCEPTED' : 'WAITING'}, ${accepted ? new Date() : null},
          ${accepted ? 'SCREEN' : null}, ${accepted ? 'sub-ines' : null},
          ${accepted ? '203.0.113.7' : null}, ${accepted ? 'Firefox' : null})
        returning uuid`.execute(t.server.db);
      return rows[0]!.uuid;
    };
    const own = await receiptOf(depositor.uuid, depositor.deposit, true);
    await receiptOf(other.uuid, other.deposit, false);
    const data = json(
      (await personal('admin').exportPersonalData({ customer: depositor.uuid })).data,
    );
    expect(data.restitutionReceipts).toHaveLength(1);
    const [receipt] = data.restitutionReceipts;
    expect(receipt).toMatchObject({ uuid: own, deposit: depositor.deposit, status: 'ACCEPTED' });
    expect(receipt!.items).toHaveLength(1);
    expect(receipt!.acceptance).toMatchObject({
      through: 'SCREEN',
      by: 'sub-ines',
      ip: '203.0.113.7',
      userAgent: 'Firefox',
    });
    expect(receipt!.acceptance!.acceptedAt).toBeTruthy();
    expect(JSON.stringify(data)).not.toContain(`hash-${depositor.deposit}`);
  });

  it("lets nobody export or erase someone else's data", async () => {
    const other = await closedDepositor();
    // Each call starts when its turn comes: a refusal never waits unobserved.
    for (const call of [
      () => personal('customer').exportPersonalData({ customer: other.uuid }),
      () => personal('customer').erasePersonalData({ customer: other.uuid }),
      () => personal('vendor').exportPersonalData({ customer: other.uuid }),
      () => personal('vendor').erasePersonalData({ customer: other.uuid }),
      () => personal('vendor').exportPersonalData({ customer: customerUuid }),
    ])
      expect((await refusalOf(call())).code).toBe(Code.PermissionDenied);
    const { rows } = await sql<{ email: string | null }>`
      select email from customer where uuid = ${other.uuid}`.execute(t.server.db);
    expect(rows[0]!.email).toBe(other.email);
  });

  it('waits while a deposit is open, and says so', async () => {
    expect(
      await refusalOf(personal('customer').erasePersonalData({ customer: customerUuid })),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'ERASURE_CONTRACT_OPEN' });
    const { rows } = await sql<{ erased_at: Date | null; email: string | null }>`
      select erased_at, email from customer where uuid = ${customerUuid}`.execute(t.server.db);
    expect(rows[0]).toMatchObject({ erased_at: null, email: 'customer@seconde.test' });
  });

  it('masks the customer everywhere but keeps invoices, payouts and the ledger, and says why', async () => {
    const depositor = await closedDepositor();
    const db = t.server.db;
    const invoiceBefore = await sql<Record<string, unknown>>`
      select * from invoice where uuid = ${depositor.invoice}`.execute(db);
    const payoutBefore = await sql<Record<string, unknown>>`
      select * from payout where uuid = ${depositor.payout}`.execute(db);

    const result = await personal('admin').erasePersonalData({ customer: depositor.uuid });
    expect(result.alreadyErased).toBe(false);
    expect(result.masked).toEqual(
      expect.arrayContaining(['CUSTOMER', 'SIGN_IN', 'DEPOSITS', 'BUYERS', 'MAILS']),
    );
    expect(result.kept.map((k) => [k.kind, k.count, k.reason])).toEqual([
      ['INVOICES', 1, 'ACCOUNTING_RECORDS'],
      ['PAYOUTS', 1, 'ACCOUNTING_RECORDS'],
      ['LEDGER', 2, 'ACCOUNTING_RECORDS'],
    ]);

    const { rows } = await sql<Record<string, unknown>>`
      select * from customer where uuid = ${depositor.uuid}`.execute(db);
    expect(rows[0]).toMatchObject({
      first_name: null,
      last_name: null,
      email: null,
      phone_number: null,
      address: null,
      postal_code: null,
      city: null,
      iban: null,
      account_holder: null,
      identity_user_uuid: null,
    });
    expect(rows[0]!.erased_at).toBeInstanceOf(Date);
    const deposit = await sql<{ customer_postal_code: string | null }>`
      select customer_postal_code from deposit where uuid = ${depositor.deposit}`.execute(db);
    expect(deposit.rows[0]!.customer_postal_code).toBeNull();
    const buyers = await sql`select 1 from buyer where lower(email) = ${depositor.email}`.execute(
      db,
    );
    expect(buyers.rows).toHaveLength(0);
    const mails = await sql`select 1 from outbox_mail where recipient = ${depositor.email}`.execute(
      db,
    );
    expect(mails.rows).toHaveLength(0);

    // The invoice and the payout receipt stay as issued, names included.
    const invoiceAfter = await sql<Record<string, unknown>>`
      select * from invoice where uuid = ${depositor.invoice}`.execute(db);
    expect(invoiceAfter.rows).toEqual(invoiceBefore.rows);
    expect(JSON.stringify(invoiceAfter.rows[0]!.customer_party)).toContain('Inès');
    const payoutAfter = await sql<Record<string, unknown>>`
      select * from payout where uuid = ${depositor.payout}`.execute(db);
    expect(payoutAfter.rows).toEqual(payoutBefore.rows);

    // A second erasure changes nothing and answers the same.
    const again = await personal('admin').erasePersonalData({ customer: depositor.uuid });
    expect(again.alreadyErased).toBe(true);
    expect(again.erasedAt).toEqual(result.erasedAt);
    expect(again.kept).toEqual(result.kept);
    const still = await sql<Record<string, unknown>>`
      select * from customer where uuid = ${depositor.uuid}`.execute(db);
    expect(still.rows).toEqual(rows);
  });
});
