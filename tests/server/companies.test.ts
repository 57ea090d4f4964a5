import type { MessageInitShape } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyService, type CompanySchema } from '../../src/rpc/gen/seconde/v1/company_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let companyUuid: string;
const db = () => t.server.db;
const companies = (who: DemoUser) => t.client(CompanyService, who);

const company = (
  extra: MessageInitShape<typeof CompanySchema> = {},
): MessageInitShape<typeof CompanySchema> => ({
  title: 'Les Fripes du Canal',
  siret: '732 829 320 00074',
  websiteLink: 'https://fripes-du-canal.example',
  taxEligible: true,
  negociatedPourcentageOnPrice: 30,
  address: '3 quai de Valmy',
  postalCode: '75010',
  city: 'Paris',
  ...extra,
});

async function membership(uuid: string) {
  const { rows } = await sql<{ company: string | null; is_company_admin: boolean }>`
    select company, is_company_admin from vendor where uuid = ${uuid}`.execute(db());
  return rows[0]!;
}

async function companyCount() {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from company`.execute(db());
  return rows[0]!.n;
}

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 0 }, [
    'vendor',
    'company',
    'trial',
    'admin',
    'customer',
  ]);
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
  companyUuid = (await membership(companyVendorUuid)).company!;
});

afterAll(async () => {
  await t.close();
});

describe('CompanyService writes', () => {
  it('lets a vendor without a company create one and become its administrator', async () => {
    const trialUuid = (await t.me('trial')).vendorUuid;
    expect((await membership(trialUuid)).company).toBeNull();
    const created = await companies('trial').create({ company: company() });
    expect(created).toMatchObject({ title: 'Les Fripes du Canal', siret: '73282932000074' });
    expect(await membership(trialUuid)).toEqual({ company: created.uuid, is_company_admin: true });
    expect((await companies('trial').retrieve({ uuid: created.uuid })).city).toBe('Paris');
    // One company per vendor: a second one is refused.
    expect(
      await refusalOf(companies('trial').create({ company: company({ title: 'Autre' }) })),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'ALREADY_IN_COMPANY' });
  });

  it('lets the administrator update the company', async () => {
    const current = await companies('company').retrieve({ uuid: companyUuid });
    const saved = await companies('company').update({
      company: { ...current, title: 'Friperie Solidaire Lyon', negociatedPourcentageOnPrice: 22 },
    });
    expect(saved).toMatchObject({
      title: 'Friperie Solidaire Lyon',
      negociatedPourcentageOnPrice: 22,
    });
    expect(saved.rowVersion).toBe(current.rowVersion + 1);
    // A stale version is refused.
    expect(await refusalOf(companies('company').update({ company: current }))).toEqual({
      code: Code.Aborted,
      reason: 'CHANGED_BY_SOMEONE_ELSE',
    });
  });

  it('refuses an update by a member who is not the administrator; they still read it', async () => {
    await sql`update vendor set company = ${companyUuid}, is_company_admin = false
      where uuid = ${vendorUuid}`.execute(db());
    try {
      const current = await companies('vendor').retrieve({ uuid: companyUuid });
      expect(
        await refusalOf(
          companies('vendor').update({ company: { ...current, title: 'Pris par un membre' } }),
        ),
      ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
      expect((await companies('company').retrieve({ uuid: companyUuid })).title).toBe(
        current.title,
      );
    } finally {
      await sql`update vendor set company = null where uuid = ${vendorUuid}`.execute(db());
    }
  });

  it("refuses another vendor's company", async () => {
    const theirs = await companies('company').retrieve({ uuid: companyUuid });
    expect(
      await refusalOf(companies('vendor').update({ company: { ...theirs, title: 'Volée' } })),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    const { code } = await refusalOf(companies('vendor').retrieve({ uuid: companyUuid }));
    expect([Code.NotFound, Code.PermissionDenied]).toContain(code);
  });

  it('refuses a bad SIRET, website or percentage with its reason and writes nothing', async () => {
    const before = await companies('company').retrieve({ uuid: companyUuid });
    expect(
      await refusalOf(
        companies('company').update({ company: { ...before, siret: '73282932000075' } }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'SIRET_INVALID' });
    expect(
      await refusalOf(
        companies('company').update({ company: { ...before, websiteLink: 'ftp://x.example' } }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'WEBSITE_INVALID' });
    expect(await companies('company').retrieve({ uuid: companyUuid })).toEqual(before);

    const count = await companyCount();
    expect(
      await refusalOf(companies('vendor').create({ company: company({ siret: '1234' }) })),
    ).toEqual({ code: Code.InvalidArgument, reason: 'SIRET_INVALID' });
    expect(await companyCount()).toBe(count);
    expect(await membership(vendorUuid)).toEqual({ company: null, is_company_admin: false });
  });

  it('lets staff update any company', async () => {
    const current = await companies('admin').retrieve({ uuid: companyUuid });
    const saved = await companies('admin').update({ company: { ...current, taxEligible: false } });
    expect(saved.taxEligible).toBe(false);
  });
});
