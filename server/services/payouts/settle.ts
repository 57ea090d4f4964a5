import { randomUUID } from 'node:crypto';
import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { parisDay } from '../../../src/domain/calendar.ts';
import { maskIban } from '../../../src/domain/bank/iban.ts';
import {
  CASH_PAYOUT_LIMIT_CENTS,
  transferReadiness,
} from '../../../src/domain/bank/payoutRules.ts';
import type { PayoutMethod, PayoutReceiptDocument } from '../../documents/model.ts';
import { partyOf, type PartyRow } from './parties.ts';
import { refuse } from './refusals.ts';
import { notify } from '../notices/notify.ts';

/** What one payout is asked to settle. */
export interface SettleInput {
  readonly vendor: string;
  readonly customer: string;
  readonly method: PayoutMethod;
  readonly chequeNumber: string;
  readonly memo: string;
  /** YYYY-MM-DD (Europe/Paris): entries payable on or before this day are settled. */
  readonly cutOff: string;
  /** Only these items' entries; null settles everything payable by the cut-off. */
  readonly products: readonly string[] | null;
  readonly idempotencyKey: string;
  readonly createdBy: string;
  readonly now: Date;
  /** The SEPA batch the transfer leaves in (written first, in the same transaction). */
  readonly sepaBatch?: string;
  /** The payout's uuid when the caller needs it beforehand (a batch's EndToEndId). */
  readonly payoutUuid?: string;
}

export interface SettledPayout {
  readonly uuid: string;
  /** The payout already made with this idempotency key: nothing was written this time. */
  readonly replayed: boolean;
  readonly amountCents: number;
  /** The depositor's IBAN a transfer goes to (electronic format); empty for other methods. */
  readonly iban: string;
  readonly bic: string;
  readonly receiptNumber: string;
  readonly holderName: string;
}

interface EntryRow {
  uuid: string;
  kind: string;
  product: string | null;
  amount_cents: string | number;
  payable_at: Date;
  created_at: Date;
  name: string | null;
  reference: string | null;
}

/**
 * Serialises the payouts of one vendor: their receipt numbers, the entries they settle and their
 * idempotency keys are then decided one payout at a time, so two identical requests racing each
 * other pay once, and two payouts never settle the same entry.
 */
