import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.gen.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../auth/demoAccounts.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { countRows, insertRows, type SeedRow } from '../insertRows.ts';
import { seedPagesDemo } from './demoPages.ts';
import type { PlatformIdentity } from '../../services/deps.ts';
import { DEMO_PLATFORM } from '../../services/invoices/platform.ts';
import { makeSeedPhotos, type SeedPhoto } from './photos.ts';
import { seedPoliceRegister } from './demoPoliceRegister.ts';
import {
  DEPOSIT_STATUSES,
  productStatusesFor,
  random,
  CUSTOMER_NAMES,
  CITIES,
} from './demoData.ts';

export interface DemoOptions {
  /** Products in the demo stock; 3,000 by default, 100,000 for benchmarks. */
  readonly products?: number | undefined;
  /** "Now" of the data set (trial start, subscription ends); the real clock by default. */
  readonly now?: Date;
  /** Who issues the demo's platform invoices; the demo identity by default. */
  readonly platform?: PlatformIdentity;
}

export const DEMO_DEFAULTS = { customers: 40, deposits: 150, products: 3000 } as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function account(email: string): DemoAccount {
  const found = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!found) throw new Error(`No demo account ${email}`);
  return found;
}

async function uuidsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{
    uuid: string;
  }>`select uuid from ${sql.table(table)} order by "order"`.execute(db);
  return rows.map((r) => r.uuid);
}

/**
 * The demo data set of the embedded install: vendors for the demo accounts (one active, one in a
 * company with an expired subscription, one on trial, plus the admin's own record), 40 customers,
 * 150 deposits over every status and a stock over every sale status, with real photos. Applied
 * once; a later call with a larger `products` only tops the stock up.
 */
export async function seedDemo(
  db: Kysely<Database>,
  media: MediaStorage,
  options: DemoOptions = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const wanted = options.products ?? DEMO_DEFAULTS.products;
  if ((await countRows(db, 'vendor')) === 0)
    await seedPeopleAndDeposits(db, now, options.platform ?? DEMO_PLATFORM);
  const have = await countRows(db, 'product');
  if (have < wanted) {
    await seedProducts(db, media, have, wanted - have, now);
    // The items already received are in the police register, as the service would have entered them.
    await seedPoliceRegister(db);
  }
}

