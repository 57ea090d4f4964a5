import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/testDatabase.ts';
import { DEMO_ACCOUNTS } from '../../auth/demoAccounts.ts';
import { createLocalMediaStorage, type MediaStorage } from '../../media/storage.ts';
import { openDatabase, type DatabaseHandle } from '../database.ts';
import { countRows } from '../insertRows.ts';
import { migrate } from '../migrate.ts';
import { DEPOSIT_STATUSES, productStatusesFor } from './demoData.ts';
import { seedDemo } from './demo.ts';
import { DEMO_PROSPECTS } from './demoPages.ts';
import { REFERENCE_COUNTS, seedReference } from './reference.ts';
import { verifyChain } from '../../services/policeRegister/chain.ts';
import { RECEIVED_STATUSES } from '../../services/policeRegister/entries.ts';
import { chainedOf, selectEntries } from '../../services/policeRegister/entryRows.ts';
import { statsFigures } from '../../services/stats/statsFigures.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let media: MediaStorage;
let mediaDir: string;

beforeAll(async () => {
  const target = await createTestDatabase();
  drop = target.drop;
  database = await openDatabase({ databaseUrl: target.url });
  mediaDir = await mkdtemp(path.join(tmpdir(), 'seconde-media-'));
  media = createLocalMediaStorage(mediaDir);
  await migrate(database.db);
  await seedReference(database.db);
  await seedDemo(database.db, media);
});

afterAll(async () => {
  await database?.close();
  await drop?.();
  await rm(mediaDir, { recursive: true, force: true });
});

const rowsOf = async <T>(query: ReturnType<typeof sql<T>>) =>
  (await query.execute(database.db)).rows;

describe('reference data', () => {
  it('holds the 27 countries with France first, and the catalogue', async () => {
    const countries = await rowsOf(
      sql<{ code: string; flag: string }>`select code, flag from country order by "order"`,
    );
    expect(countries).toHaveLength(27);
    expect(countries[0]).toEqual({ code: 'FR', flag: '🇫🇷' });
    expect(await countRows(database.db, 'category')).toBe(REFERENCE_COUNTS.categories);
    expect(await countRows(database.db, 'brand')).toBe(REFERENCE_COUNTS.brands);
    expect(await countRows(database.db, 'color')).toBe(REFERENCE_COUNTS.colors);
    expect(await countRows(database.db, 'product_size')).toBe(REFERENCE_COUNTS.sizes);
    const books = await rowsOf(
      sql<{
        show_isbn: boolean;
        show_size: boolean;
      }>`select show_isbn, show_size from category where identifier = 'entertainment-books'`,
    );
    expect(books[0]).toEqual({ show_isbn: true, show_size: false });
  });

  it('is applied once however often the server starts', async () => {
    await seedReference(database.db);
    expect(await countRows(database.db, 'country')).toBe(27);
  });
});

