import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import {
  DepositService,
  DepositStatus,
  WantDepositRefusal,
  type Deposit,
  type DepositSchema,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { MailKind, OutboxMailService } from '../../src/rpc/gen/seconde/v1/outbox_mail_pb.ts';
import {
  VendorAvailability,
  VendorService,
  type VendorSchema,
} from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const HOUR = 3_600_000;
let t: TestServer;
/** The server's clock: tests move it to open deposits at known times and to change day. */
let now = new Date();
let demoVendor: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer(
    {
      demoProducts: 0,
      clock: () => now,
      settings: { priorityDepartments: ['13'], maxPendingDeposits: 5 },
    },
    ['vendor', 'company', 'trial', 'admin', 'customer'],
  );
  demoVendor = (await t.me('vendor')).vendorUuid;
});

afterAll(async () => {
  await t?.close();
});

const admin = () => t.client(DepositService, 'admin');
const db = () => t.server.db;

/** A deposit open to vendors, as the public form leaves it (Paris, women's clothes, no post). */
async function openDeposit(extra: MessageInitShape<typeof DepositSchema> = {}): Promise<Deposit> {
  return admin().create({
    deposit: {
      name: `Demande ${++counter}`,
      status: DepositStatus.WAITING_FOR_VENDOR,
      customerPostalCode: '75018',
      family: ProductFamily.WOMAN,
      customerAcceptSendPostal: false,
      isCreatedByPublicForm: true,
      ...extra,
    },
  });
}

interface SubscriptionSetup {
  type?: string;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  providerId?: string;
}

/**
 * A vendor who may take deposits (created by an admin through the API), with a subscription
 * written straight into the database: no call creates subscriptions, the payment provider does.
 */
async function readyVendor(
  extra: MessageInitShape<typeof VendorSchema> = {},
  subscription: SubscriptionSetup | null = {},
): Promise<string> {
  const n = ++counter;
  const vendor = await t.client(VendorService, 'admin').create({
    vendor: {
      firstName: 'Valérie',
      lastName: `Vendeuse ${n}`,
      email: `Vendeuse.${n}@Exemple.fr`,
      phoneNumber: '0611223344',
      address: '3 rue Oberkampf',
      postalCode: '75011',
      city: 'Paris',
      receiveNewDepositStatus: VendorAvailability.AVAILABLE,
      marketplaceWelcomeMeetingDone: true,
      depositFamilyFavorite: ProductFamily.WOMAN,
      ...extra,
    },
  });
  if (subscription) {
    const { rows } = await sql<{ uuid: string }>`
      insert into subscription (status, type, vendor, payment_provider_id, cancel_at_period_end,
        current_period_end)
      values (${subscription.status ?? 'ACTIVE'}, ${subscription.type ?? 'PRO'}, ${vendor.uuid},
        ${subscription.providerId ?? `sub_${n}`}, ${subscription.cancelAtPeriodEnd ?? false},
        ${new Date(Date.now() + 20 * 24 * HOUR)})
      returning uuid`.execute(db());
    await sql`update vendor set subscription = ${rows[0]!.uuid} where uuid = ${vendor.uuid}`.execute(
      db(),
    );
  }
  return vendor.uuid;
}

/** The admin asks for a deposit on a vendor's behalf. */
const want = (vendorUuid: string, deposit: Deposit) =>
  admin().wantDeposit({ uuid: deposit.uuid, vendorUuid });

async function refusal(vendorUuid: string, deposit?: Deposit) {
  return refusalOf(want(vendorUuid, deposit ?? (await openDeposit())));
}

const failed = (reason: string) => ({ code: Code.FailedPrecondition, reason });

