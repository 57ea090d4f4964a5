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
  PoliceRegisterFormat,
  PoliceRegisterService,
} from '../../src/rpc/gen/seconde/v1/police_register_pb.ts';
import { ProductQuality, ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';
import { RECEPTION_ID_DOCUMENT } from '../helpers/depositWalk.ts';

const run = promisify(execFile);

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer({}, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const db = () => t.server.db;
const register = (who: DemoUser) => t.client(PoliceRegisterService, who);
const deposits = (who: DemoUser) => t.client(DepositService, who);
const products = (who: DemoUser) => t.client(ProductService, who);
const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };

/** A depositor of `owner` and a deposit of theirs at SEND with `names.length` described items. */
async function sentDeposit(owner: string, names: readonly string[]) {
  const n = ++counter;
  const customer = await t.client(CustomerService, 'admin').create({
    customer: {
      firstName: 'Hélène',
      lastName: `Registre ${n}`,
      email: `registre.${n}.${Date.now()}@exemple.fr`,
      address: '12 rue des Lilas',
      postalCode: '75011',
      city: 'Paris',
      vendors: [owner],
    },
  });
  const deposit = await deposits('admin').create({
    deposit: { name: `Registre ${n} ${Date.now()}`, vendor: owner, customer: customer.uuid },
  });
  const items = [];
  for (const name of names)
    items.push(
      await products('admin').create({
        product: {
          deposit: deposit.uuid,
          name,
          suggestedPrice: 42.5,
          quality: ProductQuality.VERY_GOOD,
          comment: 'Bouton doré manquant',
        },
      }),
    );
  const sent = await deposits('admin').partialUpdate({
    deposit: { uuid: deposit.uuid, rowVersion: deposit.rowVersion, status: DepositStatus.SEND },
    updateMask: { paths: ['status'] },
  });
  return { customer: customer.uuid, deposit: sent, items };
}

/** The reception step: RECEIVED, with the identity document shown when `withId`. */
function receive(who: DemoUser, deposit: Deposit, withId = true) {
  const id = withId ? RECEPTION_ID_DOCUMENT : {};
  return deposits(who).partialUpdate({
    deposit: {
      uuid: deposit.uuid,
      rowVersion: deposit.rowVersion,
      status: DepositStatus.RECEIVED,
      ...id,
    },
    updateMask: { paths: ['status', ...Object.keys(id).map(snake)] },
  });
}
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function allEntries(who: DemoUser, vendor = '') {
  return (await register(who).list({ vendor, pagination: { pageSize: 5000 } })).results;
}

describe('entering received items', () => {
  it('enters every item of a deposit when it is received, numbered on from the last', async () => {
    const before = await allEntries('vendor');
    const { deposit, items } = await sentDeposit(vendorUuid, ['Veste en laine', 'Sac cuir']);
    expect(await allEntries('vendor')).toHaveLength(before.length);
    await receive('vendor', deposit);
    const after = await allEntries('vendor');
    const added = after.slice(before.length);
    expect(added.map((e) => Number(e.number))).toEqual([before.length + 1, before.length + 2]);
    expect(added.map((e) => e.product).sort()).toEqual(items.map((i) => i.uuid).sort());
    const first = added.find((e) => e.item?.name === 'Veste en laine')!;
    expect(first.kind).toBe(PoliceRegisterEntryKind.DEPOSIT);
    expect(first.item).toMatchObject({
      description: 'Bouton doré manquant',
      condition: 'VERY_GOOD',
      priceCents: 4250n,
    });
    expect(first.depositor).toMatchObject({
      firstName: 'Hélène',
      address: '12 rue des Lilas',
      city: 'Paris',
      idDocumentNumber: RECEPTION_ID_DOCUMENT.receptionIdDocumentNumber,
      idDocumentAuthority: RECEPTION_ID_DOCUMENT.receptionIdDocumentAuthority,
      idDocumentDate: RECEPTION_ID_DOCUMENT.receptionIdDocumentDate,
    });
    // An item added to the received deposit is entered at once, as the next number.
    const late = await products('vendor').create({
      product: { deposit: deposit.uuid, name: 'Écharpe soie' },
    });
    const last = (await allEntries('vendor')).at(-1)!;
    expect(last.product).toBe(late.uuid);
    expect(Number(last.number)).toBe(before.length + 3);
    expect((await register('vendor').verify({})).intact).toBe(true);
  });

  it('asks a professional vendor for the identity document before RECEIVED', async () => {
    const { deposit } = await sentDeposit(companyVendorUuid, ['Manteau']);
    expect(await refusalOf(receive('company', deposit, false))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'ID_DOCUMENT_REQUIRED',
    });
    // A self-employed vendor is a professional too.
    await sql`update vendor set is_self_employed = true where uuid = ${vendorUuid}`.execute(db());
    try {
      const own = await sentDeposit(vendorUuid, ['Robe']);
      expect(await refusalOf(receive('vendor', own.deposit, false))).toMatchObject({
        reason: 'ID_DOCUMENT_REQUIRED',
      });
      expect(
        await refusalOf(
          deposits('admin').create({
            deposit: {
              name: `Direct ${Date.now()}`,
              vendor: vendorUuid,
              customer: own.customer,
              status: DepositStatus.RECEIVED,
            },
          }),
        ),
      ).toMatchObject({ reason: 'ID_DOCUMENT_REQUIRED' });
    } finally {
      await sql`update vendor set is_self_employed = false where uuid = ${vendorUuid}`.execute(
        db(),
      );
    }
    await receive('company', deposit);
    const entries = await allEntries('company');
    expect(entries.at(-1)!.depositor?.idDocumentType).toBe(
      RECEPTION_ID_DOCUMENT.receptionIdDocumentType,
    );
    // The company's register is not the vendor's own.
    expect((await allEntries('vendor')).some((e) => e.deposit === deposit.uuid)).toBe(false);
  });
});

