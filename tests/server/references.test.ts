import { Code, ConnectError } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeFor } from '../../server/crud/policies.ts';
import { scopeSql } from '../../server/crud/queryParts.ts';
import { ACCESS_TABLE } from '../../server/rpc/access/table.ts';
import { makeCaller, type Caller } from '../../server/rpc/caller.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { RateSlideService } from '../../src/rpc/gen/seconde/v1/rate_slide_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let vendorUuid: string;
let otherVendor: string;
let otherCompany: string;
let otherCustomer: string;
let otherDeposit: string;
let ownCustomer: string;
let ownDeposit: string;
let vendorCaller: Caller;

const notYours = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };

beforeAll(async () => {
  t = await startTestServer({}, ['vendor', 'company', 'admin', 'customer']);
  ({ vendorUuid, companyVendorUuid: otherVendor } = await t.demoRecords());
  await sql`update subscription set status = 'ACTIVE' where vendor = ${otherVendor}`.execute(
    t.server.db,
  );
  otherCompany = (await t.client(VendorService, 'company').retrieve({ uuid: otherVendor })).company;
  // The other vendor's own contact and deposit, made as that vendor would.
  otherCustomer = (
    await t.client(CustomerService, 'company').create({
      customer: { firstName: 'Autre', lastName: 'Client', email: 'autre.client@exemple.fr' },
    })
  ).uuid;
  otherDeposit = (
    await t.client(DepositService, 'company').create({
      deposit: { name: 'Dépôt de l’autre', customer: otherCustomer, family: ProductFamily.WOMAN },
    })
  ).uuid;
  ownCustomer = (
    await t.client(CustomerService, 'vendor').create({
      customer: { firstName: 'Mon', lastName: 'Client', email: 'mon.client@exemple.fr' },
    })
  ).uuid;
  ownDeposit = (
    await t.client(DepositService, 'vendor').create({
      deposit: { name: 'Mon dépôt', customer: ownCustomer, family: ProductFamily.WOMAN },
    })
  ).uuid;
  // Rows of the other vendor's in every table a reference may point at (the demo data has none).
  await sql`insert into announcement (name, vendor) values ('Autre annonce', ${otherVendor})`.execute(
    t.server.db,
  );
  await sql`insert into buyer default values`.execute(t.server.db);
  await sql`insert into deposit_image (deposit) values (${otherDeposit})`.execute(t.server.db);
  await sql`insert into support_ticket (vendor) values (${otherVendor})`.execute(t.server.db);
  await sql`insert into vendor_connector (vendor) values (${otherVendor})`.execute(t.server.db);
  await sql`insert into delivery_place (vendor) values (${otherVendor})`.execute(t.server.db);
  await sql`
    insert into background_task (status, task_tooling, task_name, label, payload, progress,
      progress_messages, current_item_number, total_items, total_items_available,
      owner_content_type, owner_object_uuid, created_at, updated_at)
    values ('COMPLETED', 'PUB_SUB', 'PRINT_SHIPPING_LABELS', 'Autre tâche', '{}'::jsonb, 100,
      '{}'::text[], 0, 0, 0, 'vendor', ${otherVendor}, now(), now())`.execute(t.server.db);
  // A payout of the other vendor's, sent in a SEPA file of theirs (PayoutService names both).
  const { rows: paid } = await sql<{ uuid: string }>`
    insert into depositor_ledger_entry (vendor, customer, kind, amount_cents, payable_at)
    values (${otherVendor}, ${otherCustomer}, 'PAYOUT', -100, now()) returning uuid`.execute(
    t.server.db,
  );
  const { rows: batch } = await sql<{ uuid: string }>`
    insert into sepa_batch (vendor, message_id, idempotency_key, execution_date, total_cents,
      count, xml, debtor_iban, debtor_name)
    values (${otherVendor}, 'SEC-OTHER', 'other-key', current_date, 100, 1, '<Document/>',
      'FR7630006000011234567890189', 'Autre') returning uuid`.execute(t.server.db);
  await sql`
    insert into payout (vendor, customer, method, amount_cents, cut_off, receipt_year, receipt_seq,
      receipt_number, receipt, idempotency_key, ledger_entry, sepa_batch)
    values (${otherVendor}, ${otherCustomer}, 'BANK_TRANSFER', 100, current_date, 2026, 1,
      'R-2026-000001', '{}', 'other-key', ${paid[0]!.uuid}, ${batch[0]!.uuid})`.execute(
    t.server.db,
  );
  vendorCaller = makeCaller(
    { sub: 'vendor', email: 'vendor@seconde.test', groups: ['Vendor'] },
    { vendorUuid, customerUuid: null },
  );
}, 240_000);