describe('wantDeposit refusals, each built in the database', () => {
  it('accepts a vendor for whom nothing stands in the way', async () => {
    const vendor = await readyVendor();
    const answer = await want(vendor, await openDeposit());
    expect(answer.success).toBe(true);
    expect(answer.deposit?.status).toBe(DepositStatus.WAITING_FOR_VENDOR);
  });

  it('NO_PAID_SUBSCRIPTION: no subscription at all, or an expired plan (company@)', async () => {
    expect(await refusal(await readyVendor({}, null))).toEqual(failed('NO_PAID_SUBSCRIPTION'));
    const deposit = await openDeposit();
    expect(
      await refusalOf(t.client(DepositService, 'company').wantDeposit({ uuid: deposit.uuid })),
    ).toEqual(failed('NO_PAID_SUBSCRIPTION'));
  });

  it('COMMISSION_SUBSCRIPTION', async () => {
    expect(await refusal(await readyVendor({}, { type: 'COMMISSION' }))).toEqual(
      failed('COMMISSION_SUBSCRIPTION'),
    );
  });

  it('SUBSCRIPTION_NOT_UP_TO_DATE', async () => {
    expect(await refusal(await readyVendor({}, { status: 'PAST_DUE' }))).toEqual(
      failed('SUBSCRIPTION_NOT_UP_TO_DATE'),
    );
  });

  it('TRIAL_PERIOD: the signed-in trial@ asks for itself', async () => {
    const deposit = await openDeposit();
    expect(
      await refusalOf(t.client(DepositService, 'trial').wantDeposit({ uuid: deposit.uuid })),
    ).toEqual(failed('TRIAL_PERIOD'));
  });

  it('SUBSCRIPTION_CANCELLED_AT_PERIOD_END', async () => {
    expect(await refusal(await readyVendor({}, { cancelAtPeriodEnd: true }))).toEqual(
      failed('SUBSCRIPTION_CANCELLED_AT_PERIOD_END'),
    );
  });

  it('TRAINING_FINISHED', async () => {
    const vendor = await readyVendor(
      {},
      { type: 'FORMATION', status: 'CANCELED', providerId: 'formation_demo' },
    );
    expect(await refusal(vendor)).toEqual(failed('TRAINING_FINISHED'));
  });

  it('VENDOR_DISABLED', async () => {
    const vendor = await readyVendor({
      disabledDatetime: timestampFromDate(new Date(now.getTime() - HOUR)),
    });
    expect(await refusal(vendor)).toEqual(failed('VENDOR_DISABLED'));
  });

  it('PROFILE_INCOMPLETE', async () => {
    expect(await refusal(await readyVendor({ phoneNumber: '' }))).toEqual(
      failed('PROFILE_INCOMPLETE'),
    );
    expect(await refusal(await readyVendor({ incompleteStatusReason: 'identity card' }))).toEqual(
      failed('PROFILE_INCOMPLETE'),
    );
  });

  it('WELCOME_MEETING_NOT_DONE', async () => {
    const vendor = await readyVendor({ marketplaceWelcomeMeetingDone: false });
    expect(await refusal(vendor)).toEqual(failed('WELCOME_MEETING_NOT_DONE'));
  });

  it('VENDOR_UNAVAILABLE', async () => {
    const vendor = await readyVendor({ receiveNewDepositStatus: VendorAvailability.UNAVAILABLE });
    expect(await refusal(vendor)).toEqual(failed('VENDOR_UNAVAILABLE'));
  });

  it('TOO_MANY_PENDING_DEPOSITS: five marketplace deposits not received yet', async () => {
    const vendor = await readyVendor();
    for (let i = 0; i < 4; i++)
      await admin().create({
        deposit: {
          name: `En attente ${++counter}`,
          vendor,
          status: DepositStatus.SEND,
          isCreatedByPublicForm: true,
        },
      });
    // The vendor's own deposits and received ones do not count.
    await admin().create({
      deposit: { name: `Personnel ${++counter}`, vendor, status: DepositStatus.SEND },
    });
    await admin().create({
      deposit: {
        name: `Reçu ${++counter}`,
        vendor,
        status: DepositStatus.RECEIVED,
        isCreatedByPublicForm: true,
      },
    });
    expect((await want(vendor, await openDeposit())).success).toBe(true);
    await admin().create({
      deposit: {
        name: `En attente ${++counter}`,
        vendor,
        status: DepositStatus.CUSTOMER_PREPARING,
        isCreatedByPublicForm: true,
      },
    });
    expect(await refusal(vendor)).toEqual(failed('TOO_MANY_PENDING_DEPOSITS'));
  });

  it('ALREADY_TOOK_DEPOSIT_TODAY, and free again the next day', async () => {
    const vendor = await readyVendor();
    const first = await openDeposit();
    await want(vendor, first);
    await admin().assign({ uuid: first.uuid, vendorUuid: vendor, rowVersion: first.rowVersion });
    const second = await openDeposit();
    expect(await refusal(vendor, second)).toEqual(failed('ALREADY_TOOK_DEPOSIT_TODAY'));
    const today = now;
    now = new Date(today.getTime() + 30 * HOUR);
    try {
      expect((await want(vendor, second)).success).toBe(true);
    } finally {
      now = today;
    }
  });

  it('DEPOSIT_GENDER_DIFFERS', async () => {
    const vendor = await readyVendor();
    expect(await refusal(vendor, await openDeposit({ family: ProductFamily.MAN }))).toEqual(
      failed('DEPOSIT_GENDER_DIFFERS'),
    );
    expect((await want(vendor, await openDeposit({ family: ProductFamily.MIXED }))).success).toBe(
      true,
    );
  });

  it('POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT', async () => {
    const vendor = await readyVendor();
    expect(await refusal(vendor, await openDeposit({ customerPostalCode: '69003' }))).toEqual(
      failed('POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT'),
    );
    const byPost = await openDeposit({
      customerPostalCode: '69003',
      customerAcceptSendPostal: true,
    });
    expect((await want(vendor, byPost)).success).toBe(true);
  });

  it('PRIORITY_DEPARTMENT: a deposit of a priority department, vendor elsewhere', async () => {
    const deposit = await openDeposit({
      customerPostalCode: '13006',
      customerAcceptSendPostal: true,
    });
    expect(await refusal(await readyVendor(), deposit)).toEqual(failed('PRIORITY_DEPARTMENT'));
    const local = await readyVendor({ postalCode: '13001', city: 'Marseille' });
    expect((await want(local, deposit)).success).toBe(true);
  });
});