describe('who reads which register', () => {
  it('gives a vendor their own register, staff the vendor named, customers nothing', async () => {
    expect(await refusalOf(register('customer').list({}))).toEqual(forbidden);
    expect(await refusalOf(register('customer').verify({}))).toEqual(forbidden);
    expect(await refusalOf(register('vendor').list({ vendor: companyVendorUuid }))).toEqual(
      forbidden,
    );
    expect(
      await refusalOf(
        register('vendor').export({ vendor: companyVendorUuid, format: PoliceRegisterFormat.CSV }),
      ),
    ).toEqual(forbidden);
    const staffView = await allEntries('admin', vendorUuid);
    expect(staffView.map((e) => e.uuid)).toEqual((await allEntries('vendor')).map((e) => e.uuid));
    const [entry] = await allEntries('company');
    expect(
      await refusalOf(
        register('vendor').correct({
          entry: entry!.uuid,
          reason: 'Erreur de saisie',
          item: entry!.item,
          depositor: entry!.depositor,
        }),
      ),
    ).toEqual(forbidden);
  });
});

describe('append-only', () => {
  it('refuses every update, delete and truncate in the database, for everyone', async () => {
    const [entry] = await allEntries('vendor');
    for (const statement of [
      sql`update police_register_entry set hash = 'x' where uuid = ${entry!.uuid}`,
      sql`delete from police_register_entry where uuid = ${entry!.uuid}`,
      sql`truncate police_register_entry`,
      sql`update police_register_counter set last_number = 1`,
      sql`delete from police_register_counter`,
    ])
      await expect(statement.execute(db())).rejects.toThrow(/refused/);
    expect((await allEntries('vendor'))[0]).toEqual(entry);
  });

  it('corrects by a new entry naming the corrected one, which stays as it was', async () => {
    const entries = await allEntries('vendor');
    const target = entries[0]!;
    const corrected = await register('vendor').correct({
      entry: target.uuid,
      reason: 'Couleur mal saisie',
      item: { ...target.item!, colors: 'Bleu marine' },
      depositor: target.depositor,
    });
    expect(corrected).toMatchObject({
      kind: PoliceRegisterEntryKind.CORRECTION,
      corrects: target.uuid,
      correctsNumber: target.number,
      correctionReason: 'Couleur mal saisie',
      number: BigInt(entries.length + 1),
    });
    expect(corrected.item?.colors).toBe('Bleu marine');
    const after = await allEntries('vendor');
    expect(after[0]).toEqual(target);
    expect((await register('vendor').verify({})).intact).toBe(true);
  });

  it('keeps the entries when the product, deposit and depositor are deleted', async () => {
    const { deposit, items, customer } = await sentDeposit(vendorUuid, ['Chemise lin']);
    await receive('vendor', deposit);
    const count = (await allEntries('vendor')).length;
    await products('vendor').destroy({ uuid: items[0]!.uuid });
    await sql`delete from product where deposit = ${deposit.uuid}`.execute(db());
    await sql`delete from deposit where uuid = ${deposit.uuid}`.execute(db());
    await sql`delete from customer where uuid = ${customer}`.execute(db());
    const after = await allEntries('vendor');
    expect(after).toHaveLength(count);
    expect(after.find((e) => e.product === items[0]!.uuid)?.depositor?.city).toBe('Paris');
    expect((await register('vendor').verify({})).intact).toBe(true);
  });
});