describe('demo data', () => {
  it('links a vendor or customer record to every demo account that needs one', async () => {
    const vendors = await rowsOf(sql<{
      email: string;
      company: string | null;
      trial: Date | null;
      status: string;
    }>`
      select v.email, v.company, v.extension_free_trial_start_datetime as trial, s.status::text as status
      from vendor v join subscription s on s.uuid = v.subscription
      where v.identity_user_uuid is not null order by v.email`);
    expect(vendors.map((v) => v.email)).toEqual([
      'admin@seconde.test',
      'company@seconde.test',
      'trial@seconde.test',
      'vendor@seconde.test',
    ]);
    const byEmail = Object.fromEntries(vendors.map((v) => [v.email, v]));
    expect(byEmail['vendor@seconde.test']).toMatchObject({ status: 'ACTIVE', company: null });
    expect(byEmail['company@seconde.test']!.company).not.toBeNull();
    expect(byEmail['company@seconde.test']!.status).toBe('CANCELED');
    expect(byEmail['trial@seconde.test']!.trial).toBeInstanceOf(Date);
    const customer = DEMO_ACCOUNTS.find((a) => a.email === 'customer@seconde.test')!;
    const linked = await rowsOf(
      sql`select 1 from customer where identity_user_uuid = ${customer.sub}`,
    );
    expect(linked).toHaveLength(1);
  });

  it('spreads 150 deposits over every status and 3,000 products over every sale status', async () => {
    expect(await countRows(database.db, 'customer')).toBe(40);
    const statuses = await rowsOf(
      sql<{ status: string }>`select distinct status::text as status from deposit`,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual([...DEPOSIT_STATUSES].sort());
    expect(await countRows(database.db, 'deposit')).toBe(150);
    expect(await countRows(database.db, 'product')).toBe(3000);
    const saleStatuses = await rowsOf(
      sql<{ s: string }>`select distinct sale_status::text as s from product`,
    );
    expect(saleStatuses).toHaveLength(9);
  });

  it('never breaks a deposit rule: every product’s sale status is allowed by its deposit’s status', async () => {
    const pairs = await rowsOf(sql<{ deposit: string; sale: string }>`
      select distinct d.status::text as deposit, p.sale_status::text as sale from product p join deposit d on d.uuid = p.deposit`);
    for (const { deposit, sale } of pairs)
      expect(productStatusesFor(deposit), `${sale} in ${deposit}`).toContain(sale);
  });

  it('keeps every customer with the vendor who holds their deposits', async () => {
    const strays = await rowsOf(
      sql`select d.uuid from deposit d join customer c on c.uuid = d.customer where not (d.vendor = any(c.vendors))`,
    );
    expect(strays).toEqual([]);
  });

  it('gives every product a real JPEG photo with its thumbnails', async () => {
    const images = await rowsOf(
      sql<{
        image: string;
        image256: string;
        image32: string;
      }>`select image, image256, image32 from product_image limit 3`,
    );
    expect(await countRows(database.db, 'product_image')).toBe(3000);
    const stored = await media.get(images[0]!.image256);
    expect(stored?.contentType).toBe('image/jpeg');
    const meta = await sharp(stored!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
  });

  it('tops the stock up for benchmarks without duplicating people or deposits', async () => {
    await seedDemo(database.db, media, { products: 3200 });
    expect(await countRows(database.db, 'product')).toBe(3200);
    expect(await countRows(database.db, 'deposit')).toBe(150);
    expect(await countRows(database.db, 'vendor')).toBe(4 + DEMO_PROSPECTS);
  });
});

describe('demo reception dates', () => {
  it('dates the reception of every received deposit between its assignment and its going online', async () => {
    const received = [...RECEIVED_STATUSES, 'RESTITUED'].map((s) => `'${s}'`).join(', ');
    const wrong = await rowsOf(
      sql<{ name: string }>`select name from deposit
        where status::text in (${sql.raw(received)})
          and (received_datetime is null or received_datetime <= affectation_datetime
            or received_datetime > now()
            or received_datetime >= coalesce(deposit_completed_datetime, 'infinity'))`,
    );
    expect(wrong).toEqual([]);
    const notReceived = await rowsOf(
      sql`select 1 from deposit where status::text not in (${sql.raw(received)})
        and received_datetime is not null`,
    );
    expect(notReceived).toEqual([]);
  });

  it('gives the statistics a days-to-INLINE figure', async () => {
    const figures = await statsFigures(database.db, {
      period: { from: '', to: '' },
      vendor: null,
      withPlans: false,
      now: new Date(),
    });
    const { deposits, median, mean } = figures.daysToInline;
    const inline = await rowsOf(sql`select 1 from deposit where status = 'INLINE'`);
    expect(deposits).toBe(inline.length);
    expect(median).toBeGreaterThan(0);
    expect(mean).toBeGreaterThan(0);
  });
});

describe('demo police register', () => {
  it('enters every item of the demo’s received deposits, with the identity document shown, and every register verifies', async () => {
    const received = RECEIVED_STATUSES.map((s) => `'${s}'`).join(', ');
    const missing = await rowsOf(
      sql<{
        n: string;
      }>`select count(*)::text as n from product p join deposit d on d.uuid = p.deposit
        where d.customer is not null and d.status::text in (${sql.raw(received)})
          and not exists (select 1 from police_register_entry e where e.product = p.uuid)`,
    );
    expect(missing[0]!.n).toBe('0');
    const withoutDocument = await rowsOf(
      sql<{ n: string }>`select count(*)::text as n from police_register_entry
        where content->'depositor'->>'idDocumentNumber' = ''
          or content->'depositor'->>'idDocumentDate' !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`,
    );
    expect(withoutDocument[0]!.n).toBe('0');
    const vendor = DEMO_ACCOUNTS.find((a) => a.email === 'vendor@seconde.test')!;
    const registers = await rowsOf(
      sql<{ register: string; vendor_register: boolean }>`
        select distinct e.register, e.register = 'vendor:' || v.uuid as vendor_register
        from police_register_entry e left join vendor v on v.identity_user_uuid = ${vendor.sub}`,
    );
    expect(registers.some((r) => r.vendor_register)).toBe(true);
    for (const { register } of registers) {
      const { rows } = await selectEntries(database.db, register);
      expect(rows.length).toBeGreaterThan(0);
      const verdict = verifyChain(rows.map(chainedOf));
      expect(verdict, register).toMatchObject({ intact: true, checked: rows.length });
    }
  });
});
