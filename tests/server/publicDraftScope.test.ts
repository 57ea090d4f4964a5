import { randomBytes } from 'node:crypto';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryService, ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { BrandService } from '../../src/rpc/gen/seconde/v1/brand_pb.ts';
import {
  AbandonReason,
  AgeRange,
  CancelReason,
  ContactWay,
  DepositRecovery,
  DepositService,
  DepositStatus,
  Gamme,
  PreparationStatus,
  Season,
  SellingMode,
  TimeBeforeContact,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { PublicDepositService } from '../../src/rpc/gen/seconde/v1/public_deposit_pb.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;

beforeAll(async () => {
  t = await startTestServer({}, ['admin', 'developer', 'vendor', 'company', 'customer']);
  ({ vendorUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

const admin = () => t.client(DepositService, 'admin');

/** A visitor's draft, started by the public form and never sent. */
async function unsentDraft(): Promise<{ draft: Deposit; customer: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const started = await t.client(PublicDepositService).start({
    draftToken: token,
    contact: {
      firstName: 'Inès',
      lastName: 'Brouillon',
      email: `ines.brouillon.${Date.now()}.${Math.random()}@exemple.fr`,
      phoneNumber: '06 11 22 33 44',
      preferedContactWay: ContactWay.EMAIL,
    },
  });
  return { draft: started.draft!, customer: started.customerUuid, token };
}

async function completeDraft(draft: Deposit, token: string): Promise<Deposit> {
  const categories = await t.client(CategoryService).list({ pagination: { pageSize: 5000 } });
  const brands = await t.client(BrandService).list({ pagination: { pageSize: 5000 } });
  return t.client(DepositService).createOrUpdateDraft({
    draftToken: token,
    deposit: {
      uuid: draft.uuid,
      rowVersion: draft.rowVersion,
      timeBeforeContact: TimeBeforeContact.ONE_TO_THREE_DAYS,
      customerPreferedContactWay: ContactWay.EMAIL,
      family: ProductFamily.WOMAN,
      gamme: Gamme.AVERAGE,
      seasons: [Season.WINTER],
      categories: [categories.results.find((c) => c.family === ProductFamily.WOMAN)!.uuid],
      brands: [brands.results[0]!.uuid],
      productNumber: 20,
      ageRange: AgeRange.ADULT_25_45,
      depositPreparationStatus: PreparationStatus.SORTED_AND_SEASONED,
      depositSellingModeStatus: SellingMode.DEPOSIT_SELL,
      depositRecovery: DepositRecovery.GET_HOME,
      customerAcceptHomeTakeAway: true,
      customerAcceptSendPostal: false,
      customerPostalCode: '75011',
      description: 'Manteaux',
    },
  });
}

const every = { pagination: { pageSize: 5000 } };
const uuidsOf = (results: readonly { uuid: string }[]) => results.map((r) => r.uuid);

describe('unsent public drafts, for staff', () => {
  it('are in no deposit list, search or statistics, for any staff role', async () => {
    const before = await admin().statsForFilters({ statuses: [DepositStatus.DRAFT] });
    const { draft, customer } = await unsentDraft();
    expect(draft.status).toBe(DepositStatus.DRAFT);

    for (const who of ['admin', 'developer'] as const) {
      const deposits = t.client(DepositService, who);
      expect(uuidsOf((await deposits.list(every)).results)).not.toContain(draft.uuid);
      expect(
        uuidsOf((await deposits.list({ ...every, statuses: [DepositStatus.DRAFT] })).results),
      ).not.toContain(draft.uuid);
      expect((await deposits.list({ ...every, customer })).results).toHaveLength(0);
      expect((await deposits.list({ ...every, search: 'Brouillon' })).count).toBe(0);
      const withStats = await deposits.listWithStats({
        ...every,
        statuses: [DepositStatus.DRAFT],
      });
      expect(withStats.results.map((r) => r.deposit?.uuid)).not.toContain(draft.uuid);
    }
    const after = await admin().statsForFilters({ statuses: [DepositStatus.DRAFT] });
    expect(after.depositCount).toBe(before.depositCount);
  });

  it('refuse every status move, whoever asks and however, and nothing is written', async () => {
    const { draft } = await unsentDraft();
    const targets = Object.values(DepositStatus).filter(
      (s): s is DepositStatus =>
        typeof s === 'number' && s !== DepositStatus.UNSPECIFIED && s !== DepositStatus.DRAFT,
    );
    expect(targets.length).toBeGreaterThanOrEqual(13);
    for (const status of targets) {
      const extra =
        status === DepositStatus.ABANDONED
          ? { abandonReason: AbandonReason.DONT_ANSWER }
          : status === DepositStatus.CANCELED
            ? { cancelReason: CancelReason.TOO_LONG }
            : {};
      const partial = admin().partialUpdate({
        deposit: { uuid: draft.uuid, rowVersion: draft.rowVersion, status, ...extra },
        updateMask: { paths: ['status', ...Object.keys(extra).map(snake)] },
      });
      expect(await refusalOf(partial), DepositStatus[status]).toEqual({
        code: Code.FailedPrecondition,
        reason: 'PUBLIC_DRAFT_NOT_SENT',
      });
      const whole = admin().update({ deposit: { ...draft, status, ...extra } });
      expect(await refusalOf(whole), `update ${DepositStatus[status]}`).toEqual({
        code: Code.FailedPrecondition,
        reason: 'PUBLIC_DRAFT_NOT_SENT',
      });
    }
    // Giving it to a vendor is a move too: refused, as no longer open to vendors.
    const assigned = await refusalOf(
      admin().assign({ uuid: draft.uuid, vendorUuid, rowVersion: draft.rowVersion }),
    );
    expect(assigned.code).toBe(Code.FailedPrecondition);
    expect(assigned.reason).toBeTruthy();

    const stored = await admin().retrieve({ uuid: draft.uuid });
    expect(stored.status).toBe(DepositStatus.DRAFT);
    expect(stored.rowVersion).toBe(draft.rowVersion);
    expect(stored.vendor).toBe('');
  });

  it('appear in the lists once the visitor has sent them', async () => {
    const { draft, customer, token } = await unsentDraft();
    await completeDraft(draft, token);
    await t.client(PublicDepositService).submit({ customerUuid: customer, draftToken: token });
    const listed = await admin().list({ ...every, customer });
    expect(uuidsOf(listed.results)).toEqual([draft.uuid]);
    expect(listed.results[0]?.status).toBe(DepositStatus.WAITING_FOR_VENDOR);
  });
});

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
