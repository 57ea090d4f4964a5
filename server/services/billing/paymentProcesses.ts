import { randomUUID } from 'node:crypto';
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely, type Transaction } from 'kysely';
import type Stripe from 'stripe';
import { StreamCode } from '../../../src/rpc/gen/seconde/v1/common_pb.ts';
import {
  PaymentProcessSchema,
  PaymentProcessService,
  PaymentStatus,
  type RequestPaymentRequest,
  type ListPaymentProcessesRequest,
  type PaymentProcess,
  type RefreshPaymentUrlRequest,
  type RetrievePaymentProcessRequest,
  type WaitForPaymentConfirmationRequest,
  type WaitForPaymentConfirmationResponseSchema,
} from '../../../src/rpc/gen/seconde/v1/payment_process_pb.ts';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  listPage,
  pageOf,
  refuseOutOfScope,
  requireCaller,
  requireUuid,
} from '../../crud/crudService.ts';
import { scopeFor } from '../../crud/policies.ts';
import { scopeSql } from '../../crud/queryParts.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { Database } from '../../db/schema.gen.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import {
  paymentProviderOf,
  providerRefusal,
  requireProvider,
  type PaymentProvider,
} from './paymentProvider.ts';
import type { EventOutcome } from './providerEvents.ts';

/**
 * How long the waiting screen waits for the provider's confirmation after a checkout page was
 * opened; the spec names the flag (waitForConfirmationExpired), not the delay.
 */
export const WAIT_FOR_CONFIRMATION_MS = 15 * 60_000;
/** How often the wait looks at the process again. */
const WAIT_POLL_MS = 500;
/** A sign of life on a long wait, so proxies keep the stream open. */
const WAIT_HEARTBEAT_MS = 15_000;

export type PaymentStatusName = 'NOT_STARTED' | 'COMPLETED' | 'EXPIRED' | 'CANCELED' | 'REFUNDED';
/** Statuses nothing moves any more, except a refund after a completed payment. */
const SETTLED: readonly PaymentStatusName[] = ['COMPLETED', 'CANCELED', 'REFUNDED'];

/** What asks someone to pay: the vendor who pays, the amount and what it is for. */
export interface PaymentRequest {
  readonly vendor: string;
  readonly amountCents: number;
  readonly currency?: string;
  /** What the payer reads on the checkout page. */
  readonly description: string;
  /** The object paid for (a shipping label, an invoice), told back when the payment completes. */
  readonly ownerContentType: string;
  readonly ownerObjectUuid: string;
}

type Row = Record<string, unknown>;

/**
 * What the owner of a payment does once it is paid (a label is bought, an invoice is marked paid),
 * in the transaction that records the payment, so both happen once.
 */
export type PaymentCompleted = (trx: Transaction<Database>, process: Row) => Promise<void>;
const completedHandlers = new Map<string, PaymentCompleted>();

/** Registers what happens to objects of `contentType` when their payment completes. */
export function onPaymentCompleted(contentType: string, handler: PaymentCompleted): void {
  completedHandlers.set(contentType, handler);
}

/**
 * What the owner of a payment does once the provider refunded it (a label not yet left is
 * cancelled at the carrier), in the transaction that records the refund, so it happens once.
 */
const refundedHandlers = new Map<string, PaymentCompleted>();

/** Registers what happens to objects of `contentType` when their payment is refunded. */
export function onPaymentRefunded(contentType: string, handler: PaymentCompleted): void {
  refundedHandlers.set(contentType, handler);
}

// An invoice paid through its payment link is paid.
onPaymentCompleted('invoice', async (trx, process) => {
  await sql`update invoice set invoice_status = 'PAYED', invoice_payed_datetime = now(),
    updated_at = now(), row_version = row_version + 1
    where uuid::text = ${process.owner_object_uuid as string}
      and invoice_status is distinct from 'PAYEMENT_CONFIRMED'`.execute(trx);
});

