import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  DepositService,
  DepositStatus,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  PoliceRegisterEntryKind,
  PoliceRegisterService,
} from '../../src/rpc/gen/seconde/v1/police_register_pb.ts';
import { ProductQuality, ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  RestitutionAcceptanceChannel,
  RestitutionReceiptService,
  RestitutionReceiptStatus,
} from '../../src/rpc/gen/seconde/v1/restitution_receipt_pb.ts';
import { RECEPTION_ID_DOCUMENT } from '../helpers/depositWalk.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

const run = promisify(execFile);

let t: TestServer;
let vendorUuid: string;
let customerUuid: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer({}, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, customerUuid } = await t.demoRecords());
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const receipts = (who?: DemoUser) => t.client(RestitutionReceiptService, who);
const deposits = (who: DemoUser) => t.client(DepositService, who);
const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A deposit of vendor@ for `customer` (a new depositor when unset), received, with its items. */
async function receivedDeposit(customer?: string) {
  const n = ++counter;
  const depositor =
    customer ??
    (
      await t.client(CustomerService, 'admin').create({
        customer: {
          firstName: 'Odile',
          lastName: `Restitution ${n}`,
          email: `restitution.${n}.${Date.now()}@exemple.fr`,
          address: '3 rue des Tanneurs',
          postalCode: '69002',
          city: 'Lyon',
          vendors: [vendorUuid],
        },
      })
    ).uuid;
  const created = await deposits('admin').create({
    deposit: { name: `Restitution ${n} ${Date.now()}`, vendor: vendorUuid, customer: depositor },
  });
  const items = [];
  for (const [name, quality] of [
    ['Manteau en laine bouillie', ProductQuality.GOOD],
    ['Robe à fleurs', ProductQuality.NEW_WITH_TICKET],
  ] as const)
    items.push(
      await t.client(ProductService, 'admin').create({
        product: { deposit: created.uuid, name, quality, suggestedPrice: 30 },
      }),
    );
  const sent = await deposits('admin').partialUpdate({
    deposit: { uuid: created.uuid, rowVersion: created.rowVersion, status: DepositStatus.SEND },
    updateMask: { paths: ['status'] },
  });
  const received = await deposits('vendor').partialUpdate({
    deposit: {
      uuid: sent.uuid,
      rowVersion: sent.rowVersion,
      status: DepositStatus.RECEIVED,
      ...RECEPTION_ID_DOCUMENT,
    },
    updateMask: { paths: ['status', ...Object.keys(RECEPTION_ID_DOCUMENT).map(snake)] },
  });
  return { deposit: received, items, customer: depositor };
}

const restitute = (deposit: Deposit) =>
  deposits('vendor').partialUpdate({
    deposit: {
      uuid: deposit.uuid,
      rowVersion: deposit.rowVersion,
      status: DepositStatus.RESTITUED,
    },
    updateMask: { paths: ['status'] },
  });

/** The personal link's token from the receipt's mail in the outbox. */
async function mailedToken(deposit: string) {
  const { rows } = await sql<{ recipient: string; subject: string; body: string }>`
    select recipient, subject, body from outbox_mail where deposit = ${deposit}
      and subject like 'Reçu de restitution%'`.execute(t.server.db);
  expect(rows).toHaveLength(1);
  const token = /\/restitution-receipt\/([A-Za-z0-9_-]+)/.exec(rows[0]!.body)?.[1];
  expect(token).toBeTruthy();
  return { mail: rows[0]!, token: token! };
}

