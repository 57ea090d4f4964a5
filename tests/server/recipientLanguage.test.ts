import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let customerUuid: string;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 30 }, ['vendor', 'company', 'customer']);
  ({ vendorUuid, companyVendorUuid, customerUuid } = await t.demoRecords());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const mask = { paths: ['language'] };

async function storedLanguage(table: 'customer' | 'vendor', uuid: string): Promise<string | null> {
  const { rows } = await sql<{ language: string | null }>`
    select language from ${sql.table(table)} where uuid = ${uuid}`.execute(t.server.db);
  return rows[0]!.language;
}

describe('the language of a person’s documents', () => {
  it('round-trips on a vendor’s own row and a customer’s own row', async () => {
    const vendors = t.client(VendorService, 'vendor');
    expect((await vendors.retrieve({ uuid: vendorUuid })).language).toBe('');
    const saved = await vendors.partialUpdate({
      vendor: { uuid: vendorUuid, language: 'en' },
      updateMask: mask,
    });
    expect(saved.language).toBe('en');
    expect((await vendors.retrieve({ uuid: vendorUuid })).language).toBe('en');
    expect(await storedLanguage('vendor', vendorUuid)).toBe('en');
    await vendors.partialUpdate({ vendor: { uuid: vendorUuid, language: 'fr' }, updateMask: mask });
    expect(await storedLanguage('vendor', vendorUuid)).toBe('fr');

    const own = t.client(CustomerService, 'customer');
    await own.partialUpdate({ customer: { uuid: customerUuid, language: 'en' }, updateMask: mask });
    expect((await own.retrieve({ uuid: customerUuid })).language).toBe('en');
    // Their vendor reads it, and sets it back from the customer form.
    const theirVendor = t.client(CustomerService, 'vendor');
    expect((await theirVendor.retrieve({ uuid: customerUuid })).language).toBe('en');
    await theirVendor.partialUpdate({
      customer: { uuid: customerUuid, language: 'fr' },
      updateMask: mask,
    });
    expect(await storedLanguage('customer', customerUuid)).toBe('fr');
  });

  it('refuses a language it does not know, writing nothing', async () => {
    const refusal = await refusalOf(
      t.client(CustomerService, 'vendor').partialUpdate({
        customer: { uuid: customerUuid, language: 'de' },
        updateMask: mask,
      }),
    );
    expect(refusal.code).toBe(Code.InvalidArgument);
    expect(await storedLanguage('customer', customerUuid)).toBe('fr');
  });

  it('refuses a vendor setting it on another vendor’s customer or on another vendor', async () => {
    const { rows } = await sql<{ uuid: string; language: string | null }>`
      select uuid, language from customer where ${companyVendorUuid}::uuid = any(vendors)
        and not (${vendorUuid}::uuid = any(vendors)) limit 1`.execute(t.server.db);
    const theirs = rows[0]!;
    const refusal = await refusalOf(
      t.client(CustomerService, 'vendor').partialUpdate({
        customer: { uuid: theirs.uuid, language: 'en' },
        updateMask: mask,
      }),
    );
    expect([Code.PermissionDenied, Code.NotFound]).toContain(refusal.code);
    expect(await storedLanguage('customer', theirs.uuid)).toBe(theirs.language);

    const before = await storedLanguage('vendor', companyVendorUuid);
    const other = await refusalOf(
      t.client(VendorService, 'vendor').partialUpdate({
        vendor: { uuid: companyVendorUuid, language: 'en' },
        updateMask: mask,
      }),
    );
    expect([Code.PermissionDenied, Code.NotFound]).toContain(other.code);
    expect(await storedLanguage('vendor', companyVendorUuid)).toBe(before);
  });
});
