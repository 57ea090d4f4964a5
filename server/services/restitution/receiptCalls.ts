import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { pageOf, requireCaller } from '../../crud/crudService.ts';
import { callerKey, type Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import {
  GetRestitutionReceiptForDepositResponseSchema,
  ListRestitutionReceiptsResponseSchema,
  RestitutionAcceptanceChannel,
  RestitutionReceiptFileSchema,
  RestitutionReceiptItemSchema,
  RestitutionReceiptSchema,
  RestitutionReceiptService,
  RestitutionReceiptStatus,
  type AcceptRestitutionReceiptRequest,
  type DownloadRestitutionReceiptRequest,
  type GetRestitutionReceiptForDepositRequest,
  type ListRestitutionReceiptsRequest,
  type RestitutionReceipt,
  type RestitutionReceiptTokenRequest,
} from '../../../src/rpc/gen/seconde/v1/restitution_receipt_pb.ts';
import type { ReceiptReason } from '../../../src/domain/restitution/restitutionReceipt.ts';
import {
  renderRestitutionReceiptPdf,
  type ReceiptItem,
  type ReceiptParty,
} from '../../documents/restitutionReceiptPdf.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { refuse } from '../policeRegister/entries.ts';
import { selectReceipts } from './receiptList.ts';
import { tokenHash } from './receipts.ts';

interface ReceiptRow {
  uuid: string;
  deposit: string;
  vendor: string;
  customer: string | null;
  deposit_name: string;
  restituted_at: Date;
  holder: ReceiptParty | string;
  depositor: ReceiptParty | string;
  items: ReceiptItem[] | string;
  language: string;
  token_expires_at: Date;
  status: 'WAITING' | 'ACCEPTED';
  accepted_at: Date | null;
  accepted_through: 'SCREEN' | 'EMAIL_LINK' | null;
}

const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const CHANNEL = {
  SCREEN: RestitutionAcceptanceChannel.SCREEN,
  EMAIL_LINK: RestitutionAcceptanceChannel.EMAIL_LINK,
} as const;

function toMessage(row: ReceiptRow): RestitutionReceipt {
  return create(RestitutionReceiptSchema, {
    uuid: row.uuid,
    deposit: row.deposit,
    depositName: row.deposit_name,
    restitutedAt: timestampFromDate(new Date(row.restituted_at)),
    holderName: json(row.holder).name,
    depositorName: json(row.depositor).name,
    items: json(row.items).map((item) => create(RestitutionReceiptItemSchema, item)),
    status:
      row.status === 'ACCEPTED'
        ? RestitutionReceiptStatus.ACCEPTED
        : RestitutionReceiptStatus.WAITING,
    ...(row.accepted_at && { acceptedAt: timestampFromDate(new Date(row.accepted_at)) }),
    acceptedThrough: row.accepted_through
      ? CHANNEL[row.accepted_through]
      : RestitutionAcceptanceChannel.UNSPECIFIED,
    language: row.language,
  });
}

const refuseWith = (reason: ReceiptReason, message: string, code: Code) =>
  refuse(reason, message, code);

const COLUMNS = sql`uuid, deposit, vendor, customer, deposit_name, restituted_at, holder, depositor,
  items, language, token_expires_at, status::text as status, accepted_at,
  accepted_through::text as accepted_through`;

/** May the caller read this receipt? Staff every one, a vendor theirs, a depositor their own. */
function mayRead(caller: Caller, row: { vendor: string; customer: string | null }): boolean {
  if (caller.isAdminLevel) return true;
  if (caller.vendorUuid && caller.vendorUuid === row.vendor) return true;
  return caller.customerUuid !== null && caller.customerUuid === row.customer;
}

/**
 * Restitution receipts (docs/decisions.md, "Restitution receipts"): read, accepted once and
 * downloaded by the people the receipt names, or through its mail's personal link. The receipt is
 * written by the restitution itself (receipts.ts); nothing here creates or removes one, and the
 * database refuses any change to an accepted one.
 */
export function restitutionReceiptHandlers(deps: Pick<ServiceDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  async function byUuid(executor: Kysely<Database>, uuid: string, lock = false) {
    const { rows } = await sql<ReceiptRow>`
      select ${COLUMNS} from restitution_receipt where uuid = ${uuid}
      ${lock ? sql`for update` : sql``}`.execute(executor);
    return rows[0];
  }

  /** The receipt a caller names, refused unless it is theirs to read. */
  async function readable(ctx: HandlerContext, uuid: string) {
    const row = await byUuid(db, uuid);
    if (!row) throw fail(Code.NotFound, 'NOT_FOUND', 'No such restitution receipt');
    if (!mayRead(requireCaller(ctx), row))
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This restitution receipt is not yours');
    return row;
  }

  /** The receipt a personal link names: an unknown token and an expired one are refused. */
  async function byToken(executor: Kysely<Database>, token: string, lock = false) {
    const { rows } = await sql<ReceiptRow>`
      select ${COLUMNS} from restitution_receipt where token_hash = ${tokenHash(token)}
      ${lock ? sql`for update` : sql``}`.execute(executor);
    const row = rows[0];
    if (!row)
      throw refuseWith(
        'RESTITUTION_RECEIPT_TOKEN_INVALID',
        'This link names no restitution receipt',
        Code.NotFound,
      );
    if (new Date(row.token_expires_at).getTime() <= clock().getTime())
      throw refuseWith(
        'RESTITUTION_RECEIPT_TOKEN_EXPIRED',
        'This link has expired',
        Code.FailedPrecondition,
      );
    return row;
  }

  /** Records the acceptance once: the row is locked, and an accepted receipt is refused. */
  async function acceptRow(
    ctx: HandlerContext,
    find: (trx: Kysely<Database>) => Promise<ReceiptRow>,
    through: 'SCREEN' | 'EMAIL_LINK',
  ) {
    const forwarded = ctx.requestHeader.get('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
    const userAgent = (ctx.requestHeader.get('user-agent') ?? '').slice(0, 512);
    const acceptedBy = ctx.values.get(callerKey)?.sub ?? '';
    const uuid = await db.transaction().execute(async (trx) => {
      const row = await find(trx);
      if (row.status === 'ACCEPTED')
        throw refuseWith(
          'RESTITUTION_RECEIPT_ALREADY_ACCEPTED',
          'This restitution receipt is already accepted',
          Code.FailedPrecondition,
        );
      await sql`
        update restitution_receipt set status = 'ACCEPTED', accepted_at = ${clock()},
          accepted_through = ${through}, accepted_by = ${acceptedBy || null},
          accepted_ip = ${forwarded || null}, accepted_user_agent = ${userAgent || null},
          updated_at = now(), row_version = row_version + 1
        where uuid = ${row.uuid}`.execute(trx);
      return row.uuid;
    });
    return toMessage((await byUuid(db, uuid))!);
  }

  async function file(row: ReceiptRow, requested: string) {
    const language = (requested || row.language) === 'en' ? 'en' : 'fr';
    const pdf = await renderRestitutionReceiptPdf({
      language,
      depositName: row.deposit_name,
      restitutedAt: new Date(row.restituted_at).toISOString(),
      holder: json(row.holder),
      depositor: json(row.depositor),
      items: json(row.items),
      accepted:
        row.accepted_at && row.accepted_through
          ? { at: new Date(row.accepted_at).toISOString(), through: row.accepted_through }
          : null,
    });
    const day = new Date(row.restituted_at).toISOString().slice(0, 10);
    const name = language === 'fr' ? 'recu-restitution' : 'restitution-receipt';
    return create(RestitutionReceiptFileSchema, { file: pdf, filename: `${name}-${day}.pdf` });
  }

  return [
    implement(RestitutionReceiptService, {
      async getForDeposit(req: GetRestitutionReceiptForDepositRequest, ctx) {
        const caller = requireCaller(ctx);
        // The deposit's own vendor and customer decide, whatever its status: a restituted deposit
        // leaves the vendor's lists, not their receipt.
        const { rows } = await sql<{ vendor: string; customer: string | null }>`
          select vendor, customer from deposit where uuid = ${req.deposit}`.execute(db);
        const deposit = rows[0];
        if (!deposit) throw fail(Code.NotFound, 'NOT_FOUND', 'No such deposit');
        if (!mayRead(caller, deposit))
          throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This deposit is not yours');
        const { rows: found } = await sql<ReceiptRow>`
          select ${COLUMNS} from restitution_receipt where deposit = ${req.deposit}`.execute(db);
        return create(GetRestitutionReceiptForDepositResponseSchema, {
          ...(found[0] && { receipt: toMessage(found[0]) }),
        });
      },
      async accept(req: AcceptRestitutionReceiptRequest, ctx) {
        const caller = requireCaller(ctx);
        const row = await readable(ctx, req.receipt);
        if (!caller.customerUuid || caller.customerUuid !== row.customer)
          throw refuseWith(
            'RESTITUTION_RECEIPT_NOT_DEPOSITOR',
            'Only the depositor accepts a restitution receipt',
            Code.PermissionDenied,
          );
        return acceptRow(ctx, async (trx) => (await byUuid(trx, row.uuid, true))!, 'SCREEN');
      },
      async download(req: DownloadRestitutionReceiptRequest, ctx) {
        return file(await readable(ctx, req.receipt), req.language);
      },
      async list(req: ListRestitutionReceiptsRequest, ctx) {
        const { rows, count } = await selectReceipts<ReceiptRow>(
          db,
          COLUMNS,
          requireCaller(ctx),
          req,
          pageOf(req.pagination),
        );
        return create(ListRestitutionReceiptsResponseSchema, {
          results: rows.map(toMessage),
          count,
        });
      },
      async getByToken(req: RestitutionReceiptTokenRequest) {
        return toMessage(await byToken(db, req.token));
      },
      async acceptByToken(req: RestitutionReceiptTokenRequest, ctx) {
        return acceptRow(ctx, (trx) => byToken(trx, req.token, true), 'EMAIL_LINK');
      },
      async downloadByToken(req: RestitutionReceiptTokenRequest) {
        return file(await byToken(db, req.token), req.language);
      },
    }),
  ];
}
