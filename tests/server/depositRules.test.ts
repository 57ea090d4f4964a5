import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import {
  AbandonReason,
  DepositService,
  DepositStatus,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
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
import { depositWalkedTo, setDepositStatus, WALK } from '../helpers/depositWalk.ts';

let t: TestServer;
let vendorUuid: string;
let companyVendorUuid: string;
let customerUuid: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 60 }, [
    'vendor',
    'company',
    'admin',
    'developer',
    'customer',
  ]);
  ({ vendorUuid, companyVendorUuid, customerUuid } = await t.demoRecords());
});

afterAll(async () => {
  await t?.close();
});

const deposits = (who: DemoUser) => t.client(DepositService, who);
const products = (who: DemoUser) => t.client(ProductService, who);

const setStatus = (
  who: DemoUser,
  deposit: Deposit,
  status: DepositStatus,
  extra?: { abandonReason?: AbandonReason; abandonReasonComment?: string },
) => setDepositStatus(t, who, deposit, status, extra);

function setSaleStatus(who: DemoUser, product: Product, saleStatus: SaleStatus) {
  return products(who).partialUpdate({
    product: { uuid: product.uuid, rowVersion: product.rowVersion, saleStatus },
    updateMask: { paths: ['sale_status'] },
  });
}

/**
 * A fresh deposit of `owner` brought to `status` by an admin through the rules, then holding one
 * product per sale status given (each created through the rules too).
 */
async function depositAt(
  status: DepositStatus,
  saleStatuses: SaleStatus[] = [],
  options: { vendor?: string; customer?: string } = {},
): Promise<{ deposit: Deposit; items: Product[] }> {
  const deposit = await depositWalkedTo(t, status, {
    name: `Règles ${++counter} ${Date.now()}`,
    vendor: options.vendor ?? vendorUuid,
    customer: options.customer ?? '',
  });
  expect(deposit.status).toBe(status);
  const items: Product[] = [];
  for (const [i, saleStatus] of saleStatuses.entries()) {
    items.push(
      await products('admin').create({
        product: { deposit: deposit.uuid, name: `Article ${i}`, saleStatus },
      }),
    );
  }
  return { deposit, items };
}

async function productsOf(deposit: Deposit): Promise<Product[]> {
  const list = await t
    .client(ProductService, 'admin', { deposit: deposit.uuid })
    .list({ pagination: { page: 1, pageSize: 100 }, ordering: 'name' });
  return list.results;
}

const reload = (deposit: Deposit) => deposits('admin').retrieve({ uuid: deposit.uuid });

describe('a vendor walks their own deposit', () => {
  it('through RECEIVED, TODO, PROGRESS, CUSTOMER_WAITING, DEPOSIT_VALIDATED and INLINE', async () => {
    let deposit = await deposits('vendor').create({
      deposit: { name: `Marche ${Date.now()}`, status: DepositStatus.DRAFT },
    });
    for (const step of [DepositStatus.RECEIVED, ...WALK]) {
      const before = deposit.rowVersion;
      deposit = await setStatus('vendor', deposit, step);
      expect(deposit.status).toBe(step);
      expect(deposit.rowVersion).toBe(before + 1);
    }
    expect(deposit.depositCompletedDatetime).toBeDefined();
    const item = await products('vendor').create({
      product: { deposit: deposit.uuid, name: 'Robe', saleStatus: SaleStatus.ONLINE },
    });
    const sold = await setSaleStatus('vendor', item, SaleStatus.SELL);
    expect(sold.saleStatus).toBe(SaleStatus.SELL);
    expect(sold.saleStatusModified).toBeDefined();
  });

  it('keeps the first completion date when the deposit comes back to INLINE', async () => {
    const { deposit } = await depositAt(DepositStatus.INLINE);
    const completed = deposit.depositCompletedDatetime;
    const back = await setStatus('vendor', deposit, DepositStatus.DEPOSIT_VALIDATED);
    const again = await setStatus('vendor', back, DepositStatus.INLINE);
    expect(again.depositCompletedDatetime).toEqual(completed);
  });
});

