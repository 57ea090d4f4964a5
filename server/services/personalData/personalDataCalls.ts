import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { mapDatabaseErrors, requireCaller } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import {
  ErasureResultSchema,
  KeptRecordsSchema,
  PersonalDataFileSchema,
  PersonalDataService,
  type ErasePersonalDataRequest,
  type ExportPersonalDataRequest,
} from '../../../src/rpc/gen/seconde/v1/personal_data_pb.ts';
import { ERASURE_KEPT, ERASURE_MASKED } from '../../../src/domain/personalData/personalData.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';

/** Deposits still open: the vendor holds the customer's items or may still sell them. */
const CLOSED = ['RESTITUED', 'ABANDONED', 'CANCELED', 'DRAFT'];

/**
 * The customer themself, or staff for them: a vendor (even theirs) is refused, and a customer
 * naming someone else is refused rather than answered with their own data.
 */
function requireSubject(caller: Caller, customer: string): void {
  if (caller.isAdminLevel) return;
  if (caller.customerUuid && caller.customerUuid === customer) return;
  throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only the customer or staff may do this');
}

async function rowsOf(db: Kysely<Database>, query: ReturnType<typeof sql<{ rows: unknown }>>) {
  const { rows } = await query.execute(db);
  return (rows[0]?.rows ?? []) as unknown[];
}

/** Every row held about the customer, table by table, as JSON the database writes itself. */
async function personalData(db: Kysely<Database>, customer: string) {
  const { rows } = await sql<{ row: Record<string, unknown> }>`
    select to_jsonb(c) as row from customer c where c.uuid = ${customer}`.execute(db);
  const record = rows[0]?.row;
  if (!record) throw fail(Code.NotFound, 'NOT_FOUND', 'No such customer');
  const deposits = sql<{ rows: unknown }>`
    select coalesce(jsonb_agg(to_jsonb(d) - 'draft_token_hash' order by d.created_at), '[]') as rows
    from deposit d where d.customer = ${customer}`;
  const products = sql<{ rows: unknown }>`
    select coalesce(jsonb_agg(to_jsonb(p) order by p.created_at), '[]') as rows
    from product p join deposit d on d.uuid = p.deposit where d.customer = ${customer}`;
  const ledger = sql<{ rows: unknown }>`
    select coalesce(jsonb_agg(to_jsonb(l) order by l.created_at), '[]') as rows
    from depositor_ledger_entry l where l.customer = ${customer}`;
  const payouts = sql<{ rows: unknown }>`
    select coalesce(jsonb_agg(to_jsonb(po) order by po.created_at), '[]') as rows
    from payout po where po.customer = ${customer}`;
  const invoices = sql<{ rows: unknown }>`
    select coalesce(jsonb_agg(jsonb_build_object('uuid', i.uuid, 'number', i.full_invoice_number,
      'category', i.category, 'createdAt', i.created_at, 'periodStart', i.date_start,
      'periodEnd', i.date_end, 'totalCents', i.total_cents, 'status', i.invoice_status,
      'customerParty', i.customer_party) order by i.created_at), '[]') as rows
    from invoice i where i.customer = ${customer}`;
  const tickets = sql<{ rows: unknown }>`
    select coalesce(jsonb_agg(jsonb_build_object('uuid', s.uuid, 'title', s.title,
      'content', s.content, 'status', s.status, 'createdAt', s.created_at) order by s.created_at),
      '[]') as rows
    from support_ticket s where s.customer = ${customer}`;
  const register = sql<{ rows: unknown }>`
    select coalesce(jsonb_agg(jsonb_build_object('number', r.number, 'enteredAt', r.entered_at,
      'kind', r.kind, 'content', r.content) order by r.entered_at, r.number), '[]') as rows
    from police_register_entry r join deposit d on d.uuid = r.deposit
    where d.customer = ${customer}`;
  // The receipts of their restitutions with the record of their acceptance; the link's token hash
  // is a secret of ours, not data about them.
  const receipts = sql<{ rows: unknown }>`
    select coalesce(jsonb_agg(jsonb_build_object('uuid', rr.uuid, 'deposit', rr.deposit,
      'depositName', rr.deposit_name, 'restitutedAt', rr.restituted_at, 'holder', rr.holder,
      'depositor', rr.depositor, 'items', rr.items, 'language', rr.language,
      'status', rr.status, 'acceptance', case when rr.accepted_at is null then null
        else jsonb_build_object('acceptedAt', rr.accepted_at, 'through', rr.accepted_through,
          'by', rr.accepted_by, 'ip', rr.accepted_ip, 'userAgent', rr.accepted_user_agent) end,
      'createdAt', rr.created_at) order by rr.restituted_at, rr.uuid), '[]') as rows
    from restitution_receipt rr where rr.customer = ${customer}`;
  return {
    customer: record,
    deposits: await rowsOf(db, deposits),
    products: await rowsOf(db, products),
    ledgerEntries: await rowsOf(db, ledger),
    payouts: await rowsOf(db, payouts),
    invoices: await rowsOf(db, invoices),
    supportTickets: await rowsOf(db, tickets),
    policeRegister: await rowsOf(db, register),
    restitutionReceipts: await rowsOf(db, receipts),
  };
}

