import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateSlideService } from '../../src/rpc/gen/seconde/v1/rate_slide_pb.ts';
import { fetchAllPages } from '../../src/rpc/fetchAll.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';
import { DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
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
const slides = (who: DemoUser) => t.client(RateSlideService, who);
const slide = (priceStart: number, priceEnd: number, extra: Record<string, unknown> = {}) => ({
  rateSlide: { priceStart, priceEnd, commission: 30, providerCommission: 10, ...extra },
});
const count = async () =>
  Number(
    (await sql<{ n: string }>`select count(*)::text as n from rate_slide`.execute(db())).rows[0]!.n,
  );
const messageOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return String((error as Error).message);
  }
  throw new Error('the call succeeded');
};

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 0 }, [
    'vendor',
    'company',
    'trial',
    'admin',
    'customer',
  ]);
  ({ vendorUuid, companyVendorUuid } = await t.demoRecords());
  const { rows } = await sql<{ company: string }>`
    select company from vendor where uuid = ${companyVendorUuid}`.execute(db());
  companyUuid = rows[0]!.company;
  // trial@ joins the company as a plain member.
  await sql`update vendor set company = ${companyUuid}, is_company_admin = false
    where email = 'trial@seconde.test'`.execute(db());
});

afterAll(async () => {
  await t?.close();
});

describe('rate slides', () => {
  it("gives a new slide the caller's vendor when it names no owner", async () => {
    const created = await slides('vendor').create(slide(0, 50));
    expect(created).toMatchObject({ vendor: vendorUuid, deposit: '', company: '', priceEnd: 50 });
  });

  it('refuses an overlapping range with FailedPrecondition, naming the clash, and writes nothing', async () => {
    const before = await count();
    const call = slides('vendor').create(slide(40, 80));
    expect(await refusalOf(call)).toEqual({
      code: Code.FailedPrecondition,
      reason: 'RATE_SLIDE_OVERLAP',
    });
    expect(await messageOf(slides('vendor').create(slide(40, 80)))).toMatch(/0 € to 50 €/);
    expect(await count()).toBe(before);
    // Touching ranges do not overlap; another owner's slides do not clash.
    await slides('vendor').create(slide(50, 100));
    await slides('company').create(slide(0, 50));
  });

  it('refuses start ≥ end and percentages outside 0–100, writing nothing', async () => {
    const before = await count();
    expect(await refusalOf(slides('vendor').create(slide(300, 200)))).toEqual({
      code: Code.InvalidArgument,
      reason: 'RATE_SLIDE_INVALID',
    });
    expect(await refusalOf(slides('vendor').create(slide(300, 300)))).toMatchObject({
      reason: 'RATE_SLIDE_INVALID',
    });
    for (const extra of [{ commission: 101 }, { providerCommission: -1 }])
      expect(await refusalOf(slides('vendor').create(slide(300, 400, extra)))).toMatchObject({
        code: Code.InvalidArgument,
      });
    expect(await count()).toBe(before);
  });

  it('refuses a slide naming two owners', async () => {
    const call = slides('company').create(
      slide(1000, 2000, { vendor: companyVendorUuid, company: companyUuid }),
    );
    expect(await refusalOf(call)).toMatchObject({ reason: 'RATE_SLIDE_OWNER' });
  });

  it('lets only the company administrator write company slides; members read them', async () => {
    const before = await count();
    const call = slides('trial').create(slide(500, 600, { company: companyUuid }));
    expect((await refusalOf(call)).code).toBe(Code.PermissionDenied);
    expect(await count()).toBe(before);
    const own = await slides('company').create(slide(500, 600, { company: companyUuid }));
    const read = await slides('trial').list({ company: companyUuid });
    expect(read.results.map((s) => s.uuid)).toContain(own.uuid);
    const update = slides('trial').update({ rateSlide: { ...own, priceEnd: 700 } });
    expect((await refusalOf(update)).code).toBe(Code.PermissionDenied);
    expect((await refusalOf(slides('trial').destroy({ uuid: own.uuid }))).code).toBe(
      Code.PermissionDenied,
    );
    const updated = await slides('company').update({ rateSlide: { ...own, priceEnd: 700 } });
    expect(updated.priceEnd).toBe(700);
  });

  it('checks updates too, skipping the slide itself, and keeps its owner', async () => {
    const a = await slides('vendor').create(slide(1000, 1100));
    const b = await slides('vendor').create(slide(1100, 1200));
    const moved = await slides('vendor').update({
      rateSlide: { ...a, vendor: '', priceStart: 990, priceEnd: 1100 },
    });
    expect(moved).toMatchObject({ vendor: vendorUuid, priceStart: 990 });
    const clash = slides('vendor').update({ rateSlide: { ...b, priceStart: 1050 } });
    expect(await refusalOf(clash)).toMatchObject({ reason: 'RATE_SLIDE_OVERLAP' });
    const wrong = slides('vendor').update({ rateSlide: { ...b, priceEnd: 1000 } });
    expect(await refusalOf(wrong)).toMatchObject({ reason: 'RATE_SLIDE_INVALID' });
    const { rows } = await sql<{ price_start: number; price_end: number }>`
      select price_start, price_end from rate_slide where uuid = ${b.uuid}`.execute(db());
    expect(rows[0]).toEqual({ price_start: 1100, price_end: 1200 });
  });

  it("lets a vendor write their deposit's slides, overlap counted per deposit", async () => {
    const deposit = await depositWalkedTo(t, DepositStatus.INLINE, {
      name: `Tranches ${Date.now()}`,
      vendor: vendorUuid,
    });
    const created = await slides('vendor').create(slide(0, 50, { deposit: deposit.uuid }));
    expect(created).toMatchObject({ deposit: deposit.uuid, vendor: '' });
    const call = slides('vendor').create(slide(10, 20, { deposit: deposit.uuid }));
    expect(await refusalOf(call)).toMatchObject({ reason: 'RATE_SLIDE_OVERLAP' });
    const foreign = slides('company').create(slide(200, 300, { deposit: deposit.uuid }));
    expect((await refusalOf(foreign)).code).toBe(Code.PermissionDenied);
  });

  it('answers fetch_all lists in pages of 50, which the client helper walks through', async () => {
    const client = slides('company');
    const before = (await client.list({ vendor: companyVendorUuid })).count;
    for (let i = 0; i < 120; i++)
      await slides('admin').create(slide(10_000 + i, 10_001 + i, { vendor: companyVendorUuid }));
    const first = await client.list({
      vendor: companyVendorUuid,
      fetchAll: true,
      pagination: { page: 1, pageSize: 5000 },
    });
    expect(first.results).toHaveLength(50);
    expect(first.count).toBe(before + 120);
    let requests = 0;
    const all = await fetchAllPages(async (pagination) => {
      requests++;
      const page = await client.list({ vendor: companyVendorUuid, fetchAll: true, pagination });
      return { rows: page.results, count: page.count };
    });
    expect(all).toHaveLength(before + 120);
    expect(new Set(all.map((s) => s.uuid)).size).toBe(before + 120);
    expect(requests).toBe(Math.ceil((before + 120) / 50));
  });
});
