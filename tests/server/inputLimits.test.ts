import { create, getOption, hasOption, type DescField, type DescMessage } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { createValidator } from '@bufbuild/protovalidate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServices } from '../../server/rpc/registry.ts';
import { field as fieldRules } from '../../src/rpc/gen/buf/validate/validate_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  CreateDepositRequestSchema,
  DepositService,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import type { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import type { SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const MB = 1024 * 1024;

/** Every message a request can carry, from the request types of every generated service. */
async function requestMessages(): Promise<DescMessage[]> {
  const seen = new Map<string, DescMessage>();
  const visit = (message: DescMessage): void => {
    if (seen.has(message.typeName) || message.typeName.startsWith('google.protobuf.')) return;
    seen.set(message.typeName, message);
    for (const f of message.fields) if (f.message) visit(f.message);
  };
  for (const { service } of await loadServices()) for (const m of service.methods) visit(m.input);
  return [...seen.values()];
}

/** What a field lacks among the limits every request field must carry; empty when complete. */
function missingLimit(f: DescField): string | undefined {
  const rules = hasOption(f, fieldRules) ? getOption(f, fieldRules) : undefined;
  if (f.fieldKind === 'list') {
    if (rules?.type.case !== 'repeated' || rules.type.value.maxItems === 0n)
      return 'repeated.max_items';
    const items = rules.type.value.items?.type;
    if (f.listKind === 'scalar' && f.scalar === 9 /* string */ && items?.case !== 'string')
      return 'items.string';
    if (f.listKind === 'enum' && (items?.case !== 'enum' || !items.value.definedOnly))
      return 'items.enum.defined_only';
    return undefined;
  }
  if (f.fieldKind === 'enum')
    return rules?.type.case === 'enum' && rules.type.value.definedOnly
      ? undefined
      : 'enum.defined_only';
  if (f.fieldKind === 'scalar' && f.scalar === 9 /* string */) {
    const s = rules?.type.case === 'string' ? rules.type.value : undefined;
    return s && (s.maxLen > 0n || s.wellKnown.case === 'uuid' || s.pattern !== '')
      ? undefined
      : 'string.max_len, string.uuid or string.pattern';
  }
  return undefined;
}

describe('input limits in the contracts', () => {
  it('bound every string, list and enum a request can carry', async () => {
    const missing = (await requestMessages()).flatMap((m) =>
      m.fields.flatMap((f) => {
        const lack = missingLimit(f);
        return lack ? [`${m.typeName}.${f.name}: ${lack}`] : [];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('are read from the generated descriptors by @bufbuild/protovalidate', () => {
    const validator = createValidator();
    const ok = create(CreateDepositRequestSchema, { deposit: { name: 'Dépôt' } });
    expect(validator.validate(CreateDepositRequestSchema, ok).kind).toBe('valid');
    const tooLong = create(CreateDepositRequestSchema, { deposit: { name: 'x'.repeat(256) } });
    const result = validator.validate(CreateDepositRequestSchema, tooLong);
    expect(result.kind).toBe('invalid');
    expect(result.violations?.map((v) => [v.ruleId, v.field.map((p) => p.kind)])).toEqual([
      ['string.max_len', ['field', 'field']],
    ]);
    const unknownFamily = create(CreateDepositRequestSchema, {
      deposit: { name: 'Dépôt', family: 999 as ProductFamily },
    });
    expect(
      validator.validate(CreateDepositRequestSchema, unknownFamily).violations?.[0]?.ruleId,
    ).toBe('enum.defined_only');
  });
});

describe('requests beyond the limits, on the real server', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ demoProducts: 20 }, ['vendor', 'company']);
    // Warm up the calls timed below (first query plans, first validation of each request type),
    // so the timing measures the huge requests' effect, not a cold start.
    await t.client(DepositService, 'company').list({ pagination: { pageSize: 5 } });
    await t.client(DepositService, 'vendor').list({ search: 'a', vendor: '' });
    await t.client(ProductService, 'vendor').list({ search: 'a' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const invalid = { code: Code.InvalidArgument, reason: 'FIELD_INVALID' };

  /** Rows whose text column holds something longer than any form allows. */
  const oversized = async (table: 'deposit' | 'product' | 'customer', column: string) => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)}
      where length(${sql.ref(column)}) > 100000`.execute(t.server.db);
    return rows[0]!.n;
  };

  it.each([1 * MB, 20 * MB])(
    'refuses a search of %d bytes while another account is answered within three seconds',
    async (size) => {
      const search = 'ab '.repeat(Math.ceil(size / 3)).slice(0, size);
      const huge = refusalOf(t.client(ProductService, 'vendor').list({ search }));
      const hugeDeposits = refusalOf(t.client(DepositService, 'vendor').list({ search }));
      // An optional uuid is checked by a pattern: its length is checked first.
      const hugeVendor = refusalOf(t.client(DepositService, 'vendor').list({ vendor: search }));
      const started = Date.now();
      const other = await t.client(DepositService, 'company').list({ pagination: { pageSize: 5 } });
      // The test's client and the server share this process, which sends and decodes the three
      // oversized bodies meanwhile: on two busy cores that alone took up to 1.8 s. A server that
      // searched or stored them would take far longer.
      expect(Date.now() - started).toBeLessThan(3000);
      expect(other.count).toBeGreaterThanOrEqual(0);
      expect(await huge).toEqual(invalid);
      expect(await hugeDeposits).toEqual(invalid);
      expect(await hugeVendor).toEqual(invalid);
    },
  );

  it('refuses a 10 MB product comment and stores nothing', async () => {
    const [product] = (await t.client(ProductService, 'vendor').list({})).results;
    expect(product).toBeDefined();
    expect(
      await refusalOf(
        t.client(ProductService, 'vendor').partialUpdate({
          product: { uuid: product!.uuid, comment: 'c'.repeat(10 * MB) },
          updateMask: { paths: ['comment'] },
        }),
      ),
    ).toEqual(invalid);
    expect(await oversized('product', 'comment')).toBe(0);
  });

  it("refuses a 10 MB contact's first name and stores nothing", async () => {
    expect(
      await refusalOf(
        t.client(CustomerService, 'vendor').create({
          customer: { firstName: 'n'.repeat(10 * MB), lastName: 'Long', email: 'long@exemple.fr' },
        }),
      ),
    ).toEqual(invalid);
    expect(await oversized('customer', 'first_name')).toBe(0);
  });

  it('refuses a 10 MB deposit name as an invalid argument, not an internal error', async () => {
    expect(
      await refusalOf(
        t.client(DepositService, 'vendor').create({ deposit: { name: 'd'.repeat(10 * MB) } }),
      ),
    ).toEqual(invalid);
    expect(await oversized('deposit', 'name')).toBe(0);
  });

  it('refuses enum values the contracts do not define', async () => {
    expect(
      await refusalOf(
        t.client(DepositService, 'vendor').create({
          deposit: { name: 'Famille inconnue', family: 999 as ProductFamily },
        }),
      ),
    ).toEqual(invalid);
    const [product] = (await t.client(ProductService, 'vendor').list({})).results;
    expect(
      await refusalOf(
        t.client(ProductService, 'vendor').partialUpdate({
          product: { uuid: product!.uuid, saleStatus: 999 as SaleStatus },
          updateMask: { paths: ['sale_status'] },
        }),
      ),
    ).toEqual(invalid);
  });

  it('answers an undecodable body with invalid_argument', async () => {
    // A tag with wire type 7, which no protobuf message has.
    const body = new Uint8Array([0x0f, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x12, 0x34]);
    const response = await fetch(`${t.server.url}/seconde.v1.DepositService/List`, {
      method: 'POST',
      headers: {
        'content-type': 'application/proto',
        'connect-protocol-version': '1',
        authorization: `Bearer ${t.token('vendor')}`,
      },
      body,
    });
    expect(response.status).toBe(400);
    const error = (await response.json()) as { code: string; message: string };
    expect(error.code).toBe('invalid_argument');
    expect(JSON.parse(error.message)).toMatchObject({ code: 'REQUEST_UNREADABLE' });
  });

  it('answers an undecodable streamed request with invalid_argument at the end of the stream', async () => {
    const garbage = [0x0f, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x12, 0x34];
    const body = new Uint8Array([0, 0, 0, 0, garbage.length, ...garbage]);
    const response = await fetch(`${t.server.url}/seconde.v1.BackgroundTaskService/StreamList`, {
      method: 'POST',
      headers: {
        'content-type': 'application/connect+proto',
        'connect-protocol-version': '1',
        authorization: `Bearer ${t.token('vendor')}`,
      },
      body,
    });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes[0]).toBe(2); // the end-of-stream flag, and no message before it
    const end = JSON.parse(new TextDecoder().decode(bytes.subarray(5))) as {
      error: { code: string; message: string };
    };
    expect(end.error.code).toBe('invalid_argument');
    expect(JSON.parse(end.error.message)).toMatchObject({ code: 'REQUEST_UNREADABLE' });
  });
});
