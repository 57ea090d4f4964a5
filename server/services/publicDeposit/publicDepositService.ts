import { createHash } from 'node:crypto';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  type CreateOrUpdateDepositDraftRequest,
  DepositSchema,
  type GetDepositDraftRequest,
  GetDepositDraftResponseSchema,
  type Deposit,
} from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { CustomerSchema, type Customer } from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  StartResponseSchema,
  type StartRequest,
  type SubmitRequest,
} from '../../../src/rpc/gen/seconde/v1/public_deposit_pb.ts';
import { checkStatusChange } from '../../../src/domain/deposit/rules.ts';
import { normalizeEmail, normalizePhone } from '../../../src/domain/newDeposit/depositForm.ts';
import { messageToRow, rowToMessage } from '../../crud/rowMapping.ts';
import { loadSchema, type Schema } from '../../crud/tableInfo.ts';
import { callerKey, type Caller } from '../../rpc/caller.ts';
import { fail, fromDatabaseError } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { PublicDepositService } from '../../../src/rpc/gen/seconde/v1/public_deposit_pb.ts';
import { DepositService } from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { implement } from '../implement.ts';
import {
  checkContact,
  checkDraftComplete,
  checkDraftValues,
  DRAFT_COLUMNS,
} from './draftFields.ts';
import { refuseSecondFamilyDeposit } from '../deposit/familyDay.ts';
import { confirmationMail } from './confirmationMail.ts';

type Row = Record<string, unknown>;

/** The browser makes a 256-bit random token, base64url: anything much shorter is not a secret. */
const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only the digest is stored (deposit.draft_token_hash), so a database leak opens no draft. */
export function hashDraftToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function checkToken(token: string): string {
  if (!TOKEN.test(token))
    throw fail(
      Code.InvalidArgument,
      'INVALID_ARGUMENT',
      'draft_token must be 32 to 128 characters of A-Z, a-z, 0-9, - and _',
    );
  return hashDraftToken(token);
}

function checkUuid(value: string, name: string): string {
  if (!UUID.test(value))
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', `${name} is not a valid identifier`);
  return value;
}

function callerOf(ctx: HandlerContext): Caller | null {
  return ctx.values.get(callerKey);
}

/** A public draft: a DRAFT deposit made by the public form. */
const isDraft = sql`d.status = 'DRAFT' and d.is_created_by_public_form`;

async function draftByToken(db: Kysely<Database>, hash: string): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    select d.* from deposit d where d.draft_token_hash = ${hash} and ${isDraft}
    order by d.created_at desc limit 1`.execute(db);
  return rows[0];
}

async function latestDraftOf(db: Kysely<Database>, customer: string): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    select d.* from deposit d where d.customer = ${customer} and ${isDraft}
    order by d.updated_at desc limit 1`.execute(db);
  return rows[0];
}

/**
 * The calls of the public new-deposit form (PublicDepositService) and the draft calls of
 * DepositService. Visitors are not signed in: the draft token is their only key, checked here
 * on every call; signed-in staff may read any draft without it.
 */