async function seedPeopleAndDeposits(
  db: Kysely<Database>,
  now: Date,
  platform: PlatformIdentity,
): Promise<void> {
  const [france] = await uuidsOf(db, 'country');
  const [companyUuid] = await insertRows(db, 'company', [
    {
      title: 'Friperie Solidaire',
      siret: '81234567800013',
      website_link: 'https://friperie-solidaire.example',
      tax_eligible: true,
      negociated_pourcentage_on_price: 25,
      postal_code: '69002',
      address: '12 rue Mercière',
      city: 'Lyon',
      use_vendor_address_as_facturation_address: false,
    },
  ]);
  const vendorRow = (email: string, extra: SeedRow): SeedRow => {
    const a = account(email);
    return {
      identity_user_uuid: a.sub,
      first_name: a.givenName,
      last_name: a.familyName,
      email: a.email,
      phone_number: '0612345678',
      address: '8 rue des Lilas',
      city: 'Paris',
      postal_code: '75011',
      country: france,
      company: null,
      receive_new_deposit_status: 'AVAILABLE',
      marketplace_welcome_meeting_done: true,
      onboarding_completed: true,
      onboarding_completed_datetime: new Date(now.getTime() - 200 * DAY),
      accepted_legal_term_at: new Date(now.getTime() - 200 * DAY),
      is_company_admin: false,
      is_on_trial_period: false,
      extension_free_trial_start_datetime: null,
      selling_mode: 'BOTH',
      ...extra,
    };
  };
  const emails = [
    'vendor@seconde.test',
    'company@seconde.test',
    'trial@seconde.test',
    'admin@seconde.test',
  ];
  const vendors = await insertRows(db, 'vendor', [
    vendorRow(emails[0]!, {}),
    vendorRow(emails[1]!, {
      company: companyUuid,
      is_company_admin: true,
      city: 'Lyon',
      postal_code: '69002',
    }),
    vendorRow(emails[2]!, {
      is_on_trial_period: true,
      extension_free_trial_start_datetime: new Date(now.getTime() - 4 * DAY),
      city: 'Bordeaux',
      postal_code: '33000',
    }),
    vendorRow(emails[3]!, {}),
  ]);
  const subscription = (
    vendor: string,
    status: string,
    type: string,
    end: number,
    providerId: string,
  ): SeedRow => ({
    status,
    plan_interval: 'month',
    plan_amount: type === 'PRO' ? 49 : 29,
    type,
    vendor,
    current_period_end: new Date(now.getTime() + end * DAY),
    discount_coupon_percent_off: 0,
    discount_coupon_valid: false,
    payment_provider_id: providerId,
  });
  const subscriptions = await insertRows(db, 'subscription', [
    subscription(vendors[0]!, 'ACTIVE', 'PRO', 20, 'sub_demo_vendor'),
    subscription(vendors[1]!, 'CANCELED', 'ESSENTIAL', -12, 'sub_demo_company'),
    subscription(vendors[2]!, 'TRIALING', 'PRO', 10, 'sub_demo_trial'),
    subscription(vendors[3]!, 'ACTIVE', 'PREMIUM', 25, 'sub_demo_admin'),
  ]);
  for (const [i, vendor] of vendors.entries()) {
    await sql`update vendor set subscription = ${subscriptions[i]} where uuid = ${vendor}`.execute(
      db,
    );
  }

  // Customers: customer@ first; each customer deals with one vendor (customer@ with vendor@).
  const rand = random(7);
  const customerVendor = (i: number) => vendors[i === 0 ? 0 : [0, 0, 1, 2, 3][i % 5]!]!;
  const customerAccount = account('customer@seconde.test');
  const customers = await insertRows(
    db,
    'customer',
    Array.from({ length: 40 }, (_, i) => {
      const [first, last] =
        i === 0
          ? [customerAccount.givenName, customerAccount.familyName]
          : CUSTOMER_NAMES[i % CUSTOMER_NAMES.length]!;
      const [city, postal] = CITIES[i % CITIES.length]!;
      return {
        identity_user_uuid: i === 0 ? customerAccount.sub : null,
        first_name: first,
        last_name:
          i >= CUSTOMER_NAMES.length
            ? `${last} ${Math.floor(i / CUSTOMER_NAMES.length) + 1}`
            : last,
        email: i === 0 ? customerAccount.email : `client${i}@exemple.fr`,
        postal_code: postal,
        phone_number: `06${String(10000000 + Math.floor(rand() * 89999999))}`,
        address: `${1 + (i % 60)} avenue de la République`,
        city,
        vendors: [customerVendor(i)],
        accept_home_take_away: i % 3 !== 0,
        accept_send_postal: i % 2 === 0,
        prefered_contact_way: ['PHONE_CALL', 'EMAIL', 'PHONE_MESSAGE', 'WHATS_APP'][i % 4],
        onboarding_completed: true,
        onboarding_completed_datetime: new Date(now.getTime() - (100 + i) * DAY),
        accepted_legal_term_at: new Date(now.getTime() - 100 * DAY),
      };
    }),
  );

  const families = ['WOMAN', 'MAN', 'KIDS', 'HOME', 'MIXED'];
  await insertRows(
    db,
    'deposit',
    Array.from({ length: 150 }, (_, i) => {
      const status = DEPOSIT_STATUSES[i % DEPOSIT_STATUSES.length]!;
      const customerIndex = (i * 7) % customers.length;
      // Every other deposit waiting for a vendor is a fresh public request nobody took yet, some
      // past the 48-hour deadline, so the marketplace and the admin requests have something.
      const open = status === 'WAITING_FOR_VENDOR' && i % 2 === 1;
      const created = open
        ? new Date(now.getTime() - ((i * 7) % 72) * HOUR)
        : new Date(now.getTime() - (365 - i * 2) * DAY);
      return {
        name: `Dépôt ${String(i + 1).padStart(3, '0')}`,
        status,
        vendor: open ? null : customerVendor(customerIndex),
        customer: customers[customerIndex],
        family: families[i % families.length],
        gamme: ['LOW', 'AVERAGE', 'HIGH', 'VINTAGE'][i % 4],
        deposit_recovery: ['GET_HOME', 'MEETING_POINT', 'RELAY_POINT'][i % 3],
        deposit_datetime: created,
        affectation_datetime: open ? null : new Date(created.getTime() + DAY),
        received_datetime: open ? null : receivedAt(status, created, i),
        default_quality: 'VERY_GOOD',
        seasons: [['WINTER'], ['SPRING', 'SUMMER'], ['AUTUMN'], ['NOT_SET']][i % 4],
        customer_postal_code: CITIES[customerIndex % CITIES.length]![1],
        description: `Vêtements et objets déposés (${i + 1})`,
        deposit_selling_mode_status: 'DEPOSIT_SELL',
        customer_validation_response: status === 'CUSTOMER_WAITING' ? 'PENDING' : 'ACCEPTED',
        abandon_reason: status === 'ABANDONED' ? 'DONT_ANSWER' : null,
        cancel_reason: status === 'CANCELED' ? 'TOO_LONG' : null,
        is_created_by_public_form: open || i % 4 === 0,
        // Half of the open requests accept postal sending, so vendors elsewhere may take them.
        customer_accept_send_postal: open && i % 4 === 1,
        created_at: created,
      };
    }),
  );
  await seedPagesDemo(db, now, { vendors, customers }, platform);
}

