import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  RestitutionAcceptanceChannel,
  RestitutionReceiptService,
  RestitutionReceiptStatus,
} from '../../src/rpc/gen/seconde/v1/restitution_receipt_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let customerUuid: string;
let otherCustomer: string;
const mine: Record<string, string> = {};

/** A receipt written straight into the table: the list reads the receipt's own columns. */
async function receipt(
  key: string,
  vendor: string,
  customer: string,
  day: string,
  accepted: 'SCREEN' | 'EMAIL_LINK' | null,
) {
  const { rows } = await sql<{ uuid: string }>`
    insert into restitution_receipt (deposit, vendor, customer, deposit_name, restituted_at,
      holder, depositor, items, token_hash, token_expires_at, status, accepted_at,
      accepted_through)
    values (gen_random_uuid(), ${vendor}, ${customer}, ${`Dépôt ${key}`},
      ${`${day}T10:00:00+01:00`}, ${JSON.stringify({ name: 'Boutique' })},
      ${JSON.stringify({ name: `Déposant ${key}` })},
      ${JSON.stringify([
        { product: '', reference: 'A1', name: 'Manteau', condition: 'GOOD' },
        { product: '', reference: 'A2', name: 'Robe', condition: '' },
      ])},
      ${`list-${key}-${Date.now()}`}, now() + interval '30 days',
      ${accepted ? 'ACCEPTED' : 'WAITING'}, ${accepted ? `${day}T18:00:00+01:00` : null},
      ${accepted})
    returning uuid`.execute(t.server.db);
  mine[key] = rows[0]!.uuid;
}

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 30 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid, customerUuid } = await t.demoRecords());
  otherCustomer = (
    await t.client(CustomerService, 'admin').create({
      customer: {
        firstName: 'Lucie',
        lastName: 'Liste',
        email: `liste.${Date.now()}@exemple.fr`,
        vendors: [vendorUuid, companyVendorUuid],
      },
    })
  ).uuid;
  // The year 2019 holds only these, whatever the demo data restitutes.
  await receipt('march', vendorUuid, customerUuid, '2019-03-10', null);
  await receipt('april', vendorUuid, customerUuid, '2019-04-05', 'EMAIL_LINK');
  await receipt('may', vendorUuid, otherCustomer, '2019-05-20', null);
  await receipt('company', companyVendorUuid, otherCustomer, '2019-06-01', 'SCREEN');
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const YEAR = { from: '2019-01-01', to: '2019-12-31' };
const list = (who: DemoUser, request: Record<string, unknown> = {}) =>
  t.client(RestitutionReceiptService, who).list({ ...YEAR, ...request });
const uuids = (response: { results: { uuid: string }[] }) => response.results.map((r) => r.uuid);
const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };

describe('the list of restitution receipts', () => {
  it('gives a vendor their own, newest first, with the items and the acceptance', async () => {
    const page = await list('vendor');
    expect(uuids(page)).toEqual([mine.may, mine.april, mine.march]);
    expect(page.count).toBe(3);
    const april = page.results[1]!;
    expect(april).toMatchObject({
      depositName: 'Dépôt april',
      depositorName: 'Déposant april',
      status: RestitutionReceiptStatus.ACCEPTED,
      acceptedThrough: RestitutionAcceptanceChannel.EMAIL_LINK,
    });
    expect(april.items).toHaveLength(2);
    expect(april.acceptedAt).toBeDefined();
    expect(uuids(await list('company'))).toEqual([mine.company]);
  });

  it('gives a depositor theirs from every vendor, and staff every one', async () => {
    expect(uuids(await list('customer'))).toEqual([mine.april, mine.march]);
    expect(uuids(await list('admin'))).toEqual([mine.company, mine.may, mine.april, mine.march]);
    expect(uuids(await list('admin', { vendor: companyVendorUuid }))).toEqual([mine.company]);
    expect(uuids(await list('admin', { customer: otherCustomer }))).toEqual([
      mine.company,
      mine.may,
    ]);
    expect(uuids(await list('vendor', { customer: otherCustomer }))).toEqual([mine.may]);
  });

  it("refuses a caller naming another's vendor or depositor", async () => {
    expect(await refusalOf(list('vendor', { vendor: companyVendorUuid }))).toEqual(forbidden);
    expect(await refusalOf(list('company', { vendor: vendorUuid }))).toEqual(forbidden);
    expect(await refusalOf(list('company', { customer: customerUuid }))).toEqual(forbidden);
    expect(await refusalOf(list('customer', { customer: otherCustomer }))).toEqual(forbidden);
    expect(await refusalOf(list('customer', { vendor: vendorUuid }))).toEqual(forbidden);
  });

  it('filters by status and by period (Paris days, both included)', async () => {
    const waiting = await list('vendor', { status: RestitutionReceiptStatus.WAITING });
    expect(uuids(waiting)).toEqual([mine.may, mine.march]);
    const accepted = await list('vendor', { status: RestitutionReceiptStatus.ACCEPTED });
    expect(uuids(accepted)).toEqual([mine.april]);
    expect(uuids(await list('vendor', { from: '2019-04-05', to: '2019-05-20' }))).toEqual([
      mine.may,
      mine.april,
    ]);
    expect(uuids(await list('vendor', { from: '2019-04-06', to: '2019-05-19' }))).toEqual([]);
    expect(await refusalOf(list('vendor', { from: '2019-05-01', to: '2019-04-01' }))).toEqual({
      code: Code.InvalidArgument,
      reason: 'RESTITUTION_RECEIPT_PERIOD_INVALID',
    });
  });

  it('pages the list and counts every match', async () => {
    const first = await list('vendor', { pagination: { page: 1, pageSize: 2 } });
    const second = await list('vendor', { pagination: { page: 2, pageSize: 2 } });
    expect([first.count, second.count]).toEqual([3, 3]);
    expect(uuids(first)).toEqual([mine.may, mine.april]);
    expect(uuids(second)).toEqual([mine.march]);
  });
});