async function pdfText(bytes: Uint8Array) {
  const dir = await mkdtemp(join(tmpdir(), 'receipt-'));
  const file = join(dir, 'receipt.pdf');
  await writeFile(file, bytes);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

describe('restitution receipts', () => {
  it('writes the receipt at restitution, lists the returned items, mails the link, enters the register', async () => {
    const before = (
      await t.client(PoliceRegisterService, 'vendor').list({ pagination: { pageSize: 5000 } })
    ).results.length;
    const { deposit, items, customer } = await receivedDeposit();
    expect((await receipts('vendor').getForDeposit({ deposit: deposit.uuid })).receipt).toBe(
      undefined,
    );
    await restitute(deposit);
    const { receipt } = await receipts('vendor').getForDeposit({ deposit: deposit.uuid });
    expect(receipt?.status).toBe(RestitutionReceiptStatus.WAITING);
    expect(receipt?.depositorName).toMatch(/^Odile Restitution/);
    expect(receipt?.holderName).not.toBe('');
    expect(receipt?.items.map((i) => [i.product, i.name, i.condition]).sort()).toEqual(
      [
        [items[0]!.uuid, 'Manteau en laine bouillie', 'GOOD'],
        [items[1]!.uuid, 'Robe à fleurs', 'NEW_WITH_TICKET'],
      ].sort(),
    );

    const { mail } = await mailedToken(deposit.uuid);
    const { rows } = await sql<{ email: string }>`
      select email from customer where uuid = ${customer}`.execute(t.server.db);
    expect(mail.recipient).toBe(rows[0]!.email);
    expect(mail.body).toContain('Bonjour Odile Restitution');

    // Two RESTITUTION entries, naming the items and the receipt, and the chain still verifies.
    const entries = (
      await t.client(PoliceRegisterService, 'vendor').list({ pagination: { pageSize: 5000 } })
    ).results;
    const added = entries.slice(before).filter((e) => e.deposit === deposit.uuid);
    const returned = added.filter((e) => e.kind === PoliceRegisterEntryKind.RESTITUTION);
    expect(returned.map((e) => e.product).sort()).toEqual(items.map((i) => i.uuid).sort());
    expect(returned.find((e) => e.product === items[0]!.uuid)?.item?.condition).toBe('GOOD');
    expect(returned[0]!.depositor?.idDocumentNumber).toBe(
      RECEPTION_ID_DOCUMENT.receptionIdDocumentNumber,
    );
    const { rows: content } = await sql<{ receipt: string }>`
      select content->>'restitutionReceipt' as receipt from police_register_entry
      where uuid = ${returned[0]!.uuid}`.execute(t.server.db);
    expect(content[0]!.receipt).toBe(receipt!.uuid);
    expect((await t.client(PoliceRegisterService, 'vendor').verify({})).intact).toBe(true);

    // The PDF in both languages, read back.
    const fr = await pdfText(
      (await receipts('vendor').download({ receipt: receipt!.uuid, language: 'fr' })).file,
    );
    expect(fr).toContain('Reçu de restitution');
    expect(fr).toContain('Manteau en laine bouillie');
    expect(fr).toContain('Neuf avec étiquette');
    expect(fr).toContain('Bon état');
    expect(fr).toContain('Odile Restitution');
    expect(fr).toContain(RECEPTION_ID_DOCUMENT.receptionIdDocumentNumber);
    expect(fr).toContain('1932');
    expect(fr).toContain('en attente d’acceptation');
    const en = await pdfText(
      (await receipts('admin').download({ receipt: receipt!.uuid, language: 'en' })).file,
    );
    expect(en).toContain('Restitution receipt');
    expect(en).toContain('New with tags');
    expect(en).toContain('waiting for the depositor’s acceptance');
  });

  it('lets the depositor accept on the screen once; others read or accept nothing', async () => {
    const { deposit } = await receivedDeposit(customerUuid);
    await restitute(deposit);
    const { receipt } = await receipts('customer').getForDeposit({ deposit: deposit.uuid });
    expect(receipt?.status).toBe(RestitutionReceiptStatus.WAITING);
    const uuid = receipt!.uuid;

    // Another vendor reads nothing; a vendor and staff do not accept for the depositor.
    expect(await refusalOf(receipts('company').getForDeposit({ deposit: deposit.uuid }))).toEqual(
      forbidden,
    );
    expect(await refusalOf(receipts('company').download({ receipt: uuid }))).toEqual(forbidden);
    expect(await refusalOf(receipts('vendor').accept({ receipt: uuid }))).toEqual(forbidden);
    expect(await refusalOf(receipts('admin').accept({ receipt: uuid }))).toEqual(forbidden);

    const accepted = await receipts('customer').accept({ receipt: uuid });
    expect(accepted.status).toBe(RestitutionReceiptStatus.ACCEPTED);
    expect(accepted.acceptedThrough).toBe(RestitutionAcceptanceChannel.SCREEN);
    expect(accepted.acceptedAt).toBeDefined();
    expect(await refusalOf(receipts('customer').accept({ receipt: uuid }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'RESTITUTION_RECEIPT_ALREADY_ACCEPTED',
    });
    // The vendor sees it accepted, the PDF says so, and the database keeps it as it is.
    const seen = (await receipts('vendor').getForDeposit({ deposit: deposit.uuid })).receipt;
    expect(seen?.status).toBe(RestitutionReceiptStatus.ACCEPTED);
    const pdf = await pdfText((await receipts('customer').download({ receipt: uuid })).file);
    expect(pdf).toContain('Accepté par le déposant le');
    const { rows } = await sql<{ accepted_by: string; accepted_through: string }>`
      select accepted_by, accepted_through::text as accepted_through
      from restitution_receipt where uuid = ${uuid}`.execute(t.server.db);
    expect(rows[0]).toMatchObject({ accepted_through: 'SCREEN' });
    expect(rows[0]!.accepted_by).toBeTruthy();
    await expect(
      sql`update restitution_receipt set items = '[]'::jsonb where uuid = ${uuid}`.execute(
        t.server.db,
      ),
    ).rejects.toThrow(/accepted restitution receipt/);
  });

  it('refuses a customer the receipt of someone else', async () => {
    const { deposit } = await receivedDeposit();
    await restitute(deposit);
    const { receipt } = await receipts('admin').getForDeposit({ deposit: deposit.uuid });
    expect(await refusalOf(receipts('customer').getForDeposit({ deposit: deposit.uuid }))).toEqual(
      forbidden,
    );
    expect(await refusalOf(receipts('customer').download({ receipt: receipt!.uuid }))).toEqual(
      forbidden,
    );
    expect(await refusalOf(receipts('customer').accept({ receipt: receipt!.uuid }))).toEqual(
      forbidden,
    );
  });

  it('accepts through the mail link once, without signing in; a wrong or expired link is refused', async () => {
    const { deposit } = await receivedDeposit();
    await restitute(deposit);
    const { token } = await mailedToken(deposit.uuid);
    const visitor = receipts();
    expect(await refusalOf(visitor.getByToken({ token: `${token}x` }))).toEqual({
      code: Code.NotFound,
      reason: 'RESTITUTION_RECEIPT_TOKEN_INVALID',
    });
    const shown = await visitor.getByToken({ token });
    expect(shown.deposit).toBe(deposit.uuid);
    expect(shown.items).toHaveLength(2);
    const pdf = await pdfText((await visitor.downloadByToken({ token, language: 'en' })).file);
    expect(pdf).toContain('Robe à fleurs');

    // Expired: refused with its own reason, then valid again for the rest of the test.
    await sql`update restitution_receipt set token_expires_at = now() - interval '1 day'
      where uuid = ${shown.uuid}`.execute(t.server.db);
    expect(await refusalOf(visitor.acceptByToken({ token }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'RESTITUTION_RECEIPT_TOKEN_EXPIRED',
    });
    await sql`update restitution_receipt set token_expires_at = now() + interval '1 day'
      where uuid = ${shown.uuid}`.execute(t.server.db);

    const accepted = await visitor.acceptByToken({ token });
    expect(accepted.status).toBe(RestitutionReceiptStatus.ACCEPTED);
    expect(accepted.acceptedThrough).toBe(RestitutionAcceptanceChannel.EMAIL_LINK);
    expect(await refusalOf(visitor.acceptByToken({ token }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'RESTITUTION_RECEIPT_ALREADY_ACCEPTED',
    });
    // The token names its receipt only: another deposit's receipt stays waiting.
    const other = await receivedDeposit();
    await restitute(other.deposit);
    expect(
      (await receipts('vendor').getForDeposit({ deposit: other.deposit.uuid })).receipt?.status,
    ).toBe(RestitutionReceiptStatus.WAITING);
    expect((await t.client(PoliceRegisterService, 'vendor').verify({})).intact).toBe(true);
  });
});
