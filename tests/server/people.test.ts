import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { reasonOf } from '../../server/rpc/reasons.ts';
import {
  ContactWay,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
const now = new Date('2025-06-12T08:30:00Z');
let vendorUuid: string;
let companyVendorUuid: string;
let customerUuid: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 20, clock: () => now }, [
    'vendor',
    'company',
    'admin',
    'customer',
  ]);
  ({ vendorUuid, companyVendorUuid, customerUuid } = await t.demoRecords());
  // company@'s demo plan has expired; contacts need one (the gate is tested in account.test.ts).
  await sql`update subscription set status = 'ACTIVE' where vendor = ${companyVendorUuid}`.execute(
    t.server.db,
  );
});

afterAll(async () => {
  await t?.close();
});

const customers = (who: 'vendor' | 'company' | 'admin' | 'customer') =>
  t.client(CustomerService, who);
const vendors = (who: 'vendor' | 'company' | 'admin' | 'customer') => t.client(VendorService, who);
const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };
const bytes = (text: string) => new TextEncoder().encode(text);

describe('CustomerService.create', () => {
  it("adds a vendor's contact, e-mail in lower case", async () => {
    const created = await customers('vendor').create({
      customer: { firstName: 'Nina', lastName: 'Nouvelle', email: ' Nina.Nouvelle@Exemple.FR ' },
    });
    expect(created).toMatchObject({ email: 'nina.nouvelle@exemple.fr', vendors: [vendorUuid] });
  });

  it('answers an e-mail already known with the existing uuid and leaves that customer untouched', async () => {
    let error: ConnectError | undefined;
    try {
      await customers('company').create({
        customer: { firstName: 'Autre', lastName: 'Nom', email: 'CUSTOMER@seconde.test' },
      });
    } catch (e) {
      error = ConnectError.from(e);
    }
    expect(error?.code).toBe(Code.AlreadyExists);
    expect(reasonOf(error)).toBe('CUSTOMER_ALREADY_EXISTS');
    expect(error?.rawMessage).toContain(customerUuid);
    const existing = await customers('admin').retrieve({ uuid: customerUuid });
    expect(existing.firstName).not.toBe('Autre');
    expect(existing.vendors).not.toContain(companyVendorUuid);
  });

  it('is for vendors and staff, not customers', async () => {
    expect(
      await refusalOf(
        customers('customer').create({ customer: { lastName: 'X', email: 'x@exemple.fr' } }),
      ),
    ).toEqual(forbidden);
  });
});

describe('legal terms, shipping choices and the customer’s own edit', () => {
  it('records the acceptance of the legal terms at the server clock, for oneself or by staff', async () => {
    const accepted = await customers('customer').acceptLegalTerms({ uuid: customerUuid });
    expect(timestampDate(accepted.acceptedLegalTermAt!).getTime()).toBe(now.getTime());
    const other = await customers('vendor').create({
      customer: { lastName: 'Tierce', email: `tierce${++counter}@exemple.fr` },
    });
    expect(await refusalOf(customers('customer').acceptLegalTerms({ uuid: other.uuid }))).toEqual(
      forbidden,
    );
    expect(await refusalOf(customers('vendor').acceptLegalTerms({ uuid: other.uuid }))).toEqual(
      forbidden,
    );
    expect(
      (await customers('admin').acceptLegalTerms({ uuid: other.uuid })).acceptedLegalTermAt,
    ).toBeDefined();
  });

  it('sets the shipping choices, and the deposits still looking for a vendor follow', async () => {
    const open = await t.client(DepositService, 'admin').create({
      deposit: {
        name: `Ouvert ${++counter}`,
        customer: customerUuid,
        status: DepositStatus.WAITING_FOR_VENDOR,
        customerAcceptSendPostal: false,
      },
    });
    const set = await customers('customer').setSentDetails({
      uuid: customerUuid,
      acceptSendPostal: true,
      acceptHomeTakeAway: false,
    });
    expect(set).toMatchObject({ acceptSendPostal: true, acceptHomeTakeAway: false });
    const deposit = await t.client(DepositService, 'admin').retrieve({ uuid: open.uuid });
    expect(deposit).toMatchObject({
      customerAcceptSendPostal: true,
      customerAcceptHomeTakeAway: false,
    });
    // vendor@ works with customer@; company@ does not.
    expect(
      (
        await customers('vendor').setSentDetails({
          uuid: customerUuid,
          acceptSendPostal: false,
          acceptHomeTakeAway: true,
        })
      ).acceptHomeTakeAway,
    ).toBe(true);
    expect(
      await refusalOf(
        customers('company').setSentDetails({
          uuid: customerUuid,
          acceptSendPostal: true,
          acceptHomeTakeAway: true,
        }),
      ),
    ).toEqual(forbidden);
  });

  it('lets a customer change only the safe fields of their own record', async () => {
    const before = await customers('customer').retrieve({ uuid: customerUuid });
    const after = await customers('customer').updateWithLessPermission({
      customer: {
        ...before,
        firstName: 'Clarisse',
        city: 'Nantes',
        postalCode: '44000',
        preferedContactWay: ContactWay.EMAIL,
        registerToCustomerNewsletter: true,
        // Not the customer's to change: ignored.
        email: 'pirate@exemple.fr',
        rib: 'FR76 0000',
        vendors: [companyVendorUuid],
        isSourcedByProvider: !before.isSourcedByProvider,
      },
    });
    expect(after).toMatchObject({
      firstName: 'Clarisse',
      city: 'Nantes',
      postalCode: '44000',
      preferedContactWay: ContactWay.EMAIL,
      registerToCustomerNewsletter: true,
      email: before.email,
      rib: before.rib,
      vendors: before.vendors,
      isSourcedByProvider: before.isSourcedByProvider,
      rowVersion: before.rowVersion + 1,
    });
    expect(
      await refusalOf(
        customers('customer').updateWithLessPermission({
          customer: { ...before, firstName: 'Trop tard' },
        }),
      ),
    ).toEqual({ code: Code.Aborted, reason: 'CHANGED_BY_SOMEONE_ELSE' });
  });

  it("refuses another customer's record, and vendors", async () => {
    const other = await customers('vendor').create({
      customer: { lastName: 'Voisine', email: `voisine${++counter}@exemple.fr` },
    });
    expect(
      await refusalOf(
        customers('customer').updateWithLessPermission({ customer: { ...other, firstName: 'X' } }),
      ),
    ).toEqual(forbidden);
    expect(
      await refusalOf(
        customers('vendor').updateWithLessPermission({ customer: { ...other, firstName: 'X' } }),
      ),
    ).toEqual(forbidden);
  });
});