const providers = new WeakMap<ServiceDeps, () => PaymentProvider | undefined>();
function providerFor(deps: ServiceDeps): () => PaymentProvider | undefined {
  let found = providers.get(deps);
  if (!found) {
    found = paymentProviderOf(deps);
    providers.set(deps, found);
  }
  return found;
}

const dateOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** A row as the contract's message. */
export function processMessage(row: Row): PaymentProcess {
  return create(PaymentProcessSchema, {
    uuid: String(row.uuid),
    ownerObjectUuid: (row.owner_object_uuid as string | null) ?? '',
    ownerContentType: (row.owner_content_type as string | null) ?? '',
    paymentStatus: PaymentStatus[(row.payment_status as PaymentStatusName | null) ?? 'NOT_STARTED'],
    paymentProviderName: (row.payment_provider_name as string | null) ?? '',
    paymentProviderId: (row.payment_provider_id as string | null) ?? '',
    paymentProviderType: (row.payment_provider_type as string | null) ?? '',
    ...(row.last_session_created_datetime
      ? { lastSessionCreatedDatetime: timestampFromDate(dateOf(row.last_session_created_datetime)) }
      : {}),
    waitForConfirmationExpired: Boolean(row.wait_for_confirmation_expired),
    paymentUrl: row.payment_status === 'NOT_STARTED' ? String(row.payment_url ?? '') : '',
    amountCents: BigInt(String(row.amount_cents ?? 0)),
    currency: String(row.currency ?? ''),
    description: String(row.description ?? ''),
    vendor: (row.vendor as string | null) ?? '',
    createdAt: timestampFromDate(dateOf(row.created_at)),
    updatedAt: timestampFromDate(dateOf(row.updated_at)),
    rowVersion: Number(row.row_version ?? 1),
  });
}