describe('each refusal comes back with its rule and changes nothing', () => {
  async function refusedUnchanged(deposit: Deposit, call: () => Promise<unknown>, reason: string) {
    const [before, items] = await Promise.all([reload(deposit), productsOf(deposit)]);
    expect(await refusalOf(call())).toEqual({ code: Code.FailedPrecondition, reason });
    expect(await reload(deposit)).toEqual(before);
    expect(await productsOf(deposit)).toEqual(items);
  }

  it('a required step cannot be skipped', async () => {
    const { deposit } = await depositAt(DepositStatus.RECEIVED);
    await refusedUnchanged(
      deposit,
      () => setStatus('vendor', deposit, DepositStatus.CUSTOMER_WAITING),
      'REQUIRED_STEP_SKIPPED',
    );
  });

  it('the status cannot go back while products are online or sold', async () => {
    const online = await depositAt(DepositStatus.INLINE, [SaleStatus.ONLINE, SaleStatus.OFFLINE]);
    await refusedUnchanged(
      online.deposit,
      () => setStatus('vendor', online.deposit, DepositStatus.PROGRESS),
      'STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD',
    );
    const sold = await depositAt(DepositStatus.INLINE, [SaleStatus.SELL]);
    await refusedUnchanged(
      sold.deposit,
      () => setStatus('vendor', sold.deposit, DepositStatus.DEPOSIT_VALIDATED),
      'STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD',
    );
    const offline = await depositAt(DepositStatus.INLINE, [SaleStatus.OFFLINE]);
    expect((await setStatus('vendor', offline.deposit, DepositStatus.PROGRESS)).status).toBe(
      DepositStatus.PROGRESS,
    );
  });

  it('a deposit with products online cannot be abandoned, nor without a reason', async () => {
    const online = await depositAt(DepositStatus.DEPOSIT_VALIDATED, [SaleStatus.ONLINE]);
    await refusedUnchanged(
      online.deposit,
      () =>
        setStatus('vendor', online.deposit, DepositStatus.ABANDONED, {
          abandonReason: AbandonReason.DONT_ANSWER,
        }),
      'ABANDON_WITH_PRODUCTS_ONLINE',
    );
    const { deposit } = await depositAt(DepositStatus.RECEIVED, [SaleStatus.OFFLINE]);
    await refusedUnchanged(
      deposit,
      () => setStatus('vendor', deposit, DepositStatus.ABANDONED),
      'ABANDON_REASON_REQUIRED',
    );
    await refusedUnchanged(
      deposit,
      () =>
        setStatus('vendor', deposit, DepositStatus.ABANDONED, {
          abandonReason: AbandonReason.NOT_SET,
        }),
      'ABANDON_REASON_REQUIRED',
    );
    const abandoned = await setStatus('vendor', deposit, DepositStatus.ABANDONED, {
      abandonReason: AbandonReason.CUSTOMER_CANCEL,
      abandonReasonComment: 'Injoignable',
    });
    expect(abandoned).toMatchObject({
      status: DepositStatus.ABANDONED,
      abandonReason: AbandonReason.CUSTOMER_CANCEL,
      abandonReasonComment: 'Injoignable',
    });
    await refusedUnchanged(
      abandoned,
      () => setStatus('vendor', abandoned, DepositStatus.RECEIVED),
      'STATUS_FINAL',
    );
  });

  it('a product cannot be sold before INLINE, nor go online before validation', async () => {
    const validated = await depositAt(DepositStatus.DEPOSIT_VALIDATED, [SaleStatus.OFFLINE]);
    await refusedUnchanged(
      validated.deposit,
      () => setSaleStatus('vendor', validated.items[0]!, SaleStatus.SELL),
      'SALE_BEFORE_INLINE',
    );
    const progress = await depositAt(DepositStatus.PROGRESS, [SaleStatus.OFFLINE]);
    await refusedUnchanged(
      progress.deposit,
      () => setSaleStatus('vendor', progress.items[0]!, SaleStatus.ONLINE),
      'ONLINE_BEFORE_VALIDATION',
    );
    await refusedUnchanged(
      progress.deposit,
      () =>
        products('vendor').create({
          product: {
            deposit: progress.deposit.uuid,
            name: 'Trop tôt',
            saleStatus: SaleStatus.ONLINE,
          },
        }),
      'ONLINE_BEFORE_VALIDATION',
    );
    const ready = await setSaleStatus('vendor', progress.items[0]!, SaleStatus.READY);
    expect(ready.saleStatus).toBe(SaleStatus.READY);
  });

  it('an invoiced product cannot be modified at all', async () => {
    const { deposit, items } = await depositAt(DepositStatus.INLINE, [SaleStatus.FACTURED]);
    const invoiced = items[0]!;
    await refusedUnchanged(
      deposit,
      () =>
        products('vendor').partialUpdate({
          product: { uuid: invoiced.uuid, rowVersion: invoiced.rowVersion, name: 'Renommé' },
          updateMask: { paths: ['name'] },
        }),
      'PRODUCT_INVOICED',
    );
    await refusedUnchanged(
      deposit,
      () => products('admin').update({ product: { ...invoiced, saleStatus: SaleStatus.ONLINE } }),
      'PRODUCT_INVOICED',
    );
  });

  it('restitution takes products offline, keeps invoiced ones, and hides the deposit from the vendor', async () => {
    const { deposit } = await depositAt(DepositStatus.INLINE, [
      SaleStatus.ONLINE,
      SaleStatus.READY,
      SaleStatus.RESERVED,
      SaleStatus.FACTURED,
      SaleStatus.REFUSED,
    ]);
    const restituted = await setStatus('vendor', deposit, DepositStatus.RESTITUED);
    expect(restituted.status).toBe(DepositStatus.RESTITUED);
    expect((await productsOf(deposit)).map((p) => p.saleStatus)).toEqual([
      SaleStatus.OFFLINE,
      SaleStatus.OFFLINE,
      SaleStatus.OFFLINE,
      SaleStatus.FACTURED,
      SaleStatus.REFUSED,
    ]);
    expect(await refusalOf(deposits('vendor').retrieve({ uuid: deposit.uuid }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    const listed = await t
      .client(DepositService, 'vendor', { name: deposit.name })
      .list({ pagination: { page: 1, pageSize: 10 } });
    expect(listed.results).toEqual([]);
    expect(await refusalOf(setStatus('vendor', restituted, DepositStatus.INLINE))).toMatchObject({
      code: Code.PermissionDenied,
    });
  });

  it('restitution is refused while sold products are not invoiced', async () => {
    const { deposit } = await depositAt(DepositStatus.INLINE, [
      SaleStatus.PAYED,
      SaleStatus.ONLINE,
    ]);
    await refusedUnchanged(
      deposit,
      () => setStatus('admin', deposit, DepositStatus.RESTITUED),
      'RESTITUTION_WITH_SALES_NOT_INVOICED',
    );
  });
});

describe('two admins changing the same deposit at once', () => {
  it('gives exactly one success and one CHANGED_BY_SOMEONE_ELSE, with nothing half-written', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { deposit } = await depositAt(DepositStatus.DEPOSIT_VALIDATED, [
        SaleStatus.ONLINE,
        SaleStatus.ONLINE,
        SaleStatus.OFFLINE,
      ]);
      const [restitute, inline] = await Promise.allSettled([
        setStatus('admin', deposit, DepositStatus.RESTITUED),
        setStatus('developer', deposit, DepositStatus.INLINE),
      ]);
      const outcomes = [restitute, inline];
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const loser = outcomes.find((o) => o.status === 'rejected')!;
      expect(await refusalOf(Promise.reject(loser.reason))).toEqual({
        code: Code.Aborted,
        reason: 'CHANGED_BY_SOMEONE_ELSE',
      });
      const after = await reload(deposit);
      const statuses = (await productsOf(deposit)).map((p) => p.saleStatus);
      expect(after.rowVersion).toBe(deposit.rowVersion + 1);
      if (restitute.status === 'fulfilled') {
        expect(after.status).toBe(DepositStatus.RESTITUED);
        expect(after.depositCompletedDatetime).toBeUndefined();
        expect(statuses).toEqual([SaleStatus.OFFLINE, SaleStatus.OFFLINE, SaleStatus.OFFLINE]);
      } else {
        expect(after.status).toBe(DepositStatus.INLINE);
        expect(after.depositCompletedDatetime).toBeDefined();
        expect(statuses).toEqual([SaleStatus.ONLINE, SaleStatus.ONLINE, SaleStatus.OFFLINE]);
      }
    }
  });
});

describe('changing the sale status of every product', () => {
  it('answers what changed and what was skipped, and leaves invoiced products alone', async () => {
    const { deposit } = await depositAt(DepositStatus.INLINE, [
      SaleStatus.FACTURED,
      SaleStatus.OFFLINE,
      SaleStatus.READY,
      SaleStatus.ONLINE,
    ]);
    const answer = await deposits('vendor').changeSaleStatusForAllProducts({
      uuid: deposit.uuid,
      saleStatus: SaleStatus.ONLINE,
    });
    expect(answer).toMatchObject({ success: true, updatedCount: 2, skippedCount: 1 });
    expect((await productsOf(deposit)).map((p) => p.saleStatus)).toEqual([
      SaleStatus.FACTURED,
      SaleStatus.ONLINE,
      SaleStatus.ONLINE,
      SaleStatus.ONLINE,
    ]);
  });

  it('refuses a sale before INLINE and changes nothing', async () => {
    const { deposit } = await depositAt(DepositStatus.DEPOSIT_VALIDATED, [
      SaleStatus.ONLINE,
      SaleStatus.OFFLINE,
    ]);
    const before = await productsOf(deposit);
    expect(
      await refusalOf(
        deposits('vendor').changeSaleStatusForAllProducts({
          uuid: deposit.uuid,
          saleStatus: SaleStatus.SELL,
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'SALE_BEFORE_INLINE' });
    expect(await productsOf(deposit)).toEqual(before);
  });
});

describe('who may change statuses', () => {
  it('a customer cannot change the status of their own deposit or its products', async () => {
    const { deposit, items } = await depositAt(DepositStatus.RECEIVED, [SaleStatus.OFFLINE], {
      customer: customerUuid,
    });
    expect((await deposits('customer').retrieve({ uuid: deposit.uuid })).uuid).toBe(deposit.uuid);
    expect(await refusalOf(setStatus('customer', deposit, DepositStatus.TODO))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(await refusalOf(setSaleStatus('customer', items[0]!, SaleStatus.READY))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(
      await refusalOf(
        deposits('customer').changeSaleStatusForAllProducts({
          uuid: deposit.uuid,
          saleStatus: SaleStatus.READY,
        }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect((await reload(deposit)).rowVersion).toBe(deposit.rowVersion);
  });

  it('a vendor cannot touch another vendor’s deposit or its products', async () => {
    const { deposit, items } = await depositAt(
      DepositStatus.DEPOSIT_VALIDATED,
      [SaleStatus.OFFLINE],
      {
        vendor: companyVendorUuid,
      },
    );
    const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };
    expect(await refusalOf(setStatus('vendor', deposit, DepositStatus.INLINE))).toEqual(forbidden);
    expect(await refusalOf(setSaleStatus('vendor', items[0]!, SaleStatus.ONLINE))).toEqual(
      forbidden,
    );
    expect(
      await refusalOf(
        deposits('vendor').changeSaleStatusForAllProducts({
          uuid: deposit.uuid,
          saleStatus: SaleStatus.ONLINE,
        }),
      ),
    ).toEqual(forbidden);
    expect(
      await refusalOf(
        products('vendor').create({ product: { deposit: deposit.uuid, name: 'Intrus' } }),
      ),
    ).toEqual(forbidden);
    expect((await reload(deposit)).rowVersion).toBe(deposit.rowVersion);
    expect(await productsOf(deposit)).toEqual(items);
  });

  it('a vendor never writes admin-only fields, nor reads them back', async () => {
    const { deposit } = await depositAt(DepositStatus.RECEIVED);
    const noted = await deposits('admin').partialUpdate({
      deposit: { uuid: deposit.uuid, adminNotes: 'Client difficile' },
      updateMask: { paths: ['admin_notes'] },
    });
    expect(noted.adminNotes).toBe('Client difficile');
    expect(
      await refusalOf(
        deposits('vendor').partialUpdate({
          deposit: { uuid: deposit.uuid, adminNotes: 'effacé' },
          updateMask: { paths: ['admin_notes'] },
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    const updated = await deposits('vendor').update({
      deposit: { ...noted, adminNotes: '', description: 'Deux sacs', status: DepositStatus.TODO },
    });
    expect(updated).toMatchObject({
      description: 'Deux sacs',
      status: DepositStatus.TODO,
      adminNotes: '',
    });
    expect((await reload(deposit)).adminNotes).toBe('Client difficile');
  });
});