export async function lockVendorPayouts(trx: Kysely<Database>, vendor: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`payout:${vendor}`}))`.execute(trx);
}

/** The first moment after the cut-off day, in Paris. */
const afterCutOff = (cutOff: string) =>
  sql`((${cutOff}::date + 1)::timestamp at time zone 'Europe/Paris')`;

/**
 * The entries a payout would settle now: payable on or before the cut-off, not settled by an
 * earlier payout (credits, and reversals of credits, never payouts themselves).
 */
export async function unsettledEntries(
  trx: Kysely<Database>,
  vendor: string,
  customer: string,
  cutOff: string,
): Promise<EntryRow[]> {
  const { rows } = await sql<EntryRow>`
    select e.uuid, e.kind::text as kind, e.product, e.amount_cents, e.payable_at, e.created_at,
      p.name, p.reference
    from depositor_ledger_entry e
    left join payout_item i on i.ledger_entry = e.uuid
    left join product p on p.uuid = e.product
    where e.vendor = ${vendor} and e.customer = ${customer} and e.kind <> 'PAYOUT'
      and i.ledger_entry is null and e.payable_at is not null
      and e.payable_at < ${afterCutOff(cutOff)}
    order by e.payable_at, e.created_at, e.uuid`.execute(trx);
  return rows;
}

/** The depositor's balance with the vendor: every entry, and the payable ones. */
export async function balances(
  trx: Kysely<Database>,
  vendor: string,
  customer: string,
): Promise<{ balanceCents: number; payableCents: number }> {
  const { rows } = await sql<{ balance: string | number | null; payable: string | number | null }>`
    select sum(amount_cents) as balance,
      sum(amount_cents) filter (where payable_at is not null) as payable
    from depositor_ledger_entry where vendor = ${vendor} and customer = ${customer}`.execute(trx);
  return {
    balanceCents: Number(rows[0]?.balance ?? 0),
    payableCents: Number(rows[0]?.payable ?? 0),
  };
}

/** The next receipt number of the vendor for the year, under the counter row's lock. */
async function nextReceipt(
  trx: Kysely<Database>,
  vendor: string,
  year: number,
): Promise<{ seq: number; number: string }> {
  const { rows } = await sql<{ last_seq: number }>`
    insert into payout_receipt_counter (vendor, year, last_seq) values (${vendor}, ${year}, 1)
    on conflict (vendor, year) do update set last_seq = payout_receipt_counter.last_seq + 1
    returning last_seq`.execute(trx);
  const seq = Number(rows[0]!.last_seq);
  return { seq, number: `R-${year}-${String(seq).padStart(6, '0')}` };
}

/** The payout already made under this key, if any; another depositor's is a reused key. */
async function replayOf(trx: Kysely<Database>, input: SettleInput): Promise<SettledPayout | null> {
  const { rows } = await sql<{
    uuid: string;
    customer: string;
    amount_cents: string | number;
    receipt_number: string;
  }>`
    select uuid, customer, amount_cents, receipt_number from payout
    where vendor = ${input.vendor} and idempotency_key = ${input.idempotencyKey}`.execute(trx);
  const found = rows[0];
  if (!found) return null;
  if (found.customer !== input.customer)
    throw refuse(
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotency key was used for another depositor',
      'idempotency_key',
      Code.AlreadyExists,
    );
  return {
    uuid: found.uuid,
    replayed: true,
    amountCents: Number(found.amount_cents),
    iban: '',
    bic: '',
    receiptNumber: found.receipt_number,
    holderName: '',
  };
}

/**
 * Pays one depositor inside the caller's transaction: one PAYOUT ledger entry (negative, payable
 * at once), the payout with its receipt snapshot and number, and one item per settled entry, all
 * written together or not at all. The caller has taken `lockVendorPayouts`.
 */
export async function settleInTransaction(
  trx: Kysely<Database>,
  input: SettleInput,
): Promise<SettledPayout> {
  const replay = await replayOf(trx, input);
  if (replay) return replay;

  if (input.method === 'CHEQUE' && input.chequeNumber.trim() === '')
    throw refuse(
      'PAYOUT_CHEQUE_NUMBER_REQUIRED',
      'A cheque payout needs the cheque number',
      'cheque_number',
      Code.InvalidArgument,
    );

  const { rows: people } = await sql<
    PartyRow & {
      iban: string | null;
      bic: string | null;
      account_holder: string | null;
      language: string | null;
    }
  >`
    select c.first_name, c.last_name, c.company_name, c.address, c.postal_code, c.city, c.email,
      c.phone_number, null::text as country, c.iban, c.bic, c.account_holder, c.language
    from customer c where c.uuid = ${input.customer}`.execute(trx);
  const depositor = people[0];
  if (!depositor) throw refuse('PAYOUT_NOTHING_PAYABLE', 'No such depositor', 'customer');

  let iban = '';
  let bic = '';
  if (input.method === 'BANK_TRANSFER') {
    const ready = transferReadiness(depositor.iban, depositor.bic);
    if (!ready.ok)
      throw refuse(
        ready.reason,
        'A transfer needs a valid IBAN on the depositor',
        ready.reason === 'BIC_INVALID' ? 'customer.bic' : 'customer.iban',
      );
    iban = ready.iban;
    bic = (depositor.bic ?? '').trim().toUpperCase();
  }

  let entries = await unsettledEntries(trx, input.vendor, input.customer, input.cutOff);
  if (input.products) {
    const wanted = new Set(input.products);
    entries = entries.filter((e) => e.product !== null && wanted.has(e.product));
    const covered = new Set(entries.map((e) => e.product));
    const missing = input.products.find((p) => !covered.has(p));
    if (missing !== undefined)
      throw refuse(
        'PAYOUT_ITEM_NOT_PAYABLE',
        `Item ${missing} has nothing payable by the cut-off`,
        'products',
      );
  }
  const amountCents = entries.reduce((sum, e) => sum + Number(e.amount_cents), 0);
  if (entries.length === 0 || amountCents <= 0)
    throw refuse('PAYOUT_NOTHING_PAYABLE', 'Nothing is payable to this depositor');
  if (input.method === 'CASH' && amountCents > CASH_PAYOUT_LIMIT_CENTS)
    throw refuse(
      'PAYOUT_CASH_LIMIT',
      `A cash payout is limited to ${CASH_PAYOUT_LIMIT_CENTS / 100} euros`,
      'method',
    );
  const before = await balances(trx, input.vendor, input.customer);
  if (amountCents > before.payableCents)
    throw refuse(
      'PAYOUT_EXCEEDS_BALANCE',
      `The payout (${amountCents} cents) exceeds the payable balance (${before.payableCents} cents)`,
    );

  const { rows: vendors } = await sql<
    PartyRow & { company_title: string | null; siret: string | null }
  >`
    select v.first_name, v.last_name, null::text as company_name, v.address, v.postal_code, v.city,
      v.email, v.phone_number, ct.code as country, co.title as company_title, co.siret
    from vendor v left join company co on co.uuid = v.company
    left join country ct on ct.uuid = v.country
    where v.uuid = ${input.vendor}`.execute(trx);
  const vendorRow = vendors[0]!;

  const payoutUuid = input.payoutUuid ?? randomUUID();
  const today = parisDay(input.now);
  const receipt = await nextReceipt(trx, input.vendor, Number(today.slice(0, 4)));
  const memo = input.memo.trim();
  const { rows: ledger } = await sql<{ uuid: string }>`
    insert into depositor_ledger_entry (vendor, customer, kind, amount_cents, payable_at, payout, memo, created_at)
    values (${input.vendor}, ${input.customer}, 'PAYOUT', ${-amountCents}, ${input.now},
      ${payoutUuid}, ${memo || receipt.number}, ${input.now})
    returning uuid`.execute(trx);

  const document: PayoutReceiptDocument = {
    // The depositor's language, French by default (the receipt is theirs).
    language: depositor.language === 'en' ? 'en' : 'fr',
    number: receipt.number,
    date: today,
    vendor: partyOf(
      {
        ...vendorRow,
        company_name: vendorRow.company_title,
      },
      vendorRow.siret ?? undefined,
    ),
    depositor: partyOf(depositor),
    method: input.method,
    ...(input.method === 'CHEQUE' ? { chequeNumber: input.chequeNumber.trim() } : {}),
    ...(iban ? { ibanMasked: maskIban(iban) } : {}),
    ...(memo ? { memo } : {}),
    items: entries.map((e) => ({
      label: (e.name ?? '').trim() || (e.kind === 'SALE_REVERSAL' ? 'Annulation' : 'Article'),
      reference: e.reference ?? '',
      soldOn: parisDay(e.created_at),
      shareCents: Number(e.amount_cents),
    })),
    totalCents: amountCents,
    balanceAfterCents: before.balanceCents - amountCents,
  };

  await sql`
    insert into payout (uuid, vendor, customer, method, cheque_number, memo, amount_cents, cut_off,
      receipt_year, receipt_seq, receipt_number, receipt, idempotency_key, ledger_entry, sepa_batch,
      created_by, created_at)
    values (${payoutUuid}, ${input.vendor}, ${input.customer}, ${input.method}::payout_method,
      ${input.method === 'CHEQUE' ? input.chequeNumber.trim() : null}, ${memo || null},
      ${amountCents}, ${input.cutOff}::date, ${Number(today.slice(0, 4))}, ${receipt.seq},
      ${receipt.number}, ${JSON.stringify(document)}::jsonb, ${input.idempotencyKey},
      ${ledger[0]!.uuid}, ${input.sepaBatch ?? null}, ${input.createdBy}, ${input.now})`.execute(
    trx,
  );
  await sql`
    insert into payout_item (payout, ledger_entry, product, share_cents)
    select ${payoutUuid}::uuid, x.entry, x.product, x.share
    from unnest(${entries.map((e) => e.uuid)}::uuid[], ${entries.map((e) => e.product)}::uuid[],
      ${entries.map((e) => Number(e.amount_cents))}::bigint[]) as x(entry, product, share)`.execute(
    trx,
  );
  await notify(trx, {
    kind: 'PAYOUT_SENT',
    vendor: input.vendor,
    customer: input.customer,
    amountCents,
    method: input.method,
    receiptNumber: receipt.number,
  });
  return {
    uuid: payoutUuid,
    replayed: false,
    amountCents,
    iban,
    bic,
    receiptNumber: receipt.number,
    holderName: (depositor.account_holder ?? '').trim() || document.depositor.name,
  };
}
