import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { createMailer } from '../../mail/outbox.ts';
import { toCents } from '../../../src/domain/ledger/ledger.ts';
import { noticeWritten } from './noticeBus.ts';
import { payoutMail, saleMail, type MailLanguage } from './noticeMails.ts';

/** What happened, named by the rows the transaction already has; notify reads the rest. */
export type NoticeEvent =
  /** The sale credited the depositor's share (once per sale, however often the status is set). */
  | { readonly kind: 'ITEM_SOLD'; readonly product: string; readonly shareCents: number }
  | { readonly kind: 'ITEM_RESERVED'; readonly product: string; readonly vendor: string }
  | { readonly kind: 'DEPOSIT_ASSIGNED'; readonly deposit: string; readonly vendor: string }
  | {
      readonly kind: 'PAYOUT_SENT';
      readonly vendor: string;
      readonly customer: string;
      readonly amountCents: number;
      readonly method: string;
      readonly receiptNumber: string;
    }
  | {
      readonly kind: 'TASK_FINISHED';
      readonly task: string;
      /** The vendor who owns the task (owner_object_uuid). */
      readonly vendor: string;
      /** The identity subject of whoever started it (staff for a vendor), when known. */
      readonly requestedBy: string;
      readonly label: string;
      readonly failed: boolean;
    };

/** The payload a notice keeps: the Notice message's fields, never a buyer's. */
export interface NoticePayload {
  product?: string;
  itemName?: string;
  itemReference?: string;
  amountCents?: number;
  deposit?: string;
  depositName?: string;
  payoutMethod?: string;
  receiptNumber?: string;
  task?: string;
  taskLabel?: string;
  taskFailed?: boolean;
}

interface Person {
  sub: string | null;
  first_name: string | null;
  email: string | null;
  language: string | null;
  contact: string | null;
}

/** Only the outbox insert of the mailer is used here: the caller's transaction holds it. */
const outbox = createMailer();

/**
 * The one place events become notices: inside the event's own transaction, writes one notice per
 * recipient (numbered by the recipient's counter row, locked until commit, so seq order is commit
 * order) and, for a depositor told of a sale or a payout, queues their mail in their language when
 * they prefer e-mail. A recipient without a sign-in (a depositor who never made an account) gets
 * no notice; the mail still goes. Rolled back with the event, nothing is told.
 */