/** Opens a checkout page at the provider for one payment process (mode=payment). */
async function openCheckout(
  deps: ServiceDeps,
  p: PaymentProvider,
  process: {
    uuid: string;
    vendor: string;
    amountCents: number;
    currency: string;
    description: string;
  },
  attempt: number,
): Promise<Stripe.Checkout.Session> {
  const back = `${deps.publicUrl()}/payments/${process.uuid}`;
  const email = (
    await sql<{
      email: string | null;
    }>`select email from vendor where uuid = ${process.vendor}`.execute(deps.db)
  ).rows[0]?.email;
  try {
    return await p.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: process.uuid,
        ...(email ? { customer_email: email } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: process.currency,
              unit_amount: process.amountCents,
              product_data: { name: process.description },
            },
          },
        ],
        success_url: `${back}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: back,
        metadata: { payment_process: process.uuid, vendor: process.vendor },
        payment_intent_data: { metadata: { payment_process: process.uuid } },
      },
      { idempotencyKey: `seconde-payment-${process.uuid}-${attempt}` },
    );
  } catch (error) {
    const code = providerRefusal(error);
    throw fail(
      Code.FailedPrecondition,
      'PAYMENT_PROVIDER_REFUSED',
      `The payment provider refused: ${code}`,
    );
  }
}

/**
 * Asks a vendor to pay: opens the provider's checkout page, then records the process (nothing is
 * written when the provider fails). The one way anything in the product asks someone to pay; the
 * caller checks who may ask for what.
 */
export async function createPaymentProcess(
  deps: ServiceDeps,
  request: PaymentRequest,
): Promise<{ process: PaymentProcess; url: string }> {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
    throw fail(
      Code.InvalidArgument,
      'PAYMENT_AMOUNT_INVALID',
      'The amount must be a positive number of cents',
    );
  const vendor = (
    await sql<{ uuid: string }>`select uuid from vendor where uuid = ${request.vendor}`.execute(
      deps.db,
    )
  ).rows[0];
  if (!vendor) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
  const p = requireProvider(providerFor(deps));
  const uuid = randomUUID();
  const currency = (request.currency ?? deps.billing.currency).toLowerCase();
  const session = await openCheckout(
    deps,
    p,
    {
      uuid,
      vendor: vendor.uuid,
      amountCents: request.amountCents,
      currency,
      description: request.description,
    },
    1,
  );
  const row = (
    await sql<Row>`insert into payment_process (uuid, owner_object_uuid, owner_content_type,
        payment_status, payment_provider_name, payment_provider_id, payment_provider_type,
        last_session_created_datetime, vendor, amount_cents, currency, description, payment_url,
        payment_url_expires_at)
      values (${uuid}, ${request.ownerObjectUuid}, ${request.ownerContentType}, 'NOT_STARTED',
        'stripe', ${session.id}, 'checkout.session', ${deps.clock()}, ${vendor.uuid},
        ${request.amountCents}, ${currency}, ${request.description}, ${session.url ?? ''},
        ${new Date(session.expires_at * 1000)})
      returning *`.execute(deps.db)
  ).rows[0]!;
  return { process: processMessage(row), url: session.url ?? '' };
}

/** Cancels a payment not made yet (its owner was cancelled): the checkout page is closed. */
export async function cancelPaymentProcess(deps: ServiceDeps, uuid: string): Promise<boolean> {
  const row = (await sql<Row>`select * from payment_process where uuid = ${uuid}`.execute(deps.db))
    .rows[0];
  if (!row || SETTLED.includes(row.payment_status as PaymentStatusName)) return false;
  const p = requireProvider(providerFor(deps));
  if (row.payment_status === 'NOT_STARTED' && row.payment_provider_id)
    try {
      await p.stripe.checkout.sessions.expire(String(row.payment_provider_id));
    } catch (error) {
      providerRefusal(error);
    }
  const done = await sql`update payment_process set payment_status = 'CANCELED', payment_url = '',
      updated_at = now(), row_version = row_version + 1
    where uuid = ${uuid} and payment_status in ('NOT_STARTED', 'EXPIRED')`.execute(deps.db);
  return Number(done.numAffectedRows ?? 0) > 0;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The process a caller names, inside their scope, or the call is refused. */
async function scopedRow(db: Kysely<Database>, caller: Caller, uuid: string): Promise<Row> {
  requireUuid(uuid);
  const row = (
    await sql<Row>`select * from payment_process as r where r.uuid = ${uuid}
      and ${scopeSql(scopeFor(caller, 'payment_process', 'read'), 'r')}`.execute(db)
  ).rows[0];
  if (!row) throw await refuseOutOfScope(db, 'payment_process', uuid, 'PaymentProcess');
  return row;
}

/** PaymentProcessService: a vendor sees, reopens and waits for their own payments. */
export function paymentProcessHandlers(deps: ServiceDeps) {
  const { db, clock } = deps;

  const handlers = {
    async list(req: ListPaymentProcessesRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const where = [scopeSql(scopeFor(caller, 'payment_process', 'read'), 'r')];
      if (req.ownerObjectUuid) where.push(sql`r.owner_object_uuid = ${req.ownerObjectUuid}`);
      if (req.paymentStatus)
        where.push(sql`r.payment_status = ${PaymentStatus[req.paymentStatus]}`);
      const { rows, count } = await listPage(
        db,
        'payment_process',
        where,
        sql`r.created_at desc, r.uuid`,
        pageOf(req.pagination),
      );
      return { results: rows.map(processMessage), count };
    },

    async retrieve(req: RetrievePaymentProcessRequest, ctx: HandlerContext) {
      return processMessage(await scopedRow(db, requireCaller(ctx), req.uuid));
    },

    async requestPayment(req: RequestPaymentRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      if (!caller.isAdminLevel)
        throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only staff ask a vendor to pay');
      const { process } = await createPaymentProcess(deps, {
        vendor: req.vendor,
        amountCents: Number(req.amountCents),
        description: req.description,
        ownerContentType: req.ownerContentType || 'staff_request',
        ownerObjectUuid: req.ownerObjectUuid,
      });
      return process;
    },

    /** A new checkout page (the previous one is closed at the provider): the wait starts again. */
    async refreshPaymentUrl(req: RefreshPaymentUrlRequest, ctx: HandlerContext) {
      const row = await scopedRow(db, requireCaller(ctx), req.uuid);
      const status = row.payment_status as PaymentStatusName;
      if (SETTLED.includes(status))
        throw fail(
          Code.FailedPrecondition,
          'PAYMENT_ALREADY_SETTLED',
          'This payment is already paid, canceled or refunded',
        );
      const p = requireProvider(providerFor(deps));
      const version = Number(row.row_version);
      const session = await openCheckout(
        deps,
        p,
        {
          uuid: String(row.uuid),
          vendor: String(row.vendor),
          amountCents: Number(row.amount_cents),
          currency: String(row.currency),
          description: String(row.description),
        },
        version + 1,
      );
      const updated = await sql`update payment_process set payment_status = 'NOT_STARTED',
          payment_provider_id = ${session.id}, payment_url = ${session.url ?? ''},
          payment_url_expires_at = ${new Date(session.expires_at * 1000)},
          last_session_created_datetime = ${clock()}, wait_for_confirmation_expired = false,
          updated_at = now(), row_version = row_version + 1
        where uuid = ${row.uuid as string} and row_version = ${version}
          and payment_status in ('NOT_STARTED', 'EXPIRED')`.execute(db);
      if (!Number(updated.numAffectedRows ?? 0))
        throw fail(
          Code.Aborted,
          'CHANGED_BY_SOMEONE_ELSE',
          'This payment changed meanwhile; look again',
        );
      // The page opened before can no longer be paid.
      if (
        status === 'NOT_STARTED' &&
        row.payment_provider_id &&
        row.payment_provider_id !== session.id
      )
        await p.stripe.checkout.sessions
          .expire(String(row.payment_provider_id))
          .catch((error: unknown) =>
            console.warn(
              `payment provider: could not close ${String(row.payment_provider_id)}: ${String(error)}`,
            ),
          );
      return { paymentUrl: session.url ?? '' };
    },

    /**
     * Waits for the provider's signed confirmation: PROGRESS while waiting, FINISH with the paid
     * process, SPECIAL naming why the wait ended otherwise (EXPIRED, CANCELED, REFUNDED, or
     * waitForConfirmationExpired once its delay after the page was opened has passed). A tab
     * coming back starts the same wait again from the server's state.
     */
    async *waitForPaymentConfirmation(
      req: WaitForPaymentConfirmationRequest,
      ctx: HandlerContext,
    ): AsyncGenerator<MessageInitShape<typeof WaitForPaymentConfirmationResponseSchema>> {
      const caller = requireCaller(ctx);
      let row = await scopedRow(db, caller, req.uuid);
      let lastSent = 0;
      while (!ctx.signal.aborted) {
        const status = row.payment_status as PaymentStatusName;
        const message = processMessage(row);
        if (status === 'COMPLETED') {
          yield { code: StreamCode.FINISH, count: 1, progress: 1, results: [message] };
          return;
        }
        if (status !== 'NOT_STARTED') {
          yield {
            code: StreamCode.SPECIAL,
            count: 1,
            progress: 0,
            message: status,
            results: [message],
          };
          return;
        }
        const opened = row.last_session_created_datetime
          ? dateOf(row.last_session_created_datetime)
          : dateOf(row.created_at);
        if (
          row.wait_for_confirmation_expired ||
          clock().getTime() >= opened.getTime() + WAIT_FOR_CONFIRMATION_MS
        ) {
          const expired = (
            await sql<Row>`update payment_process set wait_for_confirmation_expired = true,
                updated_at = now(), row_version = row_version + 1
              where uuid = ${row.uuid as string} and payment_status = 'NOT_STARTED'
              returning *`.execute(db)
          ).rows[0];
          if (!expired) {
            row = await scopedRow(db, caller, req.uuid);
            continue;
          }
          yield {
            code: StreamCode.SPECIAL,
            count: 1,
            progress: 0,
            message: 'waitForConfirmationExpired',
            results: [processMessage(expired)],
          };
          return;
        }
        const now = Date.now();
        if (now - lastSent >= WAIT_HEARTBEAT_MS) {
          lastSent = now;
          yield { code: StreamCode.PROGRESS, count: 1, progress: 0, results: [message] };
        }
        await pause(WAIT_POLL_MS, ctx.signal);
        if (ctx.signal.aborted) return;
        row = await scopedRow(db, caller, req.uuid);
      }
    },
  };

  return [implement(PaymentProcessService, handlers)] as const;
}

const at = (epochSeconds: number) => new Date(epochSeconds * 1000);

/** The process a checkout session or payment intent belongs to, locked. */
async function processOf(trx: Transaction<Database>, uuid: unknown): Promise<Row | undefined> {
  if (typeof uuid !== 'string' || !/^[0-9a-f-]{36}$/i.test(uuid)) return undefined;
  return (
    await sql<Row>`select * from payment_process where uuid = ${uuid} for update`.execute(trx)
  ).rows[0];
}

/**
 * A checkout session of mode payment completed or expired, or a charge refunded: moves the process
 * it names (by metadata), once; an event older than the one last applied changes nothing, and a
 * paid process never goes back to waiting or expired.
 */
export async function applyPaymentEvent(
  trx: Transaction<Database>,
  event: Stripe.Event,
): Promise<EventOutcome | undefined> {
  const eventAt = at(event.created);
  let row: Row | undefined;
  let next: PaymentStatusName | undefined;
  let intent: string | null = null;
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.expired') {
    const session = event.data.object;
    if (session.mode !== 'payment') return undefined;
    row = await processOf(trx, session.metadata?.payment_process ?? session.client_reference_id);
    if (!row) return 'ignored';
    if (event.type === 'checkout.session.completed') {
      if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')
        return 'applied';
      next = 'COMPLETED';
      intent =
        typeof session.payment_intent === 'string'
          ? session.payment_intent
          : (session.payment_intent?.id ?? null);
    } else {
      // Only the page now offered expires the process; an older page closing changes nothing.
      if (session.id !== row.payment_provider_id) return 'applied';
      next = 'EXPIRED';
    }
  } else if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const pi =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    row = pi
      ? (
          await sql<Row>`select * from payment_process where provider_payment_intent = ${pi}
            for update`.execute(trx)
        ).rows[0]
      : undefined;
    if (!row) row = await processOf(trx, charge.metadata?.payment_process);
    if (!row) return 'ignored';
    if (!charge.refunded) return 'applied';
    next = 'REFUNDED';
  } else return undefined;
  const current = row.payment_status as PaymentStatusName;
  const last = row.provider_event_at ? dateOf(row.provider_event_at) : undefined;
  if (last && last.getTime() > eventAt.getTime()) return 'stale';
  const allowed: Record<PaymentStatusName, readonly PaymentStatusName[]> = {
    COMPLETED: ['NOT_STARTED', 'EXPIRED', 'CANCELED'],
    EXPIRED: ['NOT_STARTED'],
    REFUNDED: ['COMPLETED'],
    NOT_STARTED: [],
    CANCELED: [],
  };
  if (!allowed[next].includes(current)) return 'applied';
  const updated = (
    await sql<Row>`update payment_process set payment_status = ${next},
        payment_url = case when ${next} = 'COMPLETED' or ${next} = 'EXPIRED' then '' else payment_url end,
        provider_payment_intent = coalesce(${intent}, provider_payment_intent),
        provider_event_at = ${eventAt}, updated_at = now(), row_version = row_version + 1
      where uuid = ${row.uuid as string} returning *`.execute(trx)
  ).rows[0]!;
  const handlers =
    next === 'COMPLETED' ? completedHandlers : next === 'REFUNDED' ? refundedHandlers : undefined;
  const owner = handlers?.get(String(updated.owner_content_type ?? ''));
  if (owner) await owner(trx, updated);
  return 'applied';
}
