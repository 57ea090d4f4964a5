import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuyerService } from '../../src/rpc/gen/seconde/v1/buyer_pb.ts';
import { ProductBuyerService } from '../../src/rpc/gen/seconde/v1/product_buyer_pb.ts';
import { SalePlatform } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
const buyers = (who: DemoUser) => t.client(BuyerService, who);
const sales = (who: DemoUser) => t.client(ProductBuyerService, who);
const db = () => t.server.db;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 12 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const VINTED = `Commande n° 4829301123
Acheteur : marie_dupont75
Adresse de livraison
Marie Dupont
12 rue des Lilas
Appartement 4B
75011 Paris
France`;

const EBAY_UK = `Ship to
John Smith
Flat 2
221B Baker Street
London
NW1 6XE
United Kingdom
Buyer: jsmith_uk (152)
Email: john.smith@example.co.uk`;

async function buyerCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from buyer`.execute(db());
  return rows[0]!.n;
}

async function productOf(vendor: string): Promise<string> {
  const { rows } = await sql<{ uuid: string }>`
    select p.uuid from product p join deposit d on d.uuid = p.deposit
    where d.vendor = ${vendor} and d.status is distinct from 'RESTITUED' order by p.uuid limit 1`.execute(
    db(),
  );
  return rows[0]!.uuid;
}

describe('BuyerService from pasted text', () => {
  it('shows what it understood and saves nothing', async () => {
    const before = await buyerCount();
    const preview = await buyers('vendor').previewFromPastedText({ text: VINTED });
    expect(preview.buyer).toMatchObject({
      uuid: '',
      firstName: 'Marie',
      lastName: 'Dupont',
      address: '12 rue des Lilas',
      addressComplement: 'Appartement 4B',
      postalCode: '75011',
      city: 'Paris',
      countryCode: 'FR',
      marketplaceAccountId: 'marie_dupont75',
    });
    expect(preview.existing).toBeUndefined();
    expect(preview.platform).toBe(SalePlatform.UNSPECIFIED);
    const chosen = await buyers('vendor').previewFromPastedText({
      text: VINTED,
      platform: SalePlatform.MAIN_MARKETPLACE,
    });
    expect(chosen.platform).toBe(SalePlatform.MAIN_MARKETPLACE);
    expect(await buyerCount()).toBe(before);
  });

  it('creates the buyer as the vendor’s own, then finds it again instead of a second one', async () => {
    const created = await buyers('vendor').createFromPastedText({ text: VINTED });
    expect(created.uuid).not.toBe('');
    expect(created).toMatchObject({ firstName: 'Marie', city: 'Paris', postalCode: '75011' });
    const { rows } = await sql<{ vendor: string }>`
      select vendor from buyer where uuid = ${created.uuid}`.execute(db());
    expect(rows[0]!.vendor).toBe(vendorUuid);

    const before = await buyerCount();
    const again = await buyers('vendor').createFromPastedText({ text: VINTED });
    expect(again.uuid).toBe(created.uuid);
    // The same marketplace account in another text (case aside) is the same buyer.
    const other = await buyers('vendor').createFromPastedText({
      text: 'Pseudo : MARIE_DUPONT75\nMarie Dupont\n40 avenue Foch\n75016 Paris',
    });
    expect(other.uuid).toBe(created.uuid);
    const preview = await buyers('vendor').previewFromPastedText({ text: VINTED });
    expect(preview.existing?.uuid).toBe(created.uuid);
    expect(await buyerCount()).toBe(before);
  });

  it('finds a returning buyer by e-mail', async () => {
    const first = await buyers('vendor').createFromPastedText({ text: EBAY_UK });
    expect(first).toMatchObject({ postalCode: 'NW1 6XE', countryCode: 'GB', city: 'London' });
    const second = await buyers('vendor').createFromPastedText({
      text: 'Name: John Smith\nEmail: John.Smith@example.co.uk',
    });
    expect(second.uuid).toBe(first.uuid);
  });

  it('keeps each vendor’s buyers apart', async () => {
    const mine = await buyers('vendor').createFromPastedText({ text: VINTED });
    // Another vendor pasting the same person gets a record of their own, not vendor@'s.
    const theirs = await buyers('company').createFromPastedText({ text: VINTED });
    expect(theirs.uuid).not.toBe(mine.uuid);
    const listed = await buyers('company').list({});
    expect(listed.results.map((b) => b.uuid)).toContain(theirs.uuid);
    expect(listed.results.map((b) => b.uuid)).not.toContain(mine.uuid);
    expect((await buyers('vendor').list({ search: 'Dupont' })).results.map((b) => b.uuid)).toEqual([
      mine.uuid,
    ]);

    const read = await refusalOf(buyers('company').retrieve({ uuid: mine.uuid }));
    expect([Code.PermissionDenied, Code.NotFound]).toContain(read.code);
    const write = await refusalOf(
      buyers('company').update({ buyer: { ...mine, city: 'Marseille' } }),
    );
    expect([Code.PermissionDenied, Code.NotFound]).toContain(write.code);
    // Linking another vendor's buyer to one's own sale is refused, not quietly done.
    const link = await refusalOf(
      sales('company').create({
        productBuyer: { product: await productOf(companyVendorUuid), buyer: mine.uuid },
      }),
    );
    expect(link.code).toBe(Code.PermissionDenied);
    expect((await buyers('vendor').retrieve({ uuid: mine.uuid })).city).toBe('Paris');
  });

  it('lets a vendor correct their buyer and link it to their sale', async () => {
    const mine = await buyers('vendor').createFromPastedText({ text: VINTED });
    const fixed = await buyers('vendor').update({ buyer: { ...mine, phoneNumber: '0612345678' } });
    expect(fixed.phoneNumber).toBe('0612345678');
    const product = await productOf(vendorUuid);
    const sale = await sales('vendor').create({
      productBuyer: { product, buyer: mine.uuid, buyOn: SalePlatform.MAIN_MARKETPLACE },
    });
    expect(sale.buyer).toBe(mine.uuid);
    const listed = await sales('vendor').list({ product });
    expect(listed.results.map((s) => s.buyer)).toContain(mine.uuid);
  });

  it('shows a vendor the staff-recorded buyers of their sales, and no one else', async () => {
    const staffBuyer = await buyers('admin').create({
      buyer: { firstName: 'Paul', lastName: 'Staff', email: 'paul.staff@example.fr' },
    });
    const product = await productOf(vendorUuid);
    await sales('admin').create({ productBuyer: { product, buyer: staffBuyer.uuid } });
    expect((await buyers('vendor').retrieve({ uuid: staffBuyer.uuid })).lastName).toBe('Staff');
    expect((await buyers('vendor').list({})).results.map((b) => b.uuid)).toContain(staffBuyer.uuid);
    const other = await refusalOf(buyers('company').retrieve({ uuid: staffBuyer.uuid }));
    expect([Code.PermissionDenied, Code.NotFound]).toContain(other.code);
    // A vendor pasting that buyer's e-mail finds the buyer of their own sale.
    const found = await buyers('vendor').createFromPastedText({
      text: 'Nom : Paul Staff\nE-mail : paul.staff@example.fr',
    });
    expect(found.uuid).toBe(staffBuyer.uuid);
  });

  it('refuses garbage with a clear reason and creates nothing', async () => {
    const before = await buyerCount();
    for (const text of [
      "Bonjour, est-ce que l'article est toujours disponible ? Merci !",
      'Commande n° 55512\nTotal : 42,00 €\nStatut : payé',
      '75011 Paris\nFrance',
    ]) {
      expect(await refusalOf(buyers('vendor').createFromPastedText({ text }))).toEqual({
        code: Code.InvalidArgument,
        reason: 'BUYER_TEXT_UNREADABLE',
      });
      expect(await refusalOf(buyers('vendor').previewFromPastedText({ text }))).toEqual({
        code: Code.InvalidArgument,
        reason: 'BUYER_TEXT_UNREADABLE',
      });
    }
    expect(await refusalOf(buyers('vendor').createFromPastedText({ text: '  \n ' }))).toEqual({
      code: Code.InvalidArgument,
      reason: 'BUYER_TEXT_EMPTY',
    });
    const tooLong = await refusalOf(
      buyers('vendor').createFromPastedText({ text: `${VINTED}\n${'x'.repeat(5000)}` }),
    );
    expect(tooLong.reason).toBe('FIELD_INVALID');
    expect(await buyerCount()).toBe(before);
  });

  it('refuses customers', async () => {
    const refused = await refusalOf(buyers('customer').createFromPastedText({ text: VINTED }));
    expect(refused.code).toBe(Code.PermissionDenied);
    expect((await refusalOf(buyers('customer').list({}))).code).toBe(Code.PermissionDenied);
  });
});