describe('numbering under concurrency', () => {
  it('gives concurrent receptions unbroken numbers, none twice', async () => {
    const before = (await allEntries('vendor')).length;
    const sent = [];
    for (let i = 0; i < 6; i += 1) sent.push(await sentDeposit(vendorUuid, ['Pull', 'Jupe']));
    const results = await Promise.allSettled(sent.map((s) => receive('vendor', s.deposit)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const numbers = (await allEntries('vendor')).map((e) => Number(e.number));
    expect(numbers).toEqual(Array.from({ length: before + 12 }, (_, i) => i + 1));
    expect(await register('vendor').verify({})).toMatchObject({
      intact: true,
      checked: BigInt(before + 12),
    });
  });
});

describe('exports', () => {
  it('exports the period as a paginated PDF and as a CSV for French spreadsheets', async () => {
    const entries = await allEntries('vendor');
    const pdf = await register('vendor').export({
      format: PoliceRegisterFormat.PDF,
      language: 'fr',
    });
    expect(pdf.contentType).toBe('application/pdf');
    const dir = await mkdtemp(join(tmpdir(), 'register-'));
    const file = join(dir, pdf.filename);
    await writeFile(file, pdf.data);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    const pages = stdout.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('Registre de police');
      expect(page).toContain(`page ${i + 1} / ${pages.length}`);
    }
    expect(stdout).toContain('Bouton doré manquant');
    expect(stdout).toContain(RECEPTION_ID_DOCUMENT.receptionIdDocumentNumber);
    expect(stdout).toContain('Rectifie le n° 1');

    const csv = await register('vendor').export({
      format: PoliceRegisterFormat.CSV,
      language: 'en',
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv.data);
    expect(text.startsWith('\ufeffNo.;Date;Operation;')).toBe(true);
    expect(text.trimEnd().split('\r\n')).toHaveLength(entries.length + 1);
    // An empty period is a valid, empty register; a period ending before it starts is refused.
    const none = await register('vendor').export({
      format: PoliceRegisterFormat.CSV,
      from: '2001-01-01',
      to: '2001-01-31',
    });
    expect(new TextDecoder().decode(none.data).trimEnd().split('\r\n')).toHaveLength(1);
    expect(
      await refusalOf(register('vendor').list({ from: '2026-02-01', to: '2026-01-01' })),
    ).toEqual({ code: Code.InvalidArgument, reason: 'POLICE_REGISTER_PERIOD_INVALID' });
  });
});

describe('verify', () => {
  it('names the first entry altered directly in the database', async () => {
    const entries = await allEntries('vendor');
    const target = entries[2]!;
    // As a superuser would, past the triggers: session_replication_role skips them.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`
          update police_register_entry
          set content = jsonb_set(content, '{item,priceCents}', '1'::jsonb)
          where uuid = ${target.uuid}`.execute(trx);
      });
    expect(await register('vendor').verify({})).toMatchObject({
      intact: false,
      firstBrokenNumber: target.number,
      firstBrokenEntry: target.uuid,
      reason: 'HASH_MISMATCH',
      checked: 2n,
    });
    // Staff see the same verdict for the vendor they name.
    expect((await register('admin').verify({ vendor: vendorUuid })).firstBrokenEntry).toBe(
      target.uuid,
    );
  });
});