export async function notify(trx: Kysely<Database>, event: NoticeEvent): Promise<void> {
  const notices: { recipient: string | null; payload: NoticePayload }[] = [];
  switch (event.kind) {
    case 'ITEM_SOLD': {
      const { rows } = await sql<{
        name: string | null;
        reference: string | null;
        selled_price: number | null;
        suggested_price: number | null;
        deposit: string | null;
        deposit_name: string | null;
        vendor: string | null;
        customer: string | null;
      }>`
        select p.name, p.reference, p.selled_price, p.suggested_price, p.deposit,
          d.name as deposit_name, d.vendor, d.customer
        from product p left join deposit d on d.uuid = p.deposit
        where p.uuid = ${event.product}`.execute(trx);
      const item = rows[0];
      if (!item) return;
      const common = {
        product: event.product,
        itemName: item.name ?? '',
        itemReference: item.reference ?? '',
        ...(item.deposit && { deposit: item.deposit, depositName: item.deposit_name ?? '' }),
      };
      const depositor = item.customer ? await customerOf(trx, item.customer) : undefined;
      // The depositor reads their share; nothing of the buyer is kept here.
      if (depositor)
        notices.push({
          recipient: depositor.sub,
          payload: { ...common, amountCents: event.shareCents },
        });
      const vendor = item.vendor ? await vendorOf(trx, item.vendor) : undefined;
      if (vendor)
        notices.push({
          recipient: vendor.sub,
          payload: {
            ...common,
            amountCents: toCents(item.selled_price ?? item.suggested_price),
          },
        });
      let mailed = false;
      if (depositor && wantsMail(depositor)) {
        mailed = true;
        await outbox.queue(
          trx,
          saleMail({
            recipient: depositor.email ?? '',
            language: languageOf(depositor),
            firstName: depositor.first_name,
            item: item.name ?? '',
            reference: item.reference,
            shareCents: event.shareCents,
            deposit: item.deposit,
          }),
        );
      }
      await write(trx, event.kind, notices, mailed);
      return;
    }
    case 'ITEM_RESERVED': {
      const { rows } = await sql<{
        name: string | null;
        reference: string | null;
        deposit: string | null;
      }>`
        select name, reference, deposit from product where uuid = ${event.product}`.execute(trx);
      const vendor = await vendorOf(trx, event.vendor);
      notices.push({
        recipient: vendor?.sub ?? null,
        payload: {
          product: event.product,
          itemName: rows[0]?.name ?? '',
          itemReference: rows[0]?.reference ?? '',
          ...(rows[0]?.deposit && { deposit: rows[0].deposit }),
        },
      });
      break;
    }
    case 'DEPOSIT_ASSIGNED': {
      const { rows } = await sql<{ name: string | null }>`
        select name from deposit where uuid = ${event.deposit}`.execute(trx);
      const vendor = await vendorOf(trx, event.vendor);
      notices.push({
        recipient: vendor?.sub ?? null,
        payload: { deposit: event.deposit, depositName: rows[0]?.name ?? '' },
      });
      break;
    }
    case 'PAYOUT_SENT': {
      const depositor = await customerOf(trx, event.customer);
      if (!depositor) return;
      notices.push({
        recipient: depositor.sub,
        payload: {
          amountCents: event.amountCents,
          payoutMethod: event.method,
          receiptNumber: event.receiptNumber,
        },
      });
      const mailed = wantsMail(depositor);
      if (mailed)
        await outbox.queue(
          trx,
          payoutMail({
            recipient: depositor.email ?? '',
            language: languageOf(depositor),
            firstName: depositor.first_name,
            amountCents: event.amountCents,
            method: event.method,
            receiptNumber: event.receiptNumber,
          }),
        );
      await write(trx, event.kind, notices, mailed);
      return;
    }
    case 'TASK_FINISHED': {
      const vendor = event.vendor ? await vendorOf(trx, event.vendor) : undefined;
      const payload = { task: event.task, taskLabel: event.label, taskFailed: event.failed };
      const recipients = new Set([vendor?.sub, event.requestedBy || null]);
      for (const recipient of recipients) notices.push({ recipient: recipient ?? null, payload });
      break;
    }
  }
  await write(trx, event.kind, notices, false);
}

/** Inserts the notices that have a recipient, each with the recipient's next seq. */
async function write(
  trx: Kysely<Database>,
  kind: NoticeEvent['kind'],
  notices: readonly { recipient: string | null; payload: NoticePayload }[],
  mailed: boolean,
): Promise<void> {
  const written: string[] = [];
  for (const { recipient, payload } of notices) {
    if (!recipient) continue;
    const { rows } = await sql<{ last_seq: string }>`
      insert into notice_counter (recipient, last_seq) values (${recipient}, 1)
      on conflict (recipient) do update set last_seq = notice_counter.last_seq + 1
      returning last_seq`.execute(trx);
    await sql`
      insert into notice (recipient, seq, kind, payload)
      values (${recipient}, ${rows[0]!.last_seq}, ${kind}::notice_kind,
        ${JSON.stringify(payload)}::jsonb)`.execute(trx);
    written.push(recipient);
  }
  noticeWritten(written, mailed);
}

async function customerOf(trx: Kysely<Database>, uuid: string): Promise<Person | undefined> {
  const { rows } = await sql<Person>`
    select identity_user_uuid as sub, first_name, email, language,
      prefered_contact_way::text as contact
    from customer where uuid = ${uuid}`.execute(trx);
  return rows[0];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A task's owner is generic text: anything but a uuid names no vendor. */
async function vendorOf(trx: Kysely<Database>, uuid: string): Promise<Person | undefined> {
  if (!UUID.test(uuid)) return undefined;
  const { rows } = await sql<Person>`
    select identity_user_uuid as sub, first_name, email, language,
      prefered_contact_way::text as contact
    from vendor where uuid = ${uuid}`.execute(trx);
  return rows[0];
}

/**
 * A depositor is mailed when they prefer e-mail, or named no preference (the address they gave is
 * then the one channel the product has); a phone or WhatsApp preference gets the in-app notice only.
 */
export function wantsMail(person: Pick<Person, 'email' | 'contact'>): boolean {
  return Boolean(person.email?.trim()) && (person.contact === null || person.contact === 'EMAIL');
}

function languageOf(person: Person): MailLanguage {
  return person.language === 'en' ? 'en' : 'fr';
}
