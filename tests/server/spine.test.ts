import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { loadServices } from '../../server/rpc/registry.ts';
import { notImplementedYet } from '../../server/services/coverage.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { SessionService, Role } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { rpcClient } from '../helpers/demoClient.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({}, ['vendor', 'company', 'admin', 'customer', 'developer']);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the running spine', () => {
  it('refuses a call without a token', async () => {
    expect(await refusalOf(t.client(DepositService).list({}))).toEqual({
      code: Code.Unauthenticated,
      reason: 'UNAUTHENTICATED',
    });
  });

  it('refuses a forged token', async () => {
    const forged = `${t.token('vendor').slice(0, -4)}AAAA`;
    expect(await refusalOf(rpcClient(t.server.url, DepositService, forged).list({}))).toEqual({
      code: Code.Unauthenticated,
      reason: 'TOKEN_INVALID',
    });
  });

  it('tells each caller who they are, from the token and their record', async () => {
    const vendor = await t.client(SessionService, 'vendor').getCurrentUser({});
    expect(vendor).toMatchObject({
      email: 'vendor@seconde.test',
      role: Role.VENDOR,
      firstName: 'Valérie',
    });
    expect(vendor.vendorUuid).not.toBe('');
    const admin = await t.client(SessionService, 'admin').getCurrentUser({});
    expect(admin.role).toBe(Role.ADMIN);
    const customer = await t.client(SessionService, 'customer').getCurrentUser({});
    expect(customer.role).toBe(Role.CUSTOMER);
    expect(customer.customerUuid).not.toBe('');
    const developer = await t.client(SessionService, 'developer').getCurrentUser({});
    expect(developer).toMatchObject({ role: Role.DEVELOPER, firstName: 'Dora', vendorUuid: '' });
  });

  it('shows a vendor only their own deposits, and an admin all of them', async () => {
    const me = await t.me('vendor');
    const own = await t.client(DepositService, 'vendor').list({
      pagination: { page: 1, pageSize: 500 },
    });
    expect(own.results.length).toBeGreaterThan(0);
    expect(own.results.every((d) => d.vendor === me.vendorUuid)).toBe(true);
    expect(own.results.some((d) => d.status === DepositStatus.RESTITUED)).toBe(false);
    const all = await t.client(DepositService, 'admin').list({
      pagination: { page: 1, pageSize: 500 },
    });
    // The default list leaves out the 20 ABANDONED and CANCELED deposits and the 6 public-form
    // drafts their visitors have not sent.
    expect(all.count).toBe(124);
    expect(all.count).toBeGreaterThan(own.count);
  });

  it('refuses a vendor reading or changing another vendor’s deposit', async () => {
    const other = await t.client(DepositService, 'company').list({
      pagination: { page: 1, pageSize: 1 },
    });
    const deposit = other.results[0]!;
    expect(
      await refusalOf(t.client(DepositService, 'vendor').retrieve({ uuid: deposit.uuid })),
    ).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(
      await refusalOf(
        t.client(DepositService, 'vendor').partialUpdate({
          deposit: { uuid: deposit.uuid, name: 'stolen' },
          updateMask: { paths: ['name'] },
        }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect(
      await refusalOf(t.client(DepositService, 'vendor').destroy({ uuid: deposit.uuid })),
    ).toMatchObject({ code: Code.PermissionDenied });
    const unchanged = await t.client(DepositService, 'admin').retrieve({ uuid: deposit.uuid });
    expect(unchanged.name).toBe(deposit.name);
  });

  it('refuses a vendor’s new deposit named for another vendor, and makes an unnamed one theirs', async () => {
    const me = await t.me('vendor');
    const company = await t.me('company');
    const name = `Dépôt d’essai ${Date.now()}`;
    expect(
      await refusalOf(
        t.client(DepositService, 'vendor').create({
          deposit: { name, vendor: company.vendorUuid, status: DepositStatus.DRAFT },
        }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    const created = await t.client(DepositService, 'vendor').create({
      deposit: { name, status: DepositStatus.DRAFT },
    });
    expect(created.vendor).toBe(me.vendorUuid);
    expect(created.rowVersion).toBe(1);
  });

  it('gives one success and one clear conflict when two people change the same deposit', async () => {
    const list = await t.client(DepositService, 'admin').list({
      pagination: { page: 1, pageSize: 1 },
      ordering: 'name',
    });
    const deposit = list.results[0]!;
    const mask = { paths: ['description'] };
    const first = await t.client(DepositService, 'admin').partialUpdate({
      deposit: { ...deposit, description: 'first' },
      updateMask: mask,
    });
    expect(first.rowVersion).toBe(deposit.rowVersion + 1);
    expect(
      await refusalOf(
        t.client(DepositService, 'developer').partialUpdate({
          deposit: { ...deposit, description: 'second' },
          updateMask: mask,
        }),
      ),
    ).toEqual({ code: Code.Aborted, reason: 'CHANGED_BY_SOMEONE_ELSE' });
    expect(
      (await t.client(DepositService, 'admin').retrieve({ uuid: deposit.uuid })).description,
    ).toBe('first');
  });

  it('refuses to delete a deposit that still holds products, and loses nothing', async () => {
    const inline = await t.client(DepositService, 'admin', { status: ['INLINE'] }).list({
      pagination: { page: 1, pageSize: 1 },
    });
    const deposit = inline.results[0]!;
    expect(
      await refusalOf(t.client(DepositService, 'admin').destroy({ uuid: deposit.uuid })),
    ).toEqual({
      code: Code.FailedPrecondition,
      reason: 'DEPOSIT_HAS_SALES',
    });
    expect((await t.client(DepositService, 'admin').retrieve({ uuid: deposit.uuid })).uuid).toBe(
      deposit.uuid,
    );
  });

  it('filters through the filters header, with non-Latin-1 text intact', async () => {
    const inline = await t.client(DepositService, 'admin', { status: ['INLINE'] }).list({
      pagination: { page: 1, pageSize: 500 },
    });
    expect(inline.count).toBeGreaterThan(0);
    expect(inline.results.every((d) => d.status === DepositStatus.INLINE)).toBe(true);
    const none = await t.client(DepositService, 'admin', { name: 'Événement 日本' }).list({});
    expect(none.count).toBe(0);
    expect(await refusalOf(t.client(DepositService, 'admin', { nope: 1 }).list({}))).toEqual({
      code: Code.InvalidArgument,
      reason: 'INVALID_FILTERS',
    });
  });

  it('shows a customer only their own deposits and refuses their edits to inventory', async () => {
    const me = await t.me('customer');
    const own = await t.client(DepositService, 'customer').list({
      pagination: { page: 1, pageSize: 500 },
    });
    expect(own.results.every((d) => d.customer === me.customerUuid)).toBe(true);
    expect(
      await refusalOf(t.client(DepositService, 'customer').create({ deposit: { name: 'mine' } })),
    ).toMatchObject({ code: Code.PermissionDenied });
  });
});

describe('calls that belong to later issues', () => {
  it('answer Unimplemented, exactly those server/services/coverage.ts declares not implemented yet', async () => {
    const services = await loadServices();
    const pending = new Set(t.server.unimplemented);
    const common = ['List', 'Retrieve', 'Create', 'Update', 'PartialUpdate', 'Destroy'];
    const missingCommon = [...pending].filter((name) => common.includes(name.split('/')[1]!));
    expect(missingCommon).toEqual([]);
    // The typecheck trusts the declared list; this keeps it equal to what the server answers.
    expect([...pending].sort()).toEqual(notImplementedYet().sort());
    for (const { service } of services) {
      const api = t.client(service, 'admin') as unknown as Record<string, (req: object) => unknown>;
      for (const method of service.methods) {
        if (!pending.has(`${service.name}/${method.name}`)) continue;
        const call = api[method.localName]!({});
        const outcome =
          method.methodKind === 'server_streaming'
            ? refusalOf(
                (async () => {
                  for await (const _ of call as AsyncIterable<unknown>) void _;
                })(),
              )
            : refusalOf(call as Promise<unknown>);
        expect((await outcome).code, `${service.name}/${method.name}`).toBe(Code.Unimplemented);
      }
    }
  });
});