describe('customer e-mail look-ups', () => {
  it('tells vendors and staff whether an e-mail is known, and whose it is', async () => {
    expect(
      (await customers('vendor').checkEmailExists({ email: 'Customer@Seconde.test' })).exists,
    ).toBe(true);
    expect((await customers('admin').checkEmailExists({ email: 'nobody@exemple.fr' })).exists).toBe(
      false,
    );
    expect(
      (await customers('company').getUuidByEmail({ email: 'customer@seconde.test' })).uuid,
    ).toBe(customerUuid);
    expect((await customers('vendor').getUuidByEmail({ email: 'nobody@exemple.fr' })).uuid).toBe(
      '',
    );
  });

  it('keeps customers out of the look-ups', async () => {
    expect(await refusalOf(customers('customer').checkEmailExists({ email: 'a@b.fr' }))).toEqual(
      forbidden,
    );
    expect(await refusalOf(customers('customer').getUuidByEmail({ email: 'a@b.fr' }))).toEqual(
      forbidden,
    );
  });
});

describe('CustomerService.importData', () => {
  const csv = [
    '\uFEFFPrénom;Nom;E-mail;Téléphone;Adresse;Code postal;Ville;Remarque',
    'Iris;Import;iris.import@exemple.fr;06 11 22 33 44;"4, rue des Lilas";75011;Paris;ok',
    'Jean;Sans Mail;;0611;;;;',
    'Karl;Faux;pas-un-mail;;;;;',
    'Léo;"Guillemets ""dedans""";leo.import@exemple.fr;;"ligne 1',
    'ligne 2";69003;Lyon;',
    'Iris;Doublon;IRIS.IMPORT@exemple.fr;;;;;',
    ';;anonyme@exemple.fr;;;;;',
    'Mia;Postale;mia.import@exemple.fr;;;75 011 !;;',
    'Autre;Client;client2@exemple.fr;;;;;',
  ].join('\r\n');

  /** The refused rows of an answer as [row, code]. */
  const refused = (errors: readonly string[]) =>
    errors.map((e) => {
      const { row, code } = JSON.parse(e) as { row: number; code: string };
      return [row, code];
    });

  /** The import runs as a background task: waits for it to end. */
  async function settled(answer: { backgroundTask?: { uuid: string } }): Promise<string> {
    for (let i = 0; i < 150; i++) {
      const { rows } = await sql<{ status: string }>`
        select status::text as status from background_task
        where uuid = ${answer.backgroundTask!.uuid}`.execute(t.server.db);
      if (rows[0]?.status === 'COMPLETED' || rows[0]?.status === 'ERROR') return rows[0].status;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the import did not end');
  }

  it('imports a contacts file as French spreadsheet software exports it', async () => {
    // UTF-8 with BOM, `;` separated, CRLF: 30 good lines, then no e-mail, a bad one, a duplicate.
    const file = await readFile(new URL('../fixtures/sheets/clients-import.csv', import.meta.url));
    const answer = await customers('company').importData({
      file: new Uint8Array(file),
      fileName: 'clients-import.csv',
    });
    expect(answer.createdCount).toBe(30);
    expect(refused(answer.errors)).toEqual([
      [32, 'emailMissing'],
      [33, 'emailInvalid'],
      [34, 'emailDuplicate'],
    ]);
    expect(answer.backgroundTask?.ownerObjectUuid).toBe(companyVendorUuid);
    expect(await settled(answer)).toBe('COMPLETED');
    const jose = await customers('company').getUuidByEmail({ email: 'jose.nunez1@exemple.fr' });
    expect(await customers('company').retrieve({ uuid: jose.uuid })).toMatchObject({
      firstName: 'José',
      lastName: 'Nuñez',
      postalCode: '75013',
      phoneNumber: '0611203041',
    });
  });

  it("creates the good lines, reports each bad one by its line, and never links another vendor's customer", async () => {
    const answer = await customers('vendor').importData({
      file: bytes(csv),
      fileName: 'contacts.csv',
    });
    expect(answer.createdCount).toBe(2);
    expect(answer.updatedCount).toBe(0);
    expect(refused(answer.errors)).toEqual([
      [3, 'emailMissing'],
      [4, 'emailInvalid'],
      [7, 'emailDuplicate'],
      [8, 'personNameMissing'],
      [9, 'postalCodeInvalid'],
      [10, 'customerOfAnotherVendor'],
    ]);
    expect(await settled(answer)).toBe('COMPLETED');
    const iris = await customers('vendor').getUuidByEmail({ email: 'iris.import@exemple.fr' });
    expect(await customers('vendor').retrieve({ uuid: iris.uuid })).toMatchObject({
      firstName: 'Iris',
      lastName: 'Import',
      phoneNumber: '0611223344',
      address: '4, rue des Lilas',
      postalCode: '75011',
      city: 'Paris',
      vendors: [vendorUuid],
    });
    const leo = await customers('vendor').getUuidByEmail({ email: 'leo.import@exemple.fr' });
    expect(await customers('vendor').retrieve({ uuid: leo.uuid })).toMatchObject({
      lastName: 'Guillemets "dedans"',
      address: 'ligne 1\r\nligne 2',
      city: 'Lyon',
    });
    const other = await sql<{ vendors: string[] }>`
      select vendors from customer where email = 'client2@exemple.fr'`.execute(t.server.db);
    expect(other.rows[0]!.vendors).not.toContain(vendorUuid);
  });

  it("updates the vendor's own contacts on a second import (comma file in Windows-1252)", async () => {
    const latin1 = Uint8Array.from(
      Buffer.from('prenom,nom,email,ville\nIris,Importée,iris.import@exemple.fr,Lille\n', 'latin1'),
    );
    const answer = await customers('vendor').importData({ file: latin1, fileName: 'contacts.csv' });
    expect(answer).toMatchObject({ createdCount: 0, updatedCount: 1, errors: [] });
    expect(await settled(answer)).toBe('COMPLETED');
    const iris = await customers('vendor').getUuidByEmail({ email: 'iris.import@exemple.fr' });
    expect(await customers('vendor').retrieve({ uuid: iris.uuid })).toMatchObject({
      lastName: 'Importée',
      city: 'Lille',
      phoneNumber: '0611223344',
    });
  });

  it('imports an .xlsx workbook: typed numbers, rich text, formulas kept as text, errors by row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contacts');
    sheet.addRow(['Prénom', 'Nom', 'Adresse e-mail', 'Code postal', 'Ville', 'Naissance']);
    sheet.addRow([
      'Zoé',
      'Tableur',
      'zoe.tableur@exemple.fr',
      69003,
      'Lyon',
      new Date(Date.UTC(1990, 4, 2)),
    ]);
    sheet.addRow([{ richText: [{ text: 'Yann' }] }, 'Riche', 'yann.riche@exemple.fr', 75011]);
    // A formula is never evaluated: its text is no postal code.
    sheet.addRow([
      'Fanny',
      'Formule',
      'fanny.formule@exemple.fr',
      { formula: '75000+11', result: 75011 },
      'Paris',
    ]);
    sheet.addRow(['Sans', 'Adresse', '', 75001, 'Paris']);
    const file = new Uint8Array(await workbook.xlsx.writeBuffer());
    const answer = await customers('vendor').importData({ file, fileName: 'contacts.xlsx' });
    expect(answer.createdCount).toBe(2);
    expect(refused(answer.errors)).toEqual([
      [4, 'postalCodeInvalid'],
      [5, 'emailMissing'],
    ]);
    expect(await settled(answer)).toBe('COMPLETED');
    const yann = await customers('vendor').getUuidByEmail({ email: 'yann.riche@exemple.fr' });
    expect(await customers('vendor').retrieve({ uuid: yann.uuid })).toMatchObject({
      firstName: 'Yann',
      postalCode: '75011',
    });
  });

  it('refuses unreadable spreadsheets, files without e-mail column, and other vendors', async () => {
    const sheetInvalid = { code: Code.InvalidArgument, reason: 'SHEET_INVALID' };
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    expect(
      await refusalOf(customers('vendor').importData({ file: zip, fileName: 'contacts.xlsx' })),
    ).toEqual(sheetInvalid);
    expect(
      await refusalOf(
        customers('vendor').importData({ file: bytes('nom;ville\nA;B\n'), fileName: 'a.csv' }),
      ),
    ).toEqual(sheetInvalid);
    expect(
      await refusalOf(
        customers('vendor').importData({ file: bytes('email\npas-un-mail\n'), fileName: 'a.csv' }),
      ),
    ).toEqual(sheetInvalid);
    expect(
      await refusalOf(
        customers('vendor').importData({
          vendor: companyVendorUuid,
          file: bytes(csv),
          fileName: 'a.csv',
        }),
      ),
    ).toEqual(forbidden);
    expect(
      await refusalOf(customers('customer').importData({ file: bytes(csv), fileName: 'a.csv' })),
    ).toEqual(forbidden);
  });

  it('lets staff import for a vendor they name', async () => {
    const answer = await customers('admin').importData({
      vendor: companyVendorUuid,
      file: bytes('email;nom\nstaff.import@exemple.fr;Par Admin\n'),
      fileName: 'a.csv',
    });
    expect(answer.createdCount).toBe(1);
    expect(await settled(answer)).toBe('COMPLETED');
    const found = await customers('company').getUuidByEmail({ email: 'staff.import@exemple.fr' });
    expect((await customers('company').retrieve({ uuid: found.uuid })).lastName).toBe('Par Admin');
  });
});

