import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.gen.ts';
import { insertRows } from '../insertRows.ts';
import type { PlatformIdentity } from '../../services/deps.ts';
import { DEMO_PLATFORM } from '../../services/invoices/platform.ts';
import { seedDemoInvoices } from './demoInvoices.ts';

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
  platform: PlatformIdentity = DEMO_PLATFORM,
): Promise<void> {
  const [vendor, companyVendor] = people.vendors;
  const [customer, otherCustomer] = people.customers;
  const v = { vendor: vendor! };
  await seedDemoInvoices(db, now, platform, [
    { kind: 'commission', daysAgo: 5, cents: 41250, status: 'NOT_PAYED', ...v },
    { kind: 'commission', daysAgo: 35, cents: 38820, status: 'PAYED', ...v },
    { kind: 'commission', daysAgo: 65, cents: 29000, status: 'PAYEMENT_CONFIRMED', ...v },
    { kind: 'subscription', daysAgo: 20, cents: 4900, status: 'PAYED', ...v },
    { kind: 'statement', daysAgo: 12, cents: 8640, status: 'NOT_PAYED', ...v, customer: customer! },
    { kind: 'statement', daysAgo: 48, cents: 5400, status: 'PAYED', ...v, customer: customer! },
    {
      kind: 'statement',
      daysAgo: 30,
      cents: 12000,
      status: 'PAYED',
      ...v,
      customer: otherCustomer!,
    },
    // Sale invoices are left out of the default list.
    { kind: 'sale', daysAgo: 3, cents: 1800, status: 'PAYED', ...v },
    { kind: 'commission', daysAgo: 8, cents: 64000, status: 'NOT_PAYED', vendor: companyVendor! },
    { kind: 'commission', daysAgo: 38, cents: 51230, status: 'PAYED', vendor: companyVendor! },
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
