import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.gen.ts';
import nodemailer from 'nodemailer';

/** What a mail is about (the contract's MailKind without its prefix). */
export type MailKind =
  'DEPOSIT_CONFIRMATION' | 'DEPOSIT_ASSIGNED' | 'DEPOSIT_UPDATE' | 'ADMIN_NOTICE';

export interface Mail {
  readonly kind: MailKind;
  readonly recipient: string;
  readonly subject: string;
  readonly body: string;
  readonly deposit?: string;
}

export interface Mailer {
  /**
   * Writes the mail to the outbox inside the caller's transaction (so a rolled-back change sends
   * nothing), then hands it to the SMTP server, if one is configured, once that transaction has
   * committed. Returns the outbox row's uuid.
   */
  queue(executor: Kysely<Database>, mail: Mail): Promise<string>;
  /**
   * Sends the outbox rows not sent yet (called after commit, never inside a transaction). Safe to
   * call twice: runs one after another in this process, so no mail leaves twice. Never throws: a
   * refusal is written to the row's `error`, anything else is logged and retried on the next flush.
   */
  flush(db: Kysely<Database>): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://...`; without it mail stays in the outbox. */
  readonly smtpUrl?: string | undefined;
  readonly from?: string | undefined;
  /** Where unexpected failures go (the database closed under a flush...); console by default. */
  readonly log?: (message: string, error: unknown) => void;
}

interface OutboxRow {
  uuid: string;
  recipient: string;
  subject: string;
  body: string;
}

/** Rows handed to the SMTP server per flush; the rest waits for the next one. */
const BATCH = 50;

/**
 * The product's only way to send mail. Without SMTP_URL nothing leaves the machine: the mail stays
 * in the outbox table that admins read in the app, marked as not sent. Nothing pretends to send.
 */
export function createMailer(options: MailerOptions = {}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const from = options.from ?? 'Seconde <no-reply@seconde.local>';
  const log = options.log ?? ((message, error) => console.error(message, error));
  let running: Promise<void> = Promise.resolve();

  const sendPending = async (db: Kysely<Database>) => {
    if (!transport) return;
    const { rows } = await sql<OutboxRow>`
      select uuid, recipient, subject, body from outbox_mail
      where sent_at is null and error is null order by created_at, uuid limit ${BATCH}`.execute(db);
    for (const row of rows) {
      let error: string | null = null;
      try {
        await transport.sendMail({ from, to: row.recipient, subject: row.subject, text: row.body });
      } catch (refusal) {
        error = refusal instanceof Error ? refusal.message : String(refusal);
      }
      await sql`
        update outbox_mail set
          sent_at = ${error === null ? sql`now()` : sql`null`},
          error = ${error}, updated_at = now(), row_version = row_version + 1
        where uuid = ${row.uuid}`.execute(db);
    }
  };

  return {
    async queue(executor, mail) {
      const { rows } = await sql<{ uuid: string }>`
        insert into outbox_mail (kind, recipient, subject, body, deposit)
        values (${mail.kind}, ${mail.recipient}, ${mail.subject}, ${mail.body}, ${mail.deposit ?? null})
        returning uuid`.execute(executor);
      return rows[0]!.uuid;
    },
    flush(db) {
      running = running.then(() =>
        sendPending(db).catch((error: unknown) => log('Outbox flush failed', error)),
      );
      return running;
    },
  };
}
