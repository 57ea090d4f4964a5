import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isResourceMessage } from '../crud/rowMapping.ts';
import { tableOf } from '../rpc/registry.ts';
import { createTestDatabase } from '../../tests/helpers/testDatabase.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { loadContracts } from './generateSchema.ts';
import { migrate } from './migrate.ts';
import { columnFor, enumLabels, snakeCase } from './schemaSql.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  const target = await createTestDatabase();
  drop = target.drop;
  database = await openDatabase({ databaseUrl: target.url });
  await migrate(database.db);
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** information_schema's name for a planned column type. */
function udtOf(type: string): string {
  const names: Record<string, string> = {
    integer: 'int4',
    bigint: 'int8',
    boolean: 'bool',
    'double precision': 'float8',
    real: 'float4',
    text: 'text',
    uuid: 'uuid',
    timestamptz: 'timestamptz',
    jsonb: 'jsonb',
    bytea: 'bytea',
  };
  if (type.endsWith('[]')) return `_${udtOf(type.slice(0, -2))}`;
  return names[type] ?? type;
}

describe('the migrated schema', () => {
  it('has a column of the right type for every field of every resource message', async () => {
    const { messages } = await loadContracts();
    const resources = messages.filter(isResourceMessage);
    const tables = new Set(resources.map(tableOf));
    const { rows } = await sql<{ table_name: string; column_name: string; udt_name: string }>`
      select table_name, column_name, udt_name from information_schema.columns where table_schema = current_schema()`.execute(
      database.db,
    );
    const actual = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r.udt_name]));
    const missing: string[] = [];
    for (const desc of resources) {
      const table = tableOf(desc);
      for (const field of desc.fields) {
        const plan = columnFor(table, field, tables);
        if (!plan) continue;
        const key = `${table}.${plan.name}`;
        if (actual.get(key) !== udtOf(plan.type))
          missing.push(`${key}: want ${udtOf(plan.type)}, have ${actual.get(key) ?? 'nothing'}`);
      }
    }
    expect(missing).toEqual([]);
    expect(resources.length).toBeGreaterThanOrEqual(28);
  });

  it('holds every enum value of the contracts, in order', async () => {
    const { enums } = await loadContracts();
    for (const desc of enums) {
      const { rows } = await sql<{ label: string }>`
        select e.enumlabel as label from pg_enum e join pg_type t on t.oid = e.enumtypid
        where t.typname = ${snakeCase(desc.name)} order by e.enumsortorder`.execute(database.db);
      expect(
        rows.map((r) => r.label),
        desc.name,
      ).toEqual(enumLabels(desc));
    }
  });

  it('applies the defaults the specification names', async () => {
    const { rows: vendor } = await sql<Record<string, unknown>>`
      insert into vendor (email) values ('defaults@example.test') returning *`.execute(database.db);
    expect(vendor[0]).toMatchObject({
      negociated_pourcentage_on_price: 20,
      stock_view: 'CARD',
      row_version: 1,
    });
    expect(vendor[0]!.created_at).toBeInstanceOf(Date);
    const { rows: customer } = await sql<
      Record<string, unknown>
    >`insert into customer default values returning *`.execute(database.db);
    expect(customer[0]).toMatchObject({ stock_view: 'CARD', selling_mode: 'DEPOSIT_SELL' });
    const { rows: deposit } = await sql<Record<string, unknown>>`
      insert into deposit (name, vendor) values ('defaults', ${vendor[0]!.uuid}) returning *`.execute(
      database.db,
    );
    expect(deposit[0]).toMatchObject({ status: 'DRAFT', qualification_status: 'ACTION_REQUIRED' });
    const { rows: product } = await sql<Record<string, unknown>>`
      insert into product (deposit) values (${deposit[0]!.uuid}) returning *`.execute(database.db);
    expect(product[0]).toMatchObject({ quality: 'VERY_GOOD', sale_status: 'OFFLINE' });
    const { rows: image } = await sql<Record<string, unknown>>`
      insert into product_image (product) values (${product[0]!.uuid}) returning *`.execute(
      database.db,
    );
    expect(image[0]).toMatchObject({ processing_status: 'PENDING', rotation: 0 });
  });

  it('refuses references to rows that do not exist, and refuses deleting a parent that is still used', async () => {
    await expect(
      sql`insert into product (deposit) values ('00000000-0000-4000-8000-00000000dead')`.execute(
        database.db,
      ),
    ).rejects.toMatchObject({ code: '23503' });
    const { rows } = await sql<{
      uuid: string;
    }>`select deposit as uuid from product limit 1`.execute(database.db);
    // PostgreSQL 17 reports ON DELETE RESTRICT as 23001, older servers as 23503: both mean "in use".
    const refused = await sql`delete from deposit where uuid = ${rows[0]!.uuid}`
      .execute(database.db)
      .then(
        () => 'deleted',
        (error: { code?: string }) => error.code,
      );
    expect(['23001', '23503']).toContain(refused);
  });

  it('applies each migration once', async () => {
    expect(await migrate(database.db)).toEqual([]);
    const { rows } = await sql<{ version: string }>`select version from schema_migration`.execute(
      database.db,
    );
    expect(rows.map((r) => r.version)).toContain('0001_initial');
  });
});