describe('VendorService', () => {
  it('creates a vendor and refuses an e-mail already used, whatever its case', async () => {
    const created = await vendors('admin').create({
      vendor: { firstName: 'Olga', lastName: 'Nouvelle', email: 'Olga.Nouvelle@Exemple.fr' },
    });
    expect(created.email).toBe('olga.nouvelle@exemple.fr');
    expect(
      await refusalOf(
        vendors('admin').create({
          vendor: { lastName: 'Copie', email: 'OLGA.nouvelle@exemple.fr' },
        }),
      ),
    ).toEqual({ code: Code.AlreadyExists, reason: 'VENDOR_EMAIL_TAKEN' });
    expect(
      await refusalOf(vendors('admin').create({ vendor: { email: 'Vendor@Seconde.test' } })),
    ).toEqual({ code: Code.AlreadyExists, reason: 'VENDOR_EMAIL_TAKEN' });
  });

  it('lets nobody but staff create vendors once they have their own record', async () => {
    expect(
      await refusalOf(vendors('vendor').create({ vendor: { email: `v${++counter}@exemple.fr` } })),
    ).toEqual(forbidden);
    expect(
      await refusalOf(
        vendors('customer').create({ vendor: { email: `v${++counter}@exemple.fr` } }),
      ),
    ).toEqual(forbidden);
  });

  it("keeps the staff-only fields out of a vendor's own profile edits", async () => {
    const me = await vendors('vendor').retrieve({ uuid: vendorUuid });
    expect(
      await refusalOf(
        vendors('vendor').partialUpdate({
          vendor: { uuid: vendorUuid, marketplaceWelcomeMeetingDone: true },
          updateMask: { paths: ['marketplaceWelcomeMeetingDone'] },
        }),
      ),
    ).toEqual(forbidden);
    const saved = await vendors('vendor').update({
      vendor: {
        ...me,
        city: 'Montreuil',
        marketplaceWelcomeMeetingDone: true,
        negociatedPourcentageOnPrice: 1,
        subscription: '',
      },
    });
    expect(saved).toMatchObject({
      city: 'Montreuil',
      marketplaceWelcomeMeetingDone: me.marketplaceWelcomeMeetingDone,
      negociatedPourcentageOnPrice: me.negociatedPourcentageOnPrice,
      subscription: me.subscription,
    });
    const byStaff = await vendors('admin').partialUpdate({
      vendor: { uuid: vendorUuid, marketplaceWelcomeMeetingDone: true },
      updateMask: { paths: ['marketplace_welcome_meeting_done'] },
    });
    expect(byStaff.marketplaceWelcomeMeetingDone).toBe(true);
  });

  it('checks vendor e-mails for vendors and staff', async () => {
    expect(
      (await vendors('vendor').checkEmailExists({ email: 'COMPANY@seconde.test' })).exists,
    ).toBe(true);
    expect((await vendors('admin').checkEmailExists({ email: 'personne@exemple.fr' })).exists).toBe(
      false,
    );
    expect(await refusalOf(vendors('customer').checkEmailExists({ email: 'a@b.fr' }))).toEqual(
      forbidden,
    );
  });

  it("answers a vendor's last change of a deposit or product, to the vendor and to staff", async () => {
    const before = await vendors('vendor').lastActivity({ uuid: vendorUuid });
    expect(before.lastActivityDatetime).toBeDefined();
    const deposit = await t.client(DepositService, 'vendor').create({
      deposit: { name: `Activité ${++counter}` },
    });
    const after = await vendors('admin').lastActivity({ uuid: vendorUuid });
    expect(timestampDate(after.lastActivityDatetime!).getTime()).toBe(
      timestampDate(deposit.updatedAt!).getTime(),
    );
    expect(await refusalOf(vendors('company').lastActivity({ uuid: vendorUuid }))).toEqual(
      forbidden,
    );
    const idle = await vendors('admin').create({
      vendor: { lastName: 'Inactive', email: `inactive${++counter}@exemple.fr` },
    });
    expect(
      (await vendors('admin').lastActivity({ uuid: idle.uuid })).lastActivityDatetime,
    ).toBeUndefined();
    expect(
      await refusalOf(
        vendors('admin').lastActivity({ uuid: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toEqual({ code: Code.NotFound, reason: 'NOT_FOUND' });
  });
});

describe('list search', () => {
  it('finds customers by every word typed, within the caller’s own contacts', async () => {
    const all = await t
      .client(CustomerService, 'vendor')
      .list({ pagination: { page: 1, pageSize: 5000 } });
    const someone = all.results.find((c) => c.lastName && c.city)!;
    const found = await t.client(CustomerService, 'vendor').list({
      search: `${someone.lastName.toUpperCase()} ${someone.city.slice(0, 3)}`,
      pagination: { page: 1, pageSize: 5000 },
    });
    expect(found.results.map((c) => c.uuid)).toContain(someone.uuid);
    expect(found.count).toBeLessThan(all.count);
    for (const c of found.results)
      expect(c.lastName.toLowerCase()).toContain(someone.lastName.toLowerCase().split(' ')[0]!);
    const none = await t.client(CustomerService, 'vendor').list({ search: '%_zz%' });
    expect(none.count).toBe(0);
  });

  it('finds vendors by e-mail for staff', async () => {
    const found = await t.client(VendorService, 'admin').list({ search: 'trial@seconde' });
    expect(found.results.map((v) => v.email)).toEqual(['trial@seconde.test']);
  });
});

describe('generic updates of a customer record, narrowed per caller', () => {
  it('lets a customer change their own contact details but not their bank details or vendors', async () => {
    const own = await customers('customer').retrieve({ uuid: customerUuid });
    const saved = await customers('customer').partialUpdate({
      customer: { uuid: customerUuid, phoneNumber: '0600000001', rowVersion: own.rowVersion },
      updateMask: { paths: ['phone_number'] },
    });
    expect(saved.phoneNumber).toBe('0600000001');
    for (const paths of [['rib'], ['vendors'], ['email']])
      expect(
        await refusalOf(
          customers('customer').partialUpdate({
            customer: { uuid: customerUuid, rib: 'FR76 0000', vendors: [], email: 'x@y.fr' },
            updateMask: { paths },
          }),
        ),
      ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    const after = await customers('admin').retrieve({ uuid: customerUuid });
    expect(after.rib).toBe(own.rib);
    expect(after.vendors).toEqual(own.vendors);
  });

  it('keeps a vendor from re-linking a customer to other vendors or to an identity', async () => {
    expect(
      await refusalOf(
        customers('vendor').partialUpdate({
          customer: { uuid: customerUuid, vendors: [] },
          updateMask: { paths: ['vendors'] },
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
  });
});