export function publicDepositServiceHandlers(deps: ServiceDeps) {
  const { db, clock, mailer } = deps;
  let schema: Promise<Schema> | undefined;
  const columnsOf = async (table: string) => {
    schema ??= loadSchema(db);
    const columns = (await schema).get(table);
    if (!columns) throw new Error(`No table ${table}`);
    return columns;
  };
  const toDeposit = async (row: Row) =>
    rowToMessage(DepositSchema, await columnsOf('deposit'), row);

  const write = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw fromDatabaseError(error);
    }
  };

  /** Refusal for a draft the token does not open: forbidden when the customer has one. */
  const refuseDraft = async (executor: Kysely<Database>, customer: string) =>
    (await latestDraftOf(executor, customer))
      ? fail(Code.PermissionDenied, 'FORBIDDEN', 'The draft token does not match this draft')
      : fail(Code.NotFound, 'NOT_FOUND', 'This customer has no deposit draft');

  /** Category and brand uuids must name existing rows (the client shows them from the lists). */
  const checkReferences = async (executor: Kysely<Database>, d: Deposit) => {
    for (const [table, uuids] of [
      ['category', d.categories],
      ['brand', d.brands],
    ] as const) {
      if (uuids.length === 0) continue;
      if (!uuids.every((u) => UUID.test(u)) || new Set(uuids).size !== uuids.length)
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', `Invalid draft: ${table} list`);
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from ${sql.table(table)} where uuid = any(${uuids}::uuid[])`.execute(
        executor,
      );
      if (Number(rows[0]?.n) !== uuids.length)
        throw fail(Code.InvalidArgument, 'UNKNOWN_REFERENCE', `Invalid draft: unknown ${table}`);
    }
  };

  const writeDraft = async (
    executor: Kysely<Database>,
    uuid: string,
    d: Deposit,
    version: number,
  ): Promise<Row> => {
    const only = new Set<string>(DRAFT_COLUMNS);
    const message = { ...d, isOkayToSendByPost: d.customerAcceptSendPostal };
    const row = messageToRow(DepositSchema, await columnsOf('deposit'), message, only);
    const sets = Object.keys(row).map((k) => sql`${sql.id(k)} = ${row[k]}`);
    sets.push(sql`updated_at = ${clock()}`, sql`row_version = row_version + 1`);
    const { rows } = await sql<Row>`
      update deposit set ${sql.join(sets)} where uuid = ${uuid}
      ${version > 0 ? sql`and row_version = ${version}` : sql``} returning *`.execute(executor);
    if (!rows[0])
      throw fail(
        Code.Aborted,
        'CHANGED_BY_SOMEONE_ELSE',
        'The draft was changed elsewhere (another tab?); reload it',
      );
    return rows[0];
  };

  const start = async (req: StartRequest) => {
    const hash = checkToken(req.draftToken);
    const contact = create(CustomerSchema, req.contact ?? {});
    checkContact(contact);
    const email = normalizeEmail(contact.email);
    const customerColumns = await columnsOf('customer');
    await columnsOf('deposit');
    return write(() =>
      db.transaction().execute(async (trx) => {
        const now = clock();
        const draft = await draftByToken(trx, hash);
        const { rows: found } = await sql<Row>`
          select * from customer where lower(email) = lower(${email})
          order by created_at limit 1`.execute(trx);
        const existing = found[0];
        const person: Customer = create(CustomerSchema, {
          ...contact,
          email,
          phoneNumber: normalizePhone(contact.phoneNumber),
        });
        const personColumns = new Set([
          'first_name',
          'last_name',
          'phone_number',
          'prefered_contact_way',
          'address',
          'city',
          'postal_code',
          'latitude',
          'longitude',
        ]);
        let customer: string;
        let alreadyExisting: boolean;
        if (existing) {
          customer = String(existing.uuid);
          // Only a record this very token created, still unused, may be corrected by the visitor.
          const { rows: others } = await sql<{ n: string }>`
            select count(*)::text as n from deposit d
            where d.customer = ${customer} and d.draft_token_hash is distinct from ${hash}`.execute(
            trx,
          );
          const fresh =
            draft !== undefined &&
            draft.customer === customer &&
            existing.identity_user_uuid === null &&
            (existing.vendors === null || (existing.vendors as unknown[]).length === 0) &&
            Number(others[0]?.n) === 0 &&
            (existing.created_at as Date) >= (draft.created_at as Date);
          alreadyExisting = !fresh;
          if (fresh) {
            const row = messageToRow(CustomerSchema, customerColumns, person, personColumns);
            const sets = Object.keys(row).map((k) => sql`${sql.id(k)} = ${row[k]}`);
            sets.push(sql`updated_at = ${now}`, sql`row_version = row_version + 1`);
            await sql`update customer set ${sql.join(sets)} where uuid = ${customer}`.execute(trx);
          }
        } else {
          const row = messageToRow(
            CustomerSchema,
            customerColumns,
            person,
            new Set([...personColumns, 'email']),
          );
          row.is_sourced_by_provider = true;
          row.created_at = now;
          row.updated_at = now;
          const keys = Object.keys(row);
          const { rows } = await sql<{ uuid: string }>`
            insert into customer (${sql.join(keys.map((k) => sql.id(k)))})
            values (${sql.join(keys.map((k) => sql`${row[k]}`))}) returning uuid`.execute(trx);
          customer = rows[0]!.uuid;
          alreadyExisting = false;
        }
        const contactWay = messageToRow(
          DepositSchema,
          await columnsOf('deposit'),
          {
            customerPreferedContactWay: contact.preferedContactWay,
          },
          new Set(['customer_prefered_contact_way']),
        ).customer_prefered_contact_way;
        let saved: Row;
        if (draft) {
          const { rows } = await sql<Row>`
            update deposit set customer = ${customer}, customer_prefered_contact_way = ${contactWay},
              updated_at = ${now}, row_version = row_version + 1
            where uuid = ${draft.uuid as string} returning *`.execute(trx);
          saved = rows[0]!;
        } else {
          const { rows } = await sql<Row>`
            insert into deposit (customer, status, is_created_by_public_form, draft_token_hash,
              customer_prefered_contact_way, created_at, updated_at)
            values (${customer}, 'DRAFT', true, ${hash}, ${contactWay}, ${now}, ${now})
            returning *`.execute(trx);
          saved = rows[0]!;
        }
        return create(StartResponseSchema, {
          customerUuid: customer,
          alreadyExisting,
          draft: await toDeposit(saved),
        });
      }),
    );
  };

  const getDraft = async (req: GetDepositDraftRequest, ctx: HandlerContext) => {
    const customer = checkUuid(req.customerUuid, 'customer_uuid');
    const caller = callerOf(ctx);
    await columnsOf('deposit');
    let row: Row | undefined;
    if (req.draftToken) {
      const hash = checkToken(req.draftToken);
      const { rows } = await sql<Row>`
        select d.* from deposit d
        where d.customer = ${customer} and d.draft_token_hash = ${hash} and ${isDraft}
        order by d.updated_at desc limit 1`.execute(db);
      row = rows[0];
      if (!row && !caller?.isAdminLevel && (await latestDraftOf(db, customer)))
        throw fail(Code.PermissionDenied, 'FORBIDDEN', 'The draft token does not match this draft');
      if (!row && caller?.isAdminLevel) row = await latestDraftOf(db, customer);
    } else {
      if (!caller)
        throw fail(Code.Unauthenticated, 'UNAUTHENTICATED', 'Sign in or present the draft token');
      if (!caller.isAdminLevel && caller.customerUuid !== customer)
        throw fail(
          Code.PermissionDenied,
          'FORBIDDEN',
          'Only staff may read a draft without its token',
        );
      row = await latestDraftOf(db, customer);
    }
    return create(GetDepositDraftResponseSchema, row ? { deposit: await toDeposit(row) } : {});
  };

  const createOrUpdateDraft = async (
    req: CreateOrUpdateDepositDraftRequest,
    ctx: HandlerContext,
  ) => {
    const caller = callerOf(ctx);
    const deposit = create(DepositSchema, req.deposit ?? {});
    checkDraftValues(deposit);
    await columnsOf('deposit');
    const version = deposit.rowVersion;
    return write(() =>
      db.transaction().execute(async (trx) => {
        await checkReferences(trx, deposit);
        let target: Row | undefined;
        if (req.draftToken) {
          target = await draftByToken(trx, checkToken(req.draftToken));
          if (!target) {
            if (deposit.uuid || deposit.customer)
              throw fail(
                Code.PermissionDenied,
                'FORBIDDEN',
                'The draft token does not match this draft',
              );
            throw fail(Code.NotFound, 'NOT_FOUND', 'No draft for this token: start the form first');
          }
          if (
            (deposit.uuid && deposit.uuid !== target.uuid) ||
            (deposit.customer && deposit.customer !== target.customer)
          )
            throw fail(
              Code.PermissionDenied,
              'FORBIDDEN',
              'The draft token does not match this draft',
            );
        } else {
          if (!caller)
            throw fail(
              Code.Unauthenticated,
              'UNAUTHENTICATED',
              'Sign in or present the draft token',
            );
          if (!caller.isAdminLevel)
            throw fail(
              Code.PermissionDenied,
              'FORBIDDEN',
              'Only staff may write a draft without its token',
            );
          if (deposit.uuid) {
            const { rows } = await sql<Row>`
              select d.* from deposit d where d.uuid = ${checkUuid(deposit.uuid, 'deposit.uuid')} and ${isDraft}`.execute(
              trx,
            );
            target = rows[0];
            if (!target) throw fail(Code.NotFound, 'NOT_FOUND', 'No public draft with this uuid');
          } else {
            const customer = checkUuid(deposit.customer, 'deposit.customer');
            const now = clock();
            const { rows } = await sql<Row>`
              insert into deposit (customer, status, is_created_by_public_form, created_at, updated_at)
              values (${customer}, 'DRAFT', true, ${now}, ${now}) returning *`.execute(trx);
            target = rows[0]!;
          }
        }
        return toDeposit(await writeDraft(trx, String(target.uuid), deposit, version));
      }),
    );
  };

  const submit = async (req: SubmitRequest) => {
    const customer = checkUuid(req.customerUuid, 'customer_uuid');
    const hash = checkToken(req.draftToken);
    await columnsOf('deposit');
    const result = await write(() =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<Row>`
          select d.* from deposit d
          where d.customer = ${customer} and d.draft_token_hash = ${hash} and ${isDraft}
          order by d.updated_at desc limit 1 for update`.execute(trx);
        const draft = rows[0];
        if (!draft) throw await refuseDraft(trx, customer);
        const message = await toDeposit(draft);
        checkDraftComplete(message);
        const verdict = checkStatusChange({
          from: 'DRAFT',
          to: 'WAITING_FOR_VENDOR',
          products: {},
        });
        if (!verdict.ok) throw fail(Code.FailedPrecondition, 'INVALID_ARGUMENT', verdict.code);
        const now = clock();
        await refuseSecondFamilyDeposit(
          trx,
          customer,
          String(draft.family),
          now,
          draft.uuid as string,
        );
        const { rows: people } =
          await sql<Row>`select * from customer where uuid = ${customer}`.execute(trx);
        const person = people[0]!;
        const name = `${String(person.first_name ?? '')} ${String(person.last_name ?? '')}`.trim();
        const { rows: updated } = await sql<Row>`
          update deposit set status = 'WAITING_FOR_VENDOR', deposit_datetime = ${now},
            draft_token_hash = null, name = coalesce(nullif(name, ''), ${name || null}),
            updated_at = ${now}, row_version = row_version + 1
          where uuid = ${draft.uuid as string} returning *`.execute(trx);
        const deposit = await toDeposit(updated[0]!);
        await mailer.queue(trx, confirmationMail(person, deposit));
        return deposit;
      }),
    );
    void mailer.flush(db).catch(() => undefined);
    return result;
  };

  return [
    implement(PublicDepositService, { start, submit }),
    implement(DepositService, { getDraft, createOrUpdateDraft }),
  ] as const;
}
