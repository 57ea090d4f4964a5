import { randomBytes, randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { mapDatabaseErrors, pageOf, requireCaller, requireUuid } from '../../crud/crudService.ts';
import { scopeFor } from '../../crud/policies.ts';
import { scopeSql } from '../../crud/queryParts.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { parisDay } from '../../../src/domain/calendar.ts';
import { checkBic, checkIban, maskIban } from '../../../src/domain/bank/iban.ts';
import { transferReadiness } from '../../../src/domain/bank/payoutRules.ts';
import {
  ListSepaBatchesResponseSchema,
  PayoutFileSchema,
  PreviewSepaBatchResponseSchema,
  SepaBatchSchema,
  SepaCandidateSchema,
  SepaExclusionSchema,
  type CreateSepaBatchRequest,
  type DownloadSepaBatchRequest,
  type ListSepaBatchesRequest,
  type PreviewSepaBatchRequest,
  type SepaBatch,
} from '../../../src/rpc/gen/seconde/v1/payout_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { nameOf } from './parties.ts';
import { refuse } from './refusals.ts';
import { dayOf, payingVendor } from './scope.ts';
import { buildPain001, sepaText, totalCents, type SepaTransfer } from './sepa.ts';
import { balances, lockVendorPayouts, settleInTransaction, unsettledEntries } from './settle.ts';

interface Exclusion {
  customer: string;
  name: string;
  reason: string;
}

interface BatchRow {
  uuid: string;
  vendor: string;
  message_id: string;
  count: number;
  total_cents: string | number;
  xml?: string;
  excluded: Exclusion[] | string;
  execution_date: string;
  created_at: Date;
  payouts: string[] | null;
}

interface DepositorRow {
  uuid: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  iban: string | null;
  bic: string | null;
  account_holder: string | null;
}

/** What a depositor would be paid now, or why not (nothing payable, more than the balance). */
async function payableNow(
  trx: Kysely<Database>,
  vendor: string,
  customer: string,
  cutOff: string,
): Promise<{ cents: number; reason: string }> {
  const entries = await unsettledEntries(trx, vendor, customer, cutOff);
  const cents = entries.reduce((sum, e) => sum + Number(e.amount_cents), 0);
  if (entries.length === 0 || cents <= 0) return { cents, reason: 'PAYOUT_NOTHING_PAYABLE' };
  const { payableCents } = await balances(trx, vendor, customer);
  return { cents, reason: cents > payableCents ? 'PAYOUT_EXCEEDS_BALANCE' : '' };
}

function toBatch(row: BatchRow, withXml: boolean): SepaBatch {
  const excluded: Exclusion[] =
    typeof row.excluded === 'string' ? (JSON.parse(row.excluded) as Exclusion[]) : row.excluded;
  return create(SepaBatchSchema, {
    uuid: row.uuid,
    vendor: row.vendor,
    messageId: row.message_id,
    count: row.count,
    totalCents: BigInt(row.total_cents),
    xml: withXml && row.xml ? new TextEncoder().encode(row.xml) : new Uint8Array(),
    excluded: excluded.map((e) => create(SepaExclusionSchema, e)),
    executionDate: row.execution_date,
    payouts: row.payouts ?? [],
    createdAt: timestampFromDate(row.created_at),
  });
}

/** Batches under the caller's scope and one condition. */
async function selectBatches(
  db: Kysely<Database>,
  caller: Caller,
  where: ReturnType<typeof sql>,
  withXml: boolean,
  page?: { page: number; pageSize: number },
): Promise<BatchRow[]> {
  const scope = scopeSql(scopeFor(caller, 'sepa_batch', 'read'), 'b');
  const { rows } = await sql<BatchRow>`
    select b.uuid, b.vendor, b.message_id, b.count, b.total_cents,
      ${withXml ? sql`b.xml` : sql`null`} as xml, b.excluded,
      to_char(b.execution_date, 'YYYY-MM-DD') as execution_date, b.created_at,
      array(select po.uuid::text from payout po where po.sepa_batch = b.uuid
        order by po.receipt_seq) as payouts
    from sepa_batch b where ${scope} and ${where}
    order by b.created_at desc, b.uuid
    ${page ? sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}` : sql``}`.execute(
    db,
  );
  return rows;
}

/** PayoutService's SEPA calls: preview, create, download and list credit-transfer files. */
export function sepaCallsHandlers(deps: Pick<ServiceDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  /** Every depositor of the vendor with something payable, and whether a transfer reaches them. */
  async function previewBatch(req: PreviewSepaBatchRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const vendor = payingVendor(caller, req.vendor);
    const cutOff = dayOf(req.cutOff, clock(), 'cut_off');
    const { rows } = await sql<
      DepositorRow & { cents: string | number; payable_balance: string | number }
    >`
      select c.uuid, c.first_name, c.last_name, c.company_name, c.iban, c.bic, c.account_holder,
        sum(e.amount_cents) as cents,
        (select coalesce(sum(b.amount_cents), 0) from depositor_ledger_entry b
          where b.vendor = ${vendor} and b.customer = c.uuid and b.payable_at is not null)
          as payable_balance
      from depositor_ledger_entry e
      join customer c on c.uuid = e.customer
      left join payout_item i on i.ledger_entry = e.uuid
      where e.vendor = ${vendor} and e.kind <> 'PAYOUT' and i.ledger_entry is null
        and e.payable_at is not null
        and e.payable_at < ((${cutOff}::date + 1)::timestamp at time zone 'Europe/Paris')
      group by c.uuid
      having sum(e.amount_cents) > 0
      order by c.last_name, c.first_name, c.uuid`.execute(db);
    const depositors = rows.map((r) => {
      const ready = transferReadiness(r.iban, r.bic);
      const cents = Number(r.cents);
      const reason = !ready.ok
        ? ready.reason
        : cents > Number(r.payable_balance)
          ? 'PAYOUT_EXCEEDS_BALANCE'
          : '';
      return create(SepaCandidateSchema, {
        customer: r.uuid,
        name: (r.account_holder ?? '').trim() || nameOf(r),
        payableCents: BigInt(cents),
        ibanMasked: r.iban ? maskIban(r.iban) : '',
        ok: reason === '',
        reason,
      });
    });
    const { rows: vendors } = await sql<{ iban: string | null; bic: string | null; name: string }>`
      select v.iban, v.bic, coalesce(nullif(v.account_holder, ''), nullif(co.title, ''),
        trim(coalesce(v.first_name, '') || ' ' || coalesce(v.last_name, ''))) as name
      from vendor v left join company co on co.uuid = v.company where v.uuid = ${vendor}`.execute(
      db,
    );
    const debtor = vendors[0];
    return create(PreviewSepaBatchResponseSchema, {
      depositors,
      debtorIbanMasked: debtor?.iban ? maskIban(debtor.iban) : '',
      debtorBic: debtor?.bic ?? '',
      debtorName: debtor?.name ?? '',
    });
  }

  /**
   * One credit-transfer file paying the chosen depositors, with one BANK_TRANSFER payout each,
   * written in the same transaction as the file. Depositors a transfer cannot reach, or with
   * nothing payable, are listed in `excluded` with their reason; the same idempotency key returns
   * the first file.
   */
  async function createSepaBatch(req: CreateSepaBatchRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const vendor = payingVendor(caller, req.vendor);
    const now = clock();
    const cutOff = dayOf(req.cutOff, now, 'cut_off');
    const executionDate = dayOf(req.executionDate, now, 'execution_date');
    if (executionDate < parisDay(now))
      throw refuse(
        'PAYOUT_DATE_INVALID',
        'The execution date is in the past',
        'execution_date',
        Code.InvalidArgument,
      );
    let debtorIban = '';
    let debtorBic = '';
    if (req.debtorIban.trim() !== '') {
      const checked = checkIban(req.debtorIban);
      if (!checked.ok)
        throw refuse(
          checked.reason,
          'The debtor IBAN is not valid',
          'debtor_iban',
          Code.InvalidArgument,
        );
      debtorIban = checked.iban;
    }
    if (req.debtorBic.trim() !== '') {
      const checked = checkBic(req.debtorBic);
      if (!checked.ok)
        throw refuse(
          'BIC_INVALID',
          'The debtor BIC is not valid',
          'debtor_bic',
          Code.InvalidArgument,
        );
      debtorBic = checked.bic;
    }

    const uuid = await mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        await lockVendorPayouts(trx, vendor);
        const { rows: earlier } = await sql<{ uuid: string }>`
          select uuid from sepa_batch
          where vendor = ${vendor} and idempotency_key = ${req.idempotencyKey}`.execute(trx);
        if (earlier[0]) return earlier[0].uuid;

        const { rows: vendors } = await sql<{
          iban: string | null;
          bic: string | null;
          account_holder: string | null;
          name: string;
        }>`
          select v.iban, v.bic, v.account_holder, coalesce(nullif(co.title, ''),
            trim(coalesce(v.first_name, '') || ' ' || coalesce(v.last_name, ''))) as name
          from vendor v left join company co on co.uuid = v.company
          where v.uuid = ${vendor}`.execute(trx);
        const stored = vendors[0];
        if (!stored) throw fail(Code.NotFound, 'NOT_FOUND', 'No such vendor');
        const debtorName =
          req.debtorName.trim() || (stored.account_holder ?? '').trim() || stored.name.trim();
        if (debtorIban) {
          // Given details are remembered for the next file.
          await sql`
            update vendor set iban = ${debtorIban}, bic = ${debtorBic || null},
              account_holder = ${req.debtorName.trim() || stored.account_holder},
              updated_at = now(), row_version = row_version + 1
            where uuid = ${vendor}`.execute(trx);
        } else {
          const ready = transferReadiness(stored.iban, stored.bic);
          if (!ready.ok)
            throw refuse(
              'SEPA_DEBTOR_MISSING',
              'Give the account the transfers are paid from',
              'debtor_iban',
            );
          debtorIban = ready.iban;
          debtorBic = (stored.bic ?? '').trim().toUpperCase();
        }

        const customers = [...new Set(req.customers)];
        const { rows: people } = await sql<DepositorRow>`
          select uuid, first_name, last_name, company_name, iban, bic, account_holder
          from customer where uuid = any(${customers}::uuid[])`.execute(trx);
        const excluded: Exclusion[] = [];
        const planned: { customer: DepositorRow; cents: number; payout: string; iban: string }[] =
          [];
        for (const customer of customers) {
          const person = people.find((p) => p.uuid === customer);
          if (!person) continue;
          const name = (person.account_holder ?? '').trim() || nameOf(person);
          const ready = transferReadiness(person.iban, person.bic);
          if (!ready.ok) {
            excluded.push({ customer, name, reason: ready.reason });
            continue;
          }
          const now = await payableNow(trx, vendor, customer, cutOff);
          if (now.reason) {
            excluded.push({ customer, name, reason: now.reason });
            continue;
          }
          planned.push({
            customer: person,
            cents: now.cents,
            payout: randomUUID(),
            iban: ready.iban,
          });
        }
        if (planned.length === 0)
          throw refuse('SEPA_NOTHING_TO_PAY', 'None of these depositors can be paid by transfer');

        const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
        const messageId = `SEC-${stamp}-${randomBytes(4).toString('hex').toUpperCase()}`;
        const defaultMemo = `Reversement depot-vente ${sepaText(debtorName, 70)}`;
        const transfers: SepaTransfer[] = planned.map((p) => ({
          endToEndId: p.payout.replace(/-/g, ''),
          amountCents: p.cents,
          creditor: {
            name: (p.customer.account_holder ?? '').trim() || nameOf(p.customer),
            iban: p.iban,
            bic: (p.customer.bic ?? '').trim().toUpperCase() || undefined,
          },
          remittance: req.memo.trim() || defaultMemo,
        }));
        const xml = buildPain001({
          messageId,
          createdAt: now,
          executionDate,
          debtor: { name: debtorName, iban: debtorIban, bic: debtorBic || undefined },
          transfers,
        });
        const batchUuid = randomUUID();
        await sql`
          insert into sepa_batch (uuid, vendor, message_id, idempotency_key, execution_date,
            total_cents, count, xml, excluded, debtor_iban, debtor_bic, debtor_name, created_by,
            created_at)
          values (${batchUuid}, ${vendor}, ${messageId}, ${req.idempotencyKey},
            ${executionDate}::date, ${totalCents(transfers).toString()}::bigint, ${transfers.length},
            ${xml}, ${JSON.stringify(excluded)}::jsonb, ${debtorIban}, ${debtorBic || null},
            ${debtorName}, ${caller.sub}, ${now})`.execute(trx);
        for (const p of planned) {
          const settled = await settleInTransaction(trx, {
            vendor,
            customer: p.customer.uuid,
            method: 'BANK_TRANSFER',
            chequeNumber: '',
            memo: req.memo.trim() || defaultMemo,
            cutOff,
            products: null,
            idempotencyKey: `${req.idempotencyKey}:${p.customer.uuid}`,
            createdBy: caller.sub,
            now,
            sepaBatch: batchUuid,
            payoutUuid: p.payout,
          });
          // Under the vendor's lock nothing changes in between; a difference is a bug.
          if (settled.replayed || settled.amountCents !== p.cents || settled.uuid !== p.payout)
            throw new Error('The batch and its payouts disagree');
        }
        return batchUuid;
      }),
    );
    const [row] = await selectBatches(db, caller, sql`b.uuid = ${uuid}`, true);
    return toBatch(row!, true);
  }

  async function readableBatch(caller: Caller, uuid: string): Promise<BatchRow> {
    requireUuid(uuid, 'sepa_batch');
    const [row] = await selectBatches(db, caller, sql`b.uuid = ${uuid}`, true);
    if (row) return row;
    const { rows } = await sql`select 1 from sepa_batch where uuid = ${uuid}`.execute(db);
    throw rows.length
      ? fail(Code.PermissionDenied, 'FORBIDDEN', 'This file is not yours')
      : fail(Code.NotFound, 'NOT_FOUND', 'No such file');
  }

  async function downloadSepaBatch(req: DownloadSepaBatchRequest, ctx: HandlerContext) {
    const row = await readableBatch(requireCaller(ctx), req.uuid);
    return create(PayoutFileSchema, {
      data: new TextEncoder().encode(row.xml ?? ''),
      filename: `virements-${row.message_id}.xml`,
      contentType: 'application/xml',
    });
  }

  async function listSepaBatches(req: ListSepaBatchesRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const where = req.vendor ? sql`b.vendor = ${req.vendor}` : sql`true`;
    const page = pageOf(req.pagination);
    const rows = await selectBatches(db, caller, where, false, page);
    const scope = scopeSql(scopeFor(caller, 'sepa_batch', 'read'), 'b');
    const { rows: counted } = await sql<{ count: string | number }>`
      select count(*) as count from sepa_batch b where ${scope} and ${where}`.execute(db);
    return create(ListSepaBatchesResponseSchema, {
      results: rows.map((r) => toBatch(r, false)),
      count: Number(counted[0]?.count ?? 0),
    });
  }

  return { previewBatch, createSepaBatch, downloadSepaBatch, listSepaBatches };
}
