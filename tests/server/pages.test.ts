import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_STATUSES } from '../../src/domain/deposit/statuses.ts';
import { depositStatusValue } from '../../src/machines/deposit/enums.ts';
import { LISTED_CATEGORIES } from '../../src/machines/invoices/invoiceLogic.ts';
import { STAGE_FILTERS } from '../../src/machines/stats/vendorHiringLogic.ts';
import { DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { InvoiceCategory, InvoiceService } from '../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import { ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { startTestServer, type DemoUser, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let customerUuid: string;
const EVERY_STATUS = DEPOSIT_STATUSES.map(depositStatusValue);
const all = { pagination: { page: 1, pageSize: 5000 } };

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 120 }, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid, customerUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

/** The vendor of every deposit a vendor still sees (restituted ones leave their lists). */
async function depositVendors(): Promise<Map<string, string>> {
  const deposits = await t.client(DepositService, 'admin').list({ ...all, statuses: EVERY_STATUS });
  return new Map(
    deposits.results
      .filter((d) => d.status !== depositStatusValue('RESTITUED'))
      .map((d) => [d.uuid, d.vendor]),
  );
}

describe('the stock (/stock)', () => {
  it('shows a vendor only the products of their own deposits; staff see every product', async () => {
    const owner = await depositVendors();
    const own = await t.client(ProductService, 'vendor').list(all);
    const every = await t.client(ProductService, 'admin').list(all);
    expect(own.count).toBeGreaterThan(0);
    expect(own.results.every((p) => owner.get(p.deposit) === vendorUuid)).toBe(true);
    expect(every.count).toBeGreaterThan(own.count);
    const others = every.results.filter((p) => owner.get(p.deposit) === companyVendorUuid);
    expect(others.length).toBeGreaterThan(0);
    const theirs = await t.client(ProductService, 'company').list(all);
    expect(theirs.results.map((p) => p.uuid).sort()).toEqual(others.map((p) => p.uuid).sort());
  });

  it('finds a product by its reference or its name, within the caller’s scope', async () => {
    const [first] = (
      await t.client(ProductService, 'vendor').list({ ...all, ordering: 'reference' })
    ).results;
    const byReference = await t
      .client(ProductService, 'vendor')
      .list({ ...all, search: first!.reference.toLowerCase() });
    expect(byReference.results.map((p) => p.uuid)).toContain(first!.uuid);
    expect(byReference.count).toBe(1);
    // Someone else's reference finds nothing.
    const owner = await depositVendors();
    const foreign = (await t.client(ProductService, 'admin').list(all)).results.find(
      (p) => owner.get(p.deposit) !== vendorUuid,
    )!;
    const hidden = await t.client(ProductService, 'vendor').list({ search: foreign.reference });
    expect(hidden.count).toBe(0);
  });

  it('filters sale statuses through the filters header', async () => {
    const sold = await t
      .client(ProductService, 'vendor', { sale_status: ['SELL', 'PAYED'] })
      .list(all);
    expect(sold.count).toBeGreaterThan(0);
    expect(new Set(sold.results.map((p) => p.saleStatus)).size).toBeLessThanOrEqual(2);
  });

  it('gives a customer no product outside their own deposits', async () => {
    const deposits = await t
      .client(DepositService, 'customer')
      .list({ ...all, statuses: EVERY_STATUS });
    const mine = new Set(deposits.results.map((d) => d.uuid));
    const products = await t.client(ProductService, 'customer').list(all);
    expect(products.results.every((p) => mine.has(p.deposit))).toBe(true);
  });
});

describe('invoices (/invoices)', () => {
  const listed = (who: DemoUser) =>
    t.client(InvoiceService, who, { category: LISTED_CATEGORIES }).list({
      ...all,
      ordering: '-created_at',
    });

  it('shows a vendor their own invoices only', async () => {
    for (const [who, uuid] of [
      ['vendor', vendorUuid],
      ['company', companyVendorUuid],
    ] as const) {
      const mine = await listed(who);
      expect(mine.count, who).toBeGreaterThan(0);
      expect(mine.results.every((i) => i.vendor === uuid)).toBe(true);
    }
  });

  it('shows a customer their own invoices only', async () => {
    const mine = await listed('customer');
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.results.every((i) => i.customer === customerUuid)).toBe(true);
    // Invoices of the customer's vendor to other customers stay hidden.
    const vendorsOwn = await listed('vendor');
    expect(vendorsOwn.results.some((i) => i.customer && i.customer !== customerUuid)).toBe(true);
  });

  it('shows staff every invoice, newest first, product sales left out', async () => {
    const every = await listed('admin');
    const [vendor, company] = await Promise.all([listed('vendor'), listed('company')]);
    expect(every.count).toBeGreaterThanOrEqual(vendor.count + company.count);
    expect(every.results.some((i) => i.category === InvoiceCategory.PRODUCT_SELL)).toBe(false);
    const unfiltered = await t.client(InvoiceService, 'admin').list(all);
    expect(unfiltered.results.some((i) => i.category === InvoiceCategory.PRODUCT_SELL)).toBe(true);
    const dates = every.results.map((i) => Number(i.createdAt!.seconds));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});

describe('vendor acquisition (/stats-new)', () => {
  const count = async (filters: Record<string, unknown>) =>
    (await t.client(VendorService, 'admin', filters).list({ pagination: { page: 1, pageSize: 1 } }))
      .count;

  it('counts vendors per onboarding stage with the list filters', async () => {
    const vendors = (await t.client(VendorService, 'admin').list(all)).results;
    const completed = vendors.filter((v) => v.onboardingCompleted).length;
    const inProgress = vendors.filter(
      (v) => !v.onboardingCompleted && v.onboardingStartedDatetime,
    ).length;
    expect(inProgress).toBeGreaterThan(0);
    expect(await count(STAGE_FILTERS.completed)).toBe(completed);
    expect(await count(STAGE_FILTERS.inProgress)).toBe(inProgress);
  });

  it('counts the running free trials with a range on their start', async () => {
    const now = new Date();
    const since = new Date(now.getTime() - 14 * 86_400_000);
    const vendors = (await t.client(VendorService, 'admin').list(all)).results;
    const expected = vendors.filter((v) => {
      const start = v.extensionFreeTrialStartDatetime;
      return start && Number(start.seconds) * 1000 > since.getTime();
    }).length;
    expect(expected).toBeGreaterThan(0);
    expect(
      await count({
        extension_free_trial_start_datetime: { gt: since.toISOString(), lte: now.toISOString() },
      }),
    ).toBe(expected);
  });
});