afterAll(async () => {
  await t?.close();
});

async function slidesOf(column: 'deposit' | 'company' | 'vendor', uuid: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from rate_slide where ${sql.ref(column)} = ${uuid}`.execute(
    t.server.db,
  );
  return Number(rows[0]?.n ?? 0);
}

describe('a request naming another vendor’s rows', () => {
  it('may not put a rate slide on another vendor’s deposit or company', async () => {
    const slides = t.client(RateSlideService, 'vendor');
    const slide = { priceStart: 0, priceEnd: 50, commission: 40, providerCommission: 10 };
    expect(
      await refusalOf(slides.create({ rateSlide: { ...slide, deposit: otherDeposit } })),
    ).toEqual(notYours);
    expect(
      await refusalOf(slides.create({ rateSlide: { ...slide, company: otherCompany } })),
    ).toEqual(notYours);
    expect(await slidesOf('deposit', otherDeposit)).toBe(0);
    expect(await slidesOf('company', otherCompany)).toBe(0);
  });

  it('may not move one of the vendor’s own slides onto another vendor’s deposit', async () => {
    const slides = t.client(RateSlideService, 'vendor');
    const own = await slides.create({
      rateSlide: { priceStart: 100, priceEnd: 200, commission: 30, deposit: ownDeposit },
    });
    expect(own.deposit).toBe(ownDeposit);
    expect(
      await refusalOf(slides.update({ rateSlide: { ...own, deposit: otherDeposit } })),
    ).toEqual(notYours);
    expect((await slides.retrieve({ uuid: own.uuid })).deposit).toBe(ownDeposit);
    expect(await slidesOf('deposit', otherDeposit)).toBe(0);
  });

  it('is refused, never rewritten to the caller, when it names another vendor as owner', async () => {
    const slides = t.client(RateSlideService, 'vendor');
    expect(
      await refusalOf(
        slides.create({
          rateSlide: { priceStart: 0, priceEnd: 10, commission: 5, vendor: otherVendor },
        }),
      ),
    ).toEqual(notYours);
    expect(
      await refusalOf(
        t.client(DepositService, 'vendor').create({
          deposit: { name: 'Pour un autre', vendor: otherVendor, family: ProductFamily.MAN },
        }),
      ),
    ).toEqual(notYours);
    const { rows } = await sql`select 1 from deposit where name = 'Pour un autre'`.execute(
      t.server.db,
    );
    expect(rows).toHaveLength(0);
  });

  it('may not create a contact that another vendor then sees', async () => {
    const email = 'partage.force@exemple.fr';
    expect(
      await refusalOf(
        t.client(CustomerService, 'vendor').create({
          customer: { firstName: 'Partagé', lastName: 'De force', email, vendors: [otherVendor] },
        }),
      ),
    ).toEqual(notYours);
    const seen = await t.client(CustomerService, 'company').list({ search: 'partage.force' });
    expect(seen.count).toBe(0);
    const { rows } = await sql`select 1 from customer where email = ${email}`.execute(t.server.db);
    expect(rows).toHaveLength(0);
  });

  it('may not point the vendor’s own deposit at another vendor’s customer', async () => {
    const deposits = t.client(DepositService, 'vendor');
    const before = await deposits.retrieve({ uuid: ownDeposit });
    expect(
      await refusalOf(
        deposits.partialUpdate({
          deposit: { uuid: ownDeposit, customer: otherCustomer },
          updateMask: { paths: ['customer'] },
        }),
      ),
    ).toEqual(notYours);
    expect(
      await refusalOf(deposits.update({ deposit: { ...before, customer: otherCustomer } })),
    ).toEqual(notYours);
    expect(
      await refusalOf(
        deposits.create({
          deposit: {
            name: 'Chez un autre client',
            customer: otherCustomer,
            family: ProductFamily.KIDS,
          },
        }),
      ),
    ).toEqual(notYours);
    const after = await deposits.retrieve({ uuid: ownDeposit });
    expect(after.customer).toBe(ownCustomer);
    expect(after.rowVersion).toBe(before.rowVersion);
  });

  it('still lets the vendor name their own rows, and staff name anyone’s', async () => {
    const moved = await t.client(DepositService, 'vendor').partialUpdate({
      deposit: { uuid: ownDeposit, customer: ownCustomer, status: DepositStatus.DRAFT },
      updateMask: { paths: ['customer'] },
    });
    expect(moved.customer).toBe(ownCustomer);
    const staffSlide = await t.client(RateSlideService, 'admin').create({
      rateSlide: { priceStart: 0, priceEnd: 20, commission: 25, deposit: otherDeposit },
    });
    expect(staffSlide.deposit).toBe(otherDeposit);
    await t.client(RateSlideService, 'admin').destroy({ uuid: staffSlide.uuid });
  });

  it('names a row that does not exist: refused as an unknown reference', async () => {
    expect(
      await refusalOf(
        t.client(RateSlideService, 'vendor').create({
          rateSlide: {
            priceStart: 0,
            priceEnd: 10,
            commission: 5,
            deposit: '00000000-0000-4000-8000-000000000000',
          },
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'UNKNOWN_REFERENCE' });
  });
});

describe('every reference of the authorisation table', () => {
  /** One row of `table` the demo vendor may not read (or write), if the data has one. */
  async function foreignRow(table: string, mode: 'read' | 'write'): Promise<string | undefined> {
    const scope = scopeSql(scopeFor(vendorCaller, table, mode), 'r');
    const { rows } = await sql<{ uuid: string }>`
      select r.uuid::text as uuid from ${sql.table(table)} as r where not coalesce(${scope}, false)
      order by r.uuid limit 1`.execute(t.server.db);
    return rows[0]?.uuid;
  }

  /** A request setting only `path` (dotted local names) to `value`, plus the update mask. */
  function requestNaming(path: string, value: string, repeated: boolean): Record<string, unknown> {
    const parts = path.split('.');
    const request: Record<string, unknown> = {};
    let at = request;
    for (const part of parts.slice(0, -1)) at = at[part] = {} as Record<string, unknown>;
    at[parts.at(-1)!] = repeated ? [value] : value;
    if (parts.length > 1) request.updateMask = { paths: [parts.at(-1)!] };
    return request;
  }

  it('refuses the demo vendor naming another vendor’s row, method by method', async () => {
    const tried: string[] = [];
    const accepted: string[] = [];
    const missingRows = new Set<string>();
    for (const { service, methods } of ACCESS_TABLE) {
      for (const method of service.methods) {
        const rule = methods[method.localName];
        if (!rule?.roles.includes('Vendor')) continue;
        for (const reference of rule.references) {
          const row = await foreignRow(reference.table, reference.mode);
          if (!row) {
            missingRows.add(reference.table);
            continue;
          }
          const field = method.input.fields.find(
            (f) => f.localName === reference.path.split('.')[0],
          );
          const leaf =
            reference.path.split('.').length > 1 && field?.fieldKind === 'message'
              ? field.message.fields.find((f) => f.localName === reference.path.split('.')[1])
              : field;
          const request = requestNaming(reference.path, row, leaf?.fieldKind === 'list');
          const client = t.client(service, 'vendor') as unknown as Record<
            string,
            (req: object) => unknown
          >;
          const where = `${service.name}.${method.localName} ${reference.path}`;
          tried.push(where);
          const answer = client[method.localName]!(request);
          const call =
            method.methodKind === 'server_streaming'
              ? (async () => {
                  for await (const _ of answer as AsyncIterable<unknown>) break;
                })()
              : (answer as Promise<unknown>);
          // Refused by the reference check itself, which names the field, not by a later rule.
          const refusal = await call.then(
            () => 'accepted',
            (error: unknown) => ConnectError.from(error).rawMessage,
          );
          if (!refusal.includes('"FORBIDDEN"') || !refusal.includes(`${reference.path} names`))
            accepted.push(`${where}: ${refusal}`);
        }
      }
    }
    expect(accepted).toEqual([]);
    // Every table a reference points at has a row of someone else's in the demo data to try.
    expect([...missingRows].sort()).toEqual([]);
    expect(tried.length).toBeGreaterThan(40);
  });
});