/** How many kept records name the customer, by kind. */
async function keptCounts(db: Kysely<Database>, customer: string): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, number>>`
    select
      (select count(*)::int from invoice where customer = ${customer}) as "INVOICES",
      (select count(*)::int from payout where customer = ${customer}) as "PAYOUTS",
      (select count(*)::int from depositor_ledger_entry where customer = ${customer}) as "LEDGER",
      (select count(*)::int from police_register_entry r join deposit d on d.uuid = r.deposit
        where d.customer = ${customer}) as "POLICE_REGISTER"`.execute(db);
  return rows[0]!;
}

/** PersonalDataService: a customer's data exported as JSON, and their erasure. */
export function personalDataHandlers(deps: ServiceDeps) {
  const { db, clock } = deps;

  async function exportPersonalData(req: ExportPersonalDataRequest, ctx: HandlerContext) {
    requireSubject(requireCaller(ctx), req.customer);
    const exportedAt = clock();
    const data = {
      format: 'seconde-personal-data/1',
      exportedAt: exportedAt.toISOString(),
      ...(await personalData(db, req.customer)),
    };
    return create(PersonalDataFileSchema, {
      data: new TextEncoder().encode(JSON.stringify(data, null, 2)),
      filename: `donnees-personnelles-${exportedAt.toISOString().slice(0, 10)}.json`,
      contentType: 'application/json',
    });
  }

  /**
   * Masks the customer's identity, contact, address and bank details on their record, the copies
   * on their deposits, buyer records and mails with their e-mail, and their support tickets'
   * names; unlinks their sign-in. Invoices, payouts, ledger entries and the police register are
   * kept as written. Refused while a deposit is open or money is still owed to them.
   */
  async function erasePersonalData(req: ErasePersonalDataRequest, ctx: HandlerContext) {
    requireSubject(requireCaller(ctx), req.customer);
    const now = clock();
    const outcome = await mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ email: string | null; erased_at: Date | null }>`
          select email, erased_at from customer where uuid = ${req.customer} for update`.execute(
          trx,
        );
        const customer = rows[0];
        if (!customer) throw fail(Code.NotFound, 'NOT_FOUND', 'No such customer');
        if (customer.erased_at) return { erasedAt: customer.erased_at, already: true };
        const { rows: open } = await sql<{ deposits: number; owed: string }>`
          select
            (select count(*)::int from deposit where customer = ${req.customer}
              and status::text <> all(${CLOSED}::text[])) as deposits,
            (select coalesce(sum(amount_cents), 0)::text from depositor_ledger_entry
              where customer = ${req.customer}) as owed`.execute(trx);
        const { deposits, owed } = open[0]!;
        if (deposits > 0 || BigInt(owed) > 0n)
          throw fail(
            Code.FailedPrecondition,
            'ERASURE_CONTRACT_OPEN',
            deposits > 0
              ? 'A deposit is still open: restitute, cancel or finish it first'
              : 'Money is still owed to this customer: pay it first',
          );
        const email = customer.email?.trim().toLowerCase() ?? '';
        await sql`
          update customer set first_name = null, last_name = null, email = null,
            phone_number = null, address = null, postal_code = null, city = null,
            latitude = null, longitude = null, iban = null, bic = null, account_holder = null,
            rib = null, company_name = null, gender = null, age_range = null,
            how_did_you_know_provider = null, profil_picture = null, identity_user_uuid = null,
            register_to_customer_newsletter = false, accept_to_be_contacted = false,
            disabled_datetime = coalesce(disabled_datetime, ${now}), erased_at = ${now},
            updated_at = now(), row_version = row_version + 1
          where uuid = ${req.customer}`.execute(trx);
        await sql`
          update deposit set customer_postal_code = null, customer_validation_comment = null,
            reception_id_document_type = null, reception_id_document_number = null,
            reception_id_document_authority = null, reception_id_document_date = null,
            updated_at = now(), row_version = row_version + 1
          where customer = ${req.customer}`.execute(trx);
        await sql`
          update support_ticket set author_name = null, updated_at = now(),
            row_version = row_version + 1
          where customer = ${req.customer}`.execute(trx);
        if (email) {
          await sql`
            update buyer set first_name = null, last_name = null, email = null,
              phone_number = null, address = null, address_complement = null,
              postal_code = null, city = null, marketplace_account_id = null,
              marketplace_profile = null, updated_at = now(), row_version = row_version + 1
            where lower(email) = ${email}`.execute(trx);
          await sql`
            update outbox_mail set recipient = null, body = null, updated_at = now(),
              row_version = row_version + 1
            where lower(recipient) = ${email}`.execute(trx);
        }
        return { erasedAt: now, already: false };
      }),
    );
    const counts = await keptCounts(db, req.customer);
    return create(ErasureResultSchema, {
      customer: req.customer,
      erasedAt: timestampFromDate(outcome.erasedAt),
      alreadyErased: outcome.already,
      masked: [...ERASURE_MASKED],
      kept: ERASURE_KEPT.filter((k) => (counts[k.kind] ?? 0) > 0).map((k) =>
        create(KeptRecordsSchema, { kind: k.kind, count: counts[k.kind], reason: k.reason }),
      ),
    });
  }

  return [implement(PersonalDataService, { exportPersonalData, erasePersonalData })] as const;
}