/**
 * When a demo deposit was received, for those at RECEIVED or later (restituted ones too, since
 * they were received before they went back): 1 to 4 days and a few office hours after it was
 * given to its vendor (the day after its creation), so always before the 5 to 24 days after that
 * at which an INLINE one went online (`seedPagesDemo`). Deterministic, as the rest of the seed.
 */
function receivedAt(status: string, created: Date, i: number): Date | null {
  const index = DEPOSIT_STATUSES.indexOf(status as (typeof DEPOSIT_STATUSES)[number]);
  const received = index >= DEPOSIT_STATUSES.indexOf('RECEIVED');
  if (!received || index > DEPOSIT_STATUSES.indexOf('RESTITUED')) return null;
  const assigned = created.getTime() + DAY;
  return new Date(assigned + (1 + (i % 4)) * DAY + (9 + (i % 8)) * HOUR);
}

async function seedProducts(
  db: Kysely<Database>,
  media: MediaStorage,
  start: number,
  count: number,
  now: Date,
): Promise<void> {
  const { rows: deposits } = await sql<{ uuid: string; status: string }>`
    select uuid, status::text as status from deposit
    where status in ('RECEIVED', 'TODO', 'PROGRESS', 'CUSTOMER_WAITING', 'DEPOSIT_VALIDATED', 'INLINE', 'RESTITUED')
    order by name`.execute(db);
  // Half of the stock sits in online (INLINE) deposits, where every sale status is allowed.
  const inline = deposits.filter((d) => d.status === 'INLINE');
  const { rows: categories } = await sql<{
    uuid: string;
    name_singular: string;
    show_size: boolean;
    product_size_group: string;
  }>`
    select uuid, name_singular, show_size, product_size_group from category order by "order"`.execute(
    db,
  );
  const { rows: brands } = await sql<{
    uuid: string;
    name: string;
  }>`select uuid, name from brand order by name`.execute(db);
  const { rows: colors } = await sql<{
    uuid: string;
    hex_code: string;
    title: string;
  }>`select uuid, hex_code, title from color order by "order"`.execute(db);
  const { rows: sizes } = await sql<{
    uuid: string;
    size_groups: string[];
  }>`select uuid, size_groups from product_size order by "order"`.execute(db);
  const photos: SeedPhoto[] = await makeSeedPhotos(
    media,
    colors.map((c) => c.hex_code),
  );
  const rand = random(11 + start);
  const qualities = ['NEW_WITH_TICKET', 'NEW_WITHOUT_TICKET', 'VERY_GOOD', 'GOOD', 'SATISFYING'];
  const platforms = [
    'MAIN_MARKETPLACE',
    'VESTIAIRE_COLLECTIVE',
    'LEBONCOIN',
    'EBAY',
    'FLEA_MARKET',
    'WEBSITE',
  ];
  const batch = 5000;
  for (let offset = 0; offset < count; offset += batch) {
    const rows: SeedRow[] = [];
    const colorOf: number[] = [];
    for (let k = offset; k < Math.min(count, offset + batch); k++) {
      const n = start + k;
      const deposit =
        n % 2 === 0 && inline.length
          ? inline[(n / 2) % inline.length]!
          : deposits[n % deposits.length]!;
      const allowed = productStatusesFor(deposit.status);
      const saleStatus = allowed[Math.floor(n / deposits.length) % allowed.length]!;
      const category = categories[n % categories.length]!;
      const color = Math.floor(rand() * colors.length);
      const fitting = sizes.filter((s) => s.size_groups.includes(category.product_size_group));
      const price = Math.round((5 + rand() * 95) * 2) / 2;
      const sold = ['SELL', 'PAYED', 'FACTURED'].includes(saleStatus);
      const entry = new Date(now.getTime() - (300 - (n % 280)) * DAY);
      colorOf.push(color);
      rows.push({
        deposit: deposit.uuid,
        reference: `REF-${String(n + 1).padStart(6, '0')}`,
        stock_entry_datetime: entry,
        name: `${category.name_singular} ${brands[n % brands.length]!.name} ${colors[color]!.title.toLowerCase()}`,
        category: category.uuid,
        brand: brands[n % brands.length]!.uuid,
        quality: qualities[n % qualities.length],
        suggested_price: price,
        selled_price: sold ? Math.round(price * 0.9 * 2) / 2 : null,
        sell_datetime: sold ? new Date(entry.getTime() + 20 * DAY) : null,
        payed_datetime:
          saleStatus === 'PAYED' || saleStatus === 'FACTURED'
            ? new Date(entry.getTime() + 25 * DAY)
            : null,
        online_datetime:
          saleStatus === 'ONLINE' || sold ? new Date(entry.getTime() + 3 * DAY) : null,
        sale_status: saleStatus,
        sell_on: sold ? platforms[n % platforms.length] : null,
        colors: [colors[color]!.uuid],
        product_size:
          category.show_size && fitting.length ? fitting[n % fitting.length]!.uuid : null,
        vendor_income: sold ? Math.round(price * 0.4 * 100) / 100 : null,
        customer_income: sold ? Math.round(price * 0.5 * 100) / 100 : null,
        main_image_url: `/media/${photos[color]!.image}`,
        last_updated_by: 'PROVIDER',
      });
    }
    const products = await insertRows(db, 'product', rows);
    await insertRows(
      db,
      'product_image',
      products.map((product, i) => ({
        product,
        ...photos[colorOf[i]!]!,
        kind: 'FRONT',
        order: 1,
        processing_status: 'COMPLETED',
        rotation: 0,
      })),
    );
  }
  // The announced item count of a seeded deposit is what it holds.
  await sql`update deposit d set product_number = (select count(*) from product p where p.deposit = d.uuid)`.execute(
    db,
  );
}
