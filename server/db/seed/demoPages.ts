import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.gen.ts';
import { insertRows, type SeedRow } from '../insertRows.ts';

const DAY = 24 * 3_600_000;

const PROSPECT_NAMES = [
  ['Agathe', 'Prospect'],
  ['Bastien', 'Lefort'],
  ['Céline', 'Marchand'],
  ['Damien', 'Roche'],
  ['Élodie', 'Faure'],
  ['Fabien', 'Girard'],
  ['Gaëlle', 'Henry'],
  ['Hélène', 'Joly'],
] as const;

/** Vendors of the demo data who signed up without an account of the demo sign-in. */
export const DEMO_PROSPECTS = PROSPECT_NAMES.length;

interface Party {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly postal_code: string;
  readonly city: string;
}

/**
 * Demo data of the invoices and statistics screens: issued invoices for vendor@, for customer@ and
 * for others (so each role's list shows only its own); online deposits that know when they went
 * online (the days from assignment to INLINE); and prospect vendors at every onboarding stage with
 * their answers, some on trial or subscribed. Prospects have no sign-in and take no deposits.
 */
export async function seedPagesDemo(
  db: Kysely<Database>,
  now: Date,
  people: { readonly vendors: readonly string[]; readonly customers: readonly string[] },
): Promise<void> {
  const [vendor, companyVendor] = people.vendors;
  const [customer, otherCustomer] = people.customers;
  const valerie: Party = {
    first_name: 'Valérie',
    last_name: 'Vendeuse',
    email: 'vendor@seconde.test',
    postal_code: '75011',
    city: 'Paris',
  };
  const camille: Party = { ...valerie, first_name: 'Camille', last_name: 'Compagnie' };
  const clara: Party = {
    first_name: 'Clara',
    last_name: 'Cliente',
    email: 'customer@seconde.test',
    postal_code: '75011',
    city: 'Paris',
  };
  const lucie: Party = { ...clara, first_name: 'Lucie', last_name: 'Martin', email: 'l@x.fr' };
  let number = 0;
  const invoice = (
    category: string,
    days: number,
    total: number,
    status: string,
    parties: { vendor?: [string, Party]; customer?: [string, Party] },
  ): SeedRow => {
    const created = new Date(now.getTime() - days * DAY);
    number += 1;
    return {
      total_price: total,
      date_start: new Date(created.getTime() - 30 * DAY),
      date_end: created,
      due_date: new Date(created.getTime() + 30 * DAY),
      vendor: parties.vendor?.[0] ?? null,
      customer: parties.customer?.[0] ?? null,
      vendor_party: parties.vendor ? JSON.stringify(parties.vendor[1]) : null,
      customer_party: parties.customer ? JSON.stringify(parties.customer[1]) : null,
      category,
      full_invoice_number: `FA-${created.getUTCFullYear()}-${String(number).padStart(4, '0')}`,
      invoice_status: status,
      invoice_payed_datetime: status === 'NOT_PAYED' ? null : new Date(created.getTime() + DAY),
      created_at: created,
    };
  };
  const v: [string, Party] = [vendor!, valerie];
  await insertRows(db, 'invoice', [
    invoice('MONTHLY_VENDOR', 5, 412.5, 'NOT_PAYED', { vendor: v }),
    invoice('MONTHLY_VENDOR', 35, 388.2, 'PAYED', { vendor: v }),
    invoice('MONTHLY_VENDOR', 65, 290, 'PAYEMENT_CONFIRMED', { vendor: v }),
    invoice('PROVIDER_INVOICE', 20, 49, 'PAYED', { vendor: v }),
    invoice('DEPOSIT_CUSTOMER', 12, 86.4, 'NOT_PAYED', {
      vendor: v,
      customer: [customer!, clara],
    }),
    invoice('DEPOSIT_CUSTOMER', 48, 54, 'PAYED', { vendor: v, customer: [customer!, clara] }),
    invoice('DEPOSIT_CUSTOMER', 30, 120, 'PAYED', {
      vendor: v,
      customer: [otherCustomer!, lucie],
    }),
    // Sale invoices are left out of the default list.
    invoice('PRODUCT_SELL', 3, 18, 'PAYED', { vendor: v }),
    invoice('MONTHLY_VENDOR', 8, 640, 'NOT_PAYED', { vendor: [companyVendor!, camille] }),
    invoice('MONTHLY_VENDOR', 38, 512.3, 'PAYED', { vendor: [companyVendor!, camille] }),
  ]);

  // 5 to 24 days from assignment to online, the same on every install.
  await sql`update deposit
    set deposit_completed_datetime = affectation_datetime
      + ((substring(name from '[0-9]+')::int % 20) + 5) * interval '1 day'
    where status = 'INLINE' and affectation_datetime is not null
      and deposit_completed_datetime is null`.execute(db);

  const answers = [
    ['LESS_THAN_5H', 'UNDER_250', 'BEGINNER', 'Instagram'],
    ['BETWEEN_5H_AND_10H', 'BETWEEN_250_AND_1000', 'OCCASIONAL', 'Bouche à oreille'],
    ['BETWEEN_10H_AND_20H', 'BETWEEN_1000_AND_10000', 'REGULAR', 'Recherche Google'],
    ['MORE_THAN_20H', 'OVER_10000', 'REGULAR', 'Salon professionnel'],
  ] as const;
  const prospects = await insertRows(
    db,
    'vendor',
    PROSPECT_NAMES.map(([first, last], i) => {
      const created = new Date(now.getTime() - (2 + i * 6) * DAY);
      const started = i % 4 !== 3;
      const completed = i % 2 === 0;
      const [time, stock, experience, source] = answers[i % answers.length]!;
      return {
        identity_user_uuid: null,
        first_name: first,
        last_name: last,
        email: `${first
          .toLowerCase()
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')}@prospect.example`,
        city: 'Nantes',
        postal_code: '44000',
        receive_new_deposit_status: 'UNAVAILABLE',
        onboarding_started_datetime: started ? new Date(created.getTime() + 3_600_000) : null,
        onboarding_completed: started && completed,
        onboarding_completed_datetime:
          started && completed ? new Date(created.getTime() + DAY) : null,
        selling_time_per_week: started ? time : null,
        stock_quantity: started ? stock : null,
        vendor_kind: started && completed ? experience : null,
        how_did_you_know_provider: started && completed ? source : null,
        // The two newest prospects who finished onboarding are on the 14-day trial.
        extension_free_trial_start_datetime:
          started && completed && i < 4 ? new Date(created.getTime() + DAY) : null,
        is_on_trial_period: started && completed && i < 4,
        created_at: created,
      };
    }),
  );
  // Two prospects already chose a plan.
  const plans: [number, string, string][] = [
    [4, 'STARTER', 'ACTIVE'],
    [6, 'COMMISSION', 'ACTIVE'],
  ];
  const subscriptions = await insertRows(
    db,
    'subscription',
    plans.map(([i, type, status]) => ({
      status,
      plan_interval: 'month',
      plan_amount: type === 'STARTER' ? 19 : 0,
      type,
      vendor: prospects[i],
      current_period_end: new Date(now.getTime() + 15 * DAY),
      discount_coupon_percent_off: 0,
      discount_coupon_valid: false,
      payment_provider_id: `sub_demo_prospect_${i}`,
    })),
  );
  for (const [k, [i]] of plans.entries()) {
    await sql`update vendor set subscription = ${subscriptions[k]} where uuid = ${prospects[i]}`.execute(
      db,
    );
  }
}
