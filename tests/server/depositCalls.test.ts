import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  DepositService,
  DepositStatus,
  Gamme,
  QualificationStatus,
  SellingMode,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { OutboxMailService } from '../../src/rpc/gen/seconde/v1/outbox_mail_pb.ts';
import {
  ProductService,
  SaleStatus,
  type Product,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

const DAY = 86_400_000;
/** The server's clock runs this far from the real one; tests move it. */
let offset = 0;
let t: TestServer;
const me: Partial<Record<DemoUser, { vendorUuid: string; customerUuid: string }>> = {};
let products: Product[] = [];
let all: Deposit[] = [];

const deposits = (who: DemoUser, filters?: unknown) => t.client(DepositService, who, filters);
const ALL_STATUSES = Object.values(DepositStatus).filter(
  (v): v is DepositStatus => typeof v === 'number' && v !== DepositStatus.UNSPECIFIED,
);
const SOLD = [SaleStatus.SELL, SaleStatus.PAYED, SaleStatus.FACTURED];
const unique = (label: string) =>
  `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const cents = (n: number) => Math.round(n * 100) / 100;

beforeAll(async () => {
  t = await startTestServer({ clock: () => new Date(Date.now() + offset) });
  for (const who of ['vendor', 'company', 'customer', 'admin'] as const) me[who] = await t.me(who);
  products = (
    await t.client(ProductService, 'admin').list({ pagination: { page: 1, pageSize: 5000 } })
  ).results;
  all = (
    await deposits('admin').list({
      statuses: ALL_STATUSES,
      pagination: { page: 1, pageSize: 5000 },
    })
  ).results;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('List', () => {
  it('leaves ABANDONED and CANCELED out of the default list, and lists the statuses asked for', async () => {
    const list = await deposits('admin').list({ pagination: { page: 1, pageSize: 500 } });
    const excluded = [DepositStatus.ABANDONED, DepositStatus.CANCELED];
    expect(list.count).toBe(all.filter((d) => !excluded.includes(d.status)).length);
    expect(list.results.some((d) => excluded.includes(d.status))).toBe(false);
    const abandoned = await deposits('admin').list({
      statuses: [DepositStatus.ABANDONED],
      pagination: { page: 1, pageSize: 500 },
    });
    expect(abandoned.count).toBe(all.filter((d) => d.status === DepositStatus.ABANDONED).length);
    expect(abandoned.count).toBeGreaterThan(0);
    expect(abandoned.results.every((d) => d.status === DepositStatus.ABANDONED)).toBe(true);
  });

  it('shows a vendor only their own deposits and a customer only theirs', async () => {
    const vendor = await deposits('vendor').list({ pagination: { page: 1, pageSize: 500 } });
    expect(vendor.count).toBeGreaterThan(0);
    expect(vendor.results.every((d) => d.vendor === me.vendor!.vendorUuid)).toBe(true);
    const customer = await deposits('customer').list({ pagination: { page: 1, pageSize: 500 } });
    expect(customer.count).toBe(
      all.filter(
        (d) =>
          d.customer === me.customer!.customerUuid &&
          ![DepositStatus.ABANDONED, DepositStatus.CANCELED].includes(d.status),
      ).length,
    );
    expect(customer.results.every((d) => d.customer === me.customer!.customerUuid)).toBe(true);
    // A vendor naming another vendor gets nothing of theirs.
    const other = await deposits('vendor').list({ vendor: me.company!.vendorUuid });
    expect(other.count).toBe(0);
  });

  it('filters by vendor and customer fields, searches names and e-mails', async () => {
    const byVendor = await deposits('admin').list({
      vendor: me.company!.vendorUuid,
      statuses: ALL_STATUSES,
      pagination: { page: 1, pageSize: 500 },
    });
    expect(byVendor.count).toBe(all.filter((d) => d.vendor === me.company!.vendorUuid).length);
    const byCustomer = await deposits('admin').list({
      customer: me.customer!.customerUuid,
      statuses: ALL_STATUSES,
    });
    expect(byCustomer.count).toBe(
      all.filter((d) => d.customer === me.customer!.customerUuid).length,
    );
    const byName = await deposits('admin').list({ search: 'dépôt 007', statuses: ALL_STATUSES });
    expect(byName.results.map((d) => d.name)).toEqual(['Dépôt 007']);
    const byEmail = await deposits('admin').list({
      search: 'CUSTOMER@seconde',
      statuses: ALL_STATUSES,
    });
    expect(byEmail.count).toBe(byCustomer.count);
    const byFullName = await deposits('admin').list({
      search: 'Emma Dubois',
      statuses: ALL_STATUSES,
    });
    expect(byFullName.count).toBeGreaterThan(0);
    const wildcard = await deposits('admin').list({ search: '%' });
    expect(wildcard.count).toBe(0);
    // The contracts say a vendor filter is a uuid: the request is refused before the handler.
    expect(await refusalOf(deposits('admin').list({ vendor: 'nope' }))).toEqual({
      code: Code.InvalidArgument,
      reason: 'FIELD_INVALID',
    });
  });

  it('orders by comma-joined fields and pages with a stable count', async () => {
    const ordering = '-created_at,name';
    const first = await deposits('admin').list({ ordering, pagination: { page: 1, pageSize: 10 } });
    const second = await deposits('admin').list({
      ordering,
      pagination: { page: 2, pageSize: 10 },
    });
    expect(first.results).toHaveLength(10);
    expect(second.count).toBe(first.count);
    const times = [...first.results, ...second.results].map((d) =>
      timestampDate(d.createdAt!).getTime(),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const firstIds = new Set(first.results.map((d) => d.uuid));
    expect(second.results.some((d) => firstIds.has(d.uuid))).toBe(false);
    expect(Math.ceil(first.count / 10)).toBeGreaterThan(2);
    expect(await refusalOf(deposits('admin').list({ ordering: '-nope' }))).toEqual({
      code: Code.InvalidArgument,
      reason: 'INVALID_ORDERING',
    });
  });

  it('lets the filters header choose statuses instead of the default list', async () => {
    const canceled = await deposits('admin', { status: ['CANCELED'] }).list({});
    expect(canceled.count).toBe(all.filter((d) => d.status === DepositStatus.CANCELED).length);
    expect(canceled.count).toBeGreaterThan(0);
  });
});

describe('admin-only data', () => {
  it('is read and written by admins and developers, blanked for everyone else', async () => {
    const target = all.find(
      (d) =>
        d.vendor === me.vendor!.vendorUuid &&
        d.customer === me.customer!.customerUuid &&
        d.status === DepositStatus.INLINE,
    )!;
    const before = await deposits('admin').retrieve({ uuid: target.uuid });
    const updated = await deposits('admin').updateAdminOnly({
      uuid: target.uuid,
      adminNotes: 'Client exigeant',
      qualificationStatus: QualificationStatus.QUALIFIED,
    });
    expect(updated).toMatchObject({
      adminNotes: 'Client exigeant',
      qualificationStatus: QualificationStatus.QUALIFIED,
    });
    const after = await deposits('admin').retrieve({ uuid: target.uuid });
    expect(after.rowVersion).toBe(before.rowVersion + 1);
    expect(after.adminNotes).toBe('Client exigeant');
    // Unspecified keeps the qualification; the developer reads and writes too.
    const dev = await deposits('developer').updateAdminOnly({
      uuid: target.uuid,
      adminNotes: 'Vu',
    });
    expect(dev.qualificationStatus).toBe(QualificationStatus.QUALIFIED);
    expect((await deposits('developer').getAdminOnly({ uuid: target.uuid })).adminNotes).toBe('Vu');

    for (const who of ['vendor', 'customer'] as const) {
      expect((await deposits(who).retrieve({ uuid: target.uuid })).adminNotes).toBe('');
      const listed = await deposits(who).list({ pagination: { page: 1, pageSize: 500 } });
      expect(listed.results.find((d) => d.uuid === target.uuid)?.adminNotes).toBe('');
      const withStats = await deposits(who).listWithStats({
        pagination: { page: 1, pageSize: 500 },
      });
      expect(
        withStats.results.find((s) => s.deposit!.uuid === target.uuid)?.deposit?.adminNotes,
      ).toBe('');
      expect(await refusalOf(deposits(who).getAdminOnly({ uuid: target.uuid }))).toEqual({
        code: Code.PermissionDenied,
        reason: 'FORBIDDEN',
      });
      expect(
        await refusalOf(deposits(who).updateAdminOnly({ uuid: target.uuid, adminNotes: 'x' })),
      ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    }
    const listed = await deposits('admin').list({ pagination: { page: 1, pageSize: 500 } });
    expect(listed.results.find((d) => d.uuid === target.uuid)?.adminNotes).toBe('Vu');
    expect(
      await refusalOf(
        deposits('admin').getAdminOnly({ uuid: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toEqual({ code: Code.NotFound, reason: 'NOT_FOUND' });
  });
});

describe('Retrieve', () => {
  it('gives each caller their own deposits and refuses the others', async () => {
    const theirs = all.find(
      (d) => d.vendor === me.company!.vendorUuid && d.status !== DepositStatus.RESTITUED,
    )!;
    expect((await deposits('company').retrieve({ uuid: theirs.uuid })).uuid).toBe(theirs.uuid);
    expect(await refusalOf(deposits('vendor').retrieve({ uuid: theirs.uuid }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(await refusalOf(deposits('customer').retrieve({ uuid: theirs.uuid }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(
      await refusalOf(
        deposits('vendor').retrieve({ uuid: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toEqual({ code: Code.NotFound, reason: 'NOT_FOUND' });
  });
});

describe('Create', () => {
  it('starts a deposit DRAFT, owned by the calling vendor, without admin-only data', async () => {
    expect(
      await refusalOf(
        deposits('vendor').create({
          deposit: { name: unique('Dépôt pour un autre'), vendor: me.company!.vendorUuid },
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    const created = await deposits('vendor').create({
      deposit: {
        name: unique('Dépôt neuf'),
        adminNotes: 'sneaky',
        qualificationStatus: QualificationStatus.QUALIFIED,
      },
    });
    expect(created).toMatchObject({
      status: DepositStatus.DRAFT,
      vendor: me.vendor!.vendorUuid,
      adminNotes: '',
      qualificationStatus: QualificationStatus.ACTION_REQUIRED,
      rowVersion: 1,
    });
    expect((await deposits('admin').getAdminOnly({ uuid: created.uuid })).adminNotes).toBe('');
  });

  it('refuses a second deposit of the same name for the same vendor only', async () => {
    const name = unique('Feuille');
    await deposits('vendor').create({ deposit: { name } });
    expect(await refusalOf(deposits('vendor').create({ deposit: { name } }))).toEqual({
      code: Code.AlreadyExists,
      reason: 'DEPOSIT_NAME_EXISTS',
    });
    expect(
      await refusalOf(
        deposits('admin').create({ deposit: { name: ` ${name} `, vendor: me.vendor!.vendorUuid } }),
      ),
    ).toEqual({ code: Code.AlreadyExists, reason: 'DEPOSIT_NAME_EXISTS' });
    // company@'s plan has expired (the subscription gate refuses it): staff file for it.
    const other = await deposits('admin').create({
      deposit: { name, vendor: me.company!.vendorUuid },
    });
    expect(other.vendor).toBe(me.company!.vendorUuid);
  });

  it('refuses two deposits of one family for one customer on the same Paris day', async () => {
    const customer = me.customer!.customerUuid;
    const make = (family: ProductFamily) =>
      deposits('vendor').create({ deposit: { name: unique('Famille'), customer, family } });
    offset = 30 * DAY;
    try {
      await make(ProductFamily.SPORTS);
      expect(await refusalOf(make(ProductFamily.SPORTS))).toEqual({
        code: Code.AlreadyExists,
        reason: 'CUSTOMER_FAMILY_SAME_DAY',
      });
      await make(ProductFamily.HOBBIES_COLLECTIBLES); // another family the same day
      offset = 31 * DAY;
      await make(ProductFamily.SPORTS); // the next day
    } finally {
      offset = 0;
    }
  });

  it('starts where the rules let a new deposit start, and only for the vendor’s customers', async () => {
    const received = await deposits('vendor').create({
      deposit: { name: unique('Reçu'), status: DepositStatus.RECEIVED },
    });
    expect(received.status).toBe(DepositStatus.RECEIVED);
    expect(
      await refusalOf(
        deposits('vendor').create({
          deposit: { name: unique('Trop tôt'), status: DepositStatus.INLINE },
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'REQUIRED_STEP_SKIPPED' });
    expect(
      await refusalOf(
        deposits('admin').create({
          deposit: { name: unique('Fini'), status: DepositStatus.CANCELED },
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_ARGUMENT' });
    const foreign = all.find((d) => d.vendor === me.company!.vendorUuid && d.customer)!.customer;
    expect(
      await refusalOf(
        deposits('vendor').create({ deposit: { name: unique('Pas à moi'), customer: foreign } }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(
      await refusalOf(deposits('customer').create({ deposit: { name: unique('Client') } })),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
  });
});

describe('DefaultDepositForVendor', () => {
  it('creates the vendor’s own-stock deposit once and answers it every time', async () => {
    const first = await deposits('vendor').defaultDepositForVendor({});
    const again = await deposits('vendor').defaultDepositForVendor({
      vendorUuid: me.vendor!.vendorUuid,
    });
    const [byAdmin, concurrent] = await Promise.all([
      deposits('admin').defaultDepositForVendor({ vendorUuid: me.vendor!.vendorUuid }),
      deposits('vendor').defaultDepositForVendor({}),
    ]);
    expect(first.deposit).toMatchObject({
      vendor: me.vendor!.vendorUuid,
      status: DepositStatus.INLINE,
      depositSellingModeStatus: SellingMode.DEFAULT_STOCK,
      customer: '',
    });
    for (const answer of [again, byAdmin, concurrent])
      expect(answer.deposit!.uuid).toBe(first.deposit!.uuid);
    // Another vendor's default is another deposit, created for them by an admin.
    const company = await deposits('admin').defaultDepositForVendor({
      vendorUuid: me.company!.vendorUuid,
    });
    expect(company.deposit!.vendor).toBe(me.company!.vendorUuid);
    expect(company.deposit!.uuid).not.toBe(first.deposit!.uuid);
  });

  it('refuses a vendor asking for someone else, and customers', async () => {
    expect(
      await refusalOf(
        deposits('vendor').defaultDepositForVendor({ vendorUuid: me.company!.vendorUuid }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(await refusalOf(deposits('customer').defaultDepositForVendor({}))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(
      await refusalOf(
        deposits('admin').defaultDepositForVendor({
          vendorUuid: '00000000-0000-4000-8000-000000000000',
        }),
      ),
    ).toEqual({ code: Code.NotFound, reason: 'NOT_FOUND' });
  });
});

describe('FilledProductNumber and RecommendedPrice', () => {
  it('counts the products entered against the number announced', async () => {
    const withProducts = all.find(
      (d) =>
        d.vendor === me.vendor!.vendorUuid &&
        d.status !== DepositStatus.RESTITUED &&
        products.some((p) => p.deposit === d.uuid),
    )!;
    const answer = await deposits('vendor').filledProductNumber({ uuid: withProducts.uuid });
    expect(answer.filledProductNumber).toBe(
      products.filter((p) => p.deposit === withProducts.uuid).length,
    );
    const announced = await deposits('vendor').create({
      deposit: { name: unique('Annoncé'), productNumber: 12 },
    });
    expect(await deposits('vendor').filledProductNumber({ uuid: announced.uuid })).toMatchObject({
      filledProductNumber: 0,
      productNumber: 12,
    });
    const theirs = all.find(
      (d) => d.vendor === me.company!.vendorUuid && d.status !== DepositStatus.RESTITUED,
    )!;
    expect(await refusalOf(deposits('vendor').filledProductNumber({ uuid: theirs.uuid }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
  });

  it('multiplies the median sold price of similar deposits by the product count', async () => {
    const yearAgo = Date.now() - 365 * DAY;
    const depositOf = new Map(all.map((d) => [d.uuid, d]));
    const sales = products.filter(
      (p) =>
        SOLD.includes(p.saleStatus) &&
        (p.selledPrice ?? 0) > 0 &&
        p.sellDatetime &&
        timestampDate(p.sellDatetime).getTime() >= yearAgo,
    );
    const median = (prices: number[]) => {
      const s = [...prices].sort((a, b) => a - b);
      if (s.length === 0) return 0;
      const mid = (s.length - 1) / 2;
      return (s[Math.floor(mid)]! + s[Math.ceil(mid)]!) / 2;
    };
    const priceOf = (family: ProductFamily, gamme: Gamme) => {
      const same = sales.filter((p) => depositOf.get(p.deposit)?.family === family);
      const sameGamme = same.filter((p) => depositOf.get(p.deposit)?.gamme === gamme);
      if (sameGamme.length >= 5) return median(sameGamme.map((p) => p.selledPrice!));
      if (same.length >= 5) return median(same.map((p) => p.selledPrice!));
      return median(sales.map((p) => p.selledPrice!));
    };
    const cases: Array<[ProductFamily, Gamme]> = [
      [ProductFamily.WOMAN, Gamme.LOW], // plenty of sales of this family and gamme
      [ProductFamily.WOMAN, Gamme.LUXURY], // none of this gamme: the family's median
      [ProductFamily.ELECTRONICS, Gamme.LOW], // none of this family: every sale's median
    ];
    for (const [family, gamme] of cases) {
      const deposit = await deposits('vendor').create({
        deposit: { name: unique('Estimation'), family, gamme, productNumber: 10 },
      });
      const { recommendedPrice } = await deposits('vendor').recommendedPrice({
        uuid: deposit.uuid,
      });
      expect(recommendedPrice).toBeCloseTo(cents(priceOf(family, gamme) * 10), 2);
      expect(recommendedPrice).toBeGreaterThan(0);
    }
    // With products entered, the count is theirs (refused ones left out).
    const inline = all.find(
      (d) =>
        d.vendor === me.vendor!.vendorUuid &&
        d.status !== DepositStatus.RESTITUED &&
        products.some((p) => p.deposit === d.uuid),
    )!;
    const entered = products.filter(
      (p) => p.deposit === inline.uuid && p.saleStatus !== SaleStatus.REFUSED,
    ).length;
    const { recommendedPrice } = await deposits('vendor').recommendedPrice({ uuid: inline.uuid });
    expect(recommendedPrice).toBeCloseTo(cents(priceOf(inline.family, inline.gamme) * entered), 2);
  });
});

/** The figures the statistics calls must give, computed here from the product list. */
function expectedFigures(depositUuids: Set<string>, monthOf?: (d: Date) => boolean) {
  const mine = products.filter((p) => depositUuids.has(p.deposit));
  const sold = mine.filter((p) => SOLD.includes(p.saleStatus));
  const inMonth = sold.filter(
    (p) => monthOf && p.sellDatetime && monthOf(timestampDate(p.sellDatetime)),
  );
  const pct = 20; // demo vendors keep the default share
  const vendorShare = (p: Product) => p.vendorIncome ?? ((p.selledPrice ?? 0) * pct) / 100;
  const customerShare = (p: Product) =>
    p.customerIncome ?? (p.selledPrice ?? 0) - vendorShare(p) - (p.providerIncome ?? 0);
  return {
    productCount: mine.length,
    turnover: cents(sum(sold.map((p) => p.selledPrice ?? 0))),
    vendorTurnover: cents(sum(sold.map(vendorShare))),
    customerTurnover: cents(sum(sold.map(customerShare))),
    monthTurnover: cents(sum(inMonth.map((p) => p.selledPrice ?? 0))),
    vendorMonthTurnover: cents(sum(inMonth.map(vendorShare))),
    customerMonthTurnover: cents(sum(inMonth.map(customerShare))),
    potentialTurnover: cents(
      sum(
        mine
          .filter(
            (p) =>
              !SOLD.includes(p.saleStatus) &&
              ![SaleStatus.REFUSED, SaleStatus.RESTITUED].includes(p.saleStatus),
          )
          .map((p) => p.suggestedPrice ?? 0),
      ),
    ),
    pourcentSell: mine.length ? cents((100 * sold.length) / mine.length) : 0,
  };
}

const parisMonth = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
  }).format(d);

describe('ListWithStats and StatsForFilters', () => {
  it('gives each deposit its figures, month figures following the server’s clock', async () => {
    const sale = products.find((p) => SOLD.includes(p.saleStatus) && p.sellDatetime)!;
    const saleDate = timestampDate(sale.sellDatetime!);
    offset = saleDate.getTime() - Date.now();
    try {
      const page = await deposits('admin').listWithStats({
        statuses: [DepositStatus.INLINE, DepositStatus.RESTITUED],
        ordering: 'name',
        pagination: { page: 1, pageSize: 50 },
      });
      expect(page.count).toBe(
        (
          await deposits('admin').list({
            statuses: [DepositStatus.INLINE, DepositStatus.RESTITUED],
          })
        ).count,
      );
      let monthSeen = 0;
      for (const stats of page.results) {
        const want = expectedFigures(
          new Set([stats.deposit!.uuid]),
          (d) => parisMonth(d) === parisMonth(saleDate),
        );
        monthSeen += want.monthTurnover;
        for (const key of [
          'turnover',
          'vendorTurnover',
          'customerTurnover',
          'monthTurnover',
          'vendorMonthTurnover',
          'customerMonthTurnover',
          'potentialTurnover',
          'pourcentSell',
        ] as const)
          expect(stats[key], `${stats.deposit!.name} ${key}`).toBeCloseTo(want[key], 2);
        const deposit = stats.deposit!;
        expect(stats.daysBetweenAffectationAndInline).toBe(
          deposit.affectationDatetime && deposit.depositCompletedDatetime
            ? Math.floor(
                (timestampDate(deposit.depositCompletedDatetime).getTime() -
                  timestampDate(deposit.affectationDatetime).getTime()) /
                  DAY,
              )
            : undefined,
        );
      }
      expect(monthSeen).toBeGreaterThan(0);
      expect(
        page.results.some((s) => s.turnover > 0 && s.vendorTurnover > 0 && s.customerTurnover > 0),
      ).toBe(true);
    } finally {
      offset = 0;
    }
  });

  it('keeps each caller to their own deposits', async () => {
    const vendor = await deposits('vendor').listWithStats({
      pagination: { page: 1, pageSize: 500 },
    });
    expect(vendor.results.every((s) => s.deposit!.vendor === me.vendor!.vendorUuid)).toBe(true);
    const customer = await deposits('customer').listWithStats({
      pagination: { page: 1, pageSize: 500 },
    });
    expect(customer.results.every((s) => s.deposit!.customer === me.customer!.customerUuid)).toBe(
      true,
    );
    expect(customer.count).toBeGreaterThan(0);
  });

  it('totals the deposits matching the filters, for each caller within their scope', async () => {
    for (const who of ['vendor', 'admin', 'customer'] as const) {
      const listed = await deposits(who).list({
        statuses: [DepositStatus.INLINE, DepositStatus.RESTITUED],
        pagination: { page: 1, pageSize: 5000 },
      });
      const totals = await deposits(who).statsForFilters({
        statuses: [DepositStatus.INLINE, DepositStatus.RESTITUED],
      });
      const want = expectedFigures(new Set(listed.results.map((d) => d.uuid)));
      expect(totals.depositCount).toBe(listed.count);
      expect(totals.productCount).toBe(want.productCount);
      for (const key of [
        'turnover',
        'vendorTurnover',
        'customerTurnover',
        'potentialTurnover',
        'pourcentSell',
      ] as const)
        expect(totals[key], `${who} ${key}`).toBeCloseTo(want[key], 2);
    }
    // The vendor filter and the creation dates narrow the set.
    const company = await deposits('admin').statsForFilters({ vendor: me.company!.vendorUuid });
    expect(company.depositCount).toBe(
      (await deposits('admin').list({ vendor: me.company!.vendorUuid })).count,
    );
    const start = new Date(Date.now() - 100 * DAY);
    const end = new Date(Date.now() + DAY);
    const recent = await deposits('admin').statsForFilters({
      statuses: ALL_STATUSES,
      dateStart: timestampFromDate(start),
      dateEnd: timestampFromDate(end),
    });
    const createdSince = (
      await deposits('admin').list({
        statuses: ALL_STATUSES,
        pagination: { page: 1, pageSize: 5000 },
      })
    ).results.filter(
      (d) => timestampDate(d.createdAt!) >= start && timestampDate(d.createdAt!) < end,
    ).length;
    expect(recent.depositCount).toBe(createdSince);
    expect(recent.depositCount).toBeLessThan(all.length);
  });
});

describe('SendUpdateMailToVendor', () => {
  it('queues a DEPOSIT_UPDATE mail to the deposit’s vendor, for admins only', async () => {
    const target = all.find((d) => d.vendor === me.vendor!.vendorUuid)!;
    expect(
      await deposits('admin').sendUpdateMailToVendor({
        uuid: target.uuid,
        message: 'Prix revus à la baisse',
      }),
    ).toMatchObject({ success: true });
    const mails = await t.client(OutboxMailService, 'admin', { deposit: target.uuid }).list({});
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]).toMatchObject({ recipient: 'vendor@seconde.test' });
    expect(mails.results[0]!.body).toContain('Prix revus à la baisse');
    for (const who of ['vendor', 'customer'] as const)
      expect(
        await refusalOf(deposits(who).sendUpdateMailToVendor({ uuid: target.uuid, message: 'x' })),
      ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(
      await refusalOf(
        deposits('admin').sendUpdateMailToVendor({ uuid: target.uuid, message: ' ' }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_ARGUMENT' });
  });
});

describe('Destroy', () => {
  it('deletes an empty deposit of one’s own and refuses one with products online or sold', async () => {
    const empty = await deposits('vendor').create({ deposit: { name: unique('À supprimer') } });
    expect(await refusalOf(deposits('company').destroy({ uuid: empty.uuid }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(await refusalOf(deposits('customer').destroy({ uuid: empty.uuid }))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(await deposits('vendor').destroy({ uuid: empty.uuid })).toMatchObject({ success: true });
    expect(await refusalOf(deposits('vendor').retrieve({ uuid: empty.uuid }))).toEqual({
      code: Code.NotFound,
      reason: 'NOT_FOUND',
    });
    const selling = all.find(
      (d) =>
        d.vendor === me.vendor!.vendorUuid &&
        products.some(
          (p) => p.deposit === d.uuid && [SaleStatus.ONLINE, ...SOLD].includes(p.saleStatus),
        ),
    )!;
    expect(await refusalOf(deposits('admin').destroy({ uuid: selling.uuid }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'DEPOSIT_HAS_SALES',
    });
    const offline = all.find(
      (d) =>
        products.some((p) => p.deposit === d.uuid) &&
        products
          .filter((p) => p.deposit === d.uuid)
          .every((p) => ![SaleStatus.ONLINE, ...SOLD].includes(p.saleStatus)),
    )!;
    expect(await refusalOf(deposits('admin').destroy({ uuid: offline.uuid }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'IN_USE',
    });
    expect((await deposits('admin').retrieve({ uuid: selling.uuid })).uuid).toBe(selling.uuid);
  });
});