describe('wantDeposit rules of the call', () => {
  it('records one request, however often the vendor asks', async () => {
    const vendor = await readyVendor();
    const deposit = await openDeposit();
    await want(vendor, deposit);
    await want(vendor, deposit);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from deposit_request where deposit = ${deposit.uuid}`.execute(db());
    expect(rows[0]!.n).toBe(1);
  });

  it('lets a vendor ask only for themselves, and no customer at all', async () => {
    const deposit = await openDeposit();
    const other = await readyVendor();
    expect(
      await refusalOf(
        t.client(DepositService, 'vendor').wantDeposit({ uuid: deposit.uuid, vendorUuid: other }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(
      await refusalOf(t.client(DepositService, 'customer').wantDeposit({ uuid: deposit.uuid })),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
  });

  it('refuses a deposit that is not open to vendors', async () => {
    const vendor = await readyVendor();
    const draft = await admin().create({ deposit: { name: `Brouillon ${++counter}` } });
    expect(await refusal(vendor, draft)).toEqual(failed('DEPOSIT_NOT_AVAILABLE'));
    expect(
      await refusalOf(
        admin().wantDeposit({ uuid: '00000000-0000-4000-8000-000000000000', vendorUuid: vendor }),
      ),
    ).toEqual({ code: Code.NotFound, reason: 'NOT_FOUND' });
  });
});

describe('listAvailable', () => {
  it('shows the open deposits, near ones first, with the refusal and the request of the vendor', async () => {
    await t.client(VendorService, 'admin').partialUpdate({
      vendor: { uuid: demoVendor, marketplaceWelcomeMeetingDone: true },
      updateMask: { paths: ['marketplace_welcome_meeting_done'] },
    });
    const far = await openDeposit({ customerPostalCode: '33000', customerAcceptSendPostal: true });
    const near = await openDeposit({ customerPostalCode: '75020' });
    const corsica = await openDeposit({ customerPostalCode: '20200' });
    await t.client(DepositService, 'vendor').wantDeposit({ uuid: near.uuid });

    const answer = await t
      .client(DepositService, 'vendor')
      .listAvailable({ pagination: { page: 1, pageSize: 5000 } });
    expect(answer.vendorRefusal).toBe(WantDepositRefusal.UNSPECIFIED);
    const uuids = answer.results.map((r) => r.deposit!.uuid);
    const departments = answer.results.map((r) => r.department);
    const firstOther = departments.findIndex((d) => d !== '75');
    expect(departments.slice(firstOther)).not.toContain('75');
    const byUuid = new Map(answer.results.map((r) => [r.deposit!.uuid, r]));
    expect(byUuid.get(near.uuid)).toMatchObject({
      department: '75',
      refusal: WantDepositRefusal.UNSPECIFIED,
      alreadyRequested: true,
    });
    expect(byUuid.get(far.uuid)).toMatchObject({
      department: '33',
      refusal: WantDepositRefusal.UNSPECIFIED,
      alreadyRequested: false,
    });
    expect(byUuid.get(corsica.uuid)).toMatchObject({
      department: '2B',
      refusal: WantDepositRefusal.POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT,
    });
    expect(uuids.indexOf(near.uuid)).toBeLessThan(uuids.indexOf(far.uuid));
    expect(answer.count).toBe(answer.results.length);

    const page = await t
      .client(DepositService, 'vendor')
      .listAvailable({ pagination: { page: 2, pageSize: 2 } });
    expect(page.results.map((r) => r.deposit!.uuid)).toEqual(uuids.slice(2, 4));
  });

  it('says when a reason of the vendor holds for every deposit', async () => {
    const answer = await t.client(DepositService, 'trial').listAvailable({});
    expect(answer.vendorRefusal).toBe(WantDepositRefusal.TRIAL_PERIOD);
    expect(answer.results.every((r) => r.refusal === WantDepositRefusal.TRIAL_PERIOD)).toBe(true);
  });

  it('is closed to customers', async () => {
    expect(await refusalOf(t.client(DepositService, 'customer').listAvailable({}))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
  });
});

describe('listRequests and assign', () => {
  it('lists the open deposits oldest deadline first, with the vendors who asked', async () => {
    const start = now;
    now = new Date(start.getTime() - 72 * HOUR);
    const old = await openDeposit();
    now = new Date(start.getTime() - 10 * HOUR);
    const recent = await openDeposit();
    now = start;
    const first = await readyVendor({ firstName: 'Anna', lastName: 'Première' });
    const second = await readyVendor({ firstName: 'Bruno', lastName: 'Second' });
    await want(first, recent);
    now = new Date(start.getTime() + HOUR);
    await want(second, recent);
    now = start;

    const answer = await admin().listRequests({ pagination: { pageSize: 5000 } });
    const uuids = answer.results.map((r) => r.deposit!.uuid);
    expect(uuids.indexOf(old.uuid)).toBeLessThan(uuids.indexOf(recent.uuid));
    const dues = answer.results.map((r) => timestampDate(r.dueAt!).getTime());
    expect([...dues].sort((a, b) => a - b)).toEqual(dues);
    const entry = answer.results.find((r) => r.deposit!.uuid === recent.uuid)!;
    expect(timestampDate(entry.requestedAt!).getTime()).toBe(start.getTime() - 10 * HOUR);
    expect(timestampDate(entry.dueAt!).getTime()).toBe(start.getTime() + 38 * HOUR);
    expect(entry.candidates.map((c) => [c.vendor, c.vendorName])).toEqual([
      [first, 'Anna Première'],
      [second, 'Bruno Second'],
    ]);
    expect(timestampDate(entry.candidates[1]!.wantedAt!).getTime()).toBe(start.getTime() + HOUR);
    expect(answer.count).toBeGreaterThanOrEqual(answer.results.length);
  });

  it('is for admins only', async () => {
    const deposit = await openDeposit();
    expect(await refusalOf(t.client(DepositService, 'vendor').listRequests({}))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(
      await refusalOf(
        t.client(DepositService, 'vendor').assign({ uuid: deposit.uuid, vendorUuid: demoVendor }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
  });

  it('gives the deposit to the vendor, closes the requests and mails the vendor', async () => {
    const deposit = await openDeposit({ name: 'Dépôt Dupont' });
    const other = await readyVendor();
    await want(other, deposit);
    await t.client(DepositService, 'vendor').wantDeposit({ uuid: deposit.uuid });

    expect(
      await refusalOf(
        admin().assign({
          uuid: deposit.uuid,
          vendorUuid: demoVendor,
          rowVersion: deposit.rowVersion + 7,
        }),
      ),
    ).toEqual({ code: Code.Aborted, reason: 'CHANGED_BY_SOMEONE_ELSE' });

    const assigned = await admin().assign({
      uuid: deposit.uuid,
      vendorUuid: demoVendor,
      rowVersion: deposit.rowVersion,
    });
    expect(assigned).toMatchObject({
      vendor: demoVendor,
      status: DepositStatus.CUSTOMER_PREPARING,
    });
    expect(timestampDate(assigned.affectationDatetime!).getTime()).toBe(now.getTime());
    expect(assigned.rowVersion).toBe(deposit.rowVersion + 1);

    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from deposit_request where deposit = ${deposit.uuid}`.execute(db());
    expect(rows[0]!.n).toBe(0);
    const requests = await admin().listRequests({ pagination: { pageSize: 5000 } });
    expect(requests.results.map((r) => r.deposit!.uuid)).not.toContain(deposit.uuid);

    // The vendor now holds it; the mail waits in the outbox (no SMTP server here).
    const mine = await t.client(DepositService, 'vendor').retrieve({ uuid: deposit.uuid });
    expect(mine.status).toBe(DepositStatus.CUSTOMER_PREPARING);
    const mails = await t.client(OutboxMailService, 'admin', { deposit: deposit.uuid }).list({});
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]).toMatchObject({
      kind: MailKind.DEPOSIT_ASSIGNED,
      recipient: 'vendor@seconde.test',
      subject: 'Dépôt attribué : Dépôt Dupont',
      error: '',
    });
    expect(mails.results[0]!.body).toContain('« Dépôt Dupont » (code postal 75018)');
    expect(mails.results[0]!.sentAt).toBeUndefined();

    expect(await refusalOf(admin().assign({ uuid: deposit.uuid, vendorUuid: other }))).toEqual(
      failed('DEPOSIT_NOT_AVAILABLE'),
    );
  });

  it('refuses an unknown vendor without touching the deposit', async () => {
    const deposit = await openDeposit();
    expect(
      await refusalOf(
        admin().assign({ uuid: deposit.uuid, vendorUuid: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toEqual({ code: Code.NotFound, reason: 'NOT_FOUND' });
    expect((await admin().retrieve({ uuid: deposit.uuid })).status).toBe(
      DepositStatus.WAITING_FOR_VENDOR,
    );
  });
});
