import { sql, type Kysely } from 'kysely';
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
  queue(executor: Kysely<unknown>, mail: Mail): Promise<string>;
  /** Sends the outbox rows not sent yet (called after commit; safe to call twice). */
  flush(db: Kysely<unknown>): Promise<void>;
}

/**
 * The product's only way to send mail. Without SMTP_URL nothing leaves the machine: the mail stays
 * in the outbox table that admins read in the app, marked as not sent. Nothing pretends to send.
 */
export function createMailer(options: { smtpUrl?: string; from?: string } = {}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const from = options.from ?? 'Seconde <no-reply@seconde.local>';
  return {
    async queue(executor, mail) {
      const { rows } = await sql<{ uuid: string }>`
        insert into outbox_mail (kind, recipient, subject, body, deposit)
        values (${mail.kind}, ${mail.recipient}, ${mail.subject}, ${mail.body}, ${mail.deposit ?? null})
        returning uuid`.execute(executor);
      return rows[0]!.uuid;
    },
    async flush(db) {
      if (!transport) return;
      const { rows } = await sql<{
        uuid: string;
        recipient: string;
        subject: string;
        body: string;
      }>`
        select uuid, recipient, subject, body from outbox_mail
        where sent_at is null and error is null order by created_at limit 50`.execute(db);
      for (const row of rows) {
        try {
          await transport.sendMail({
            from,
            to: row.recipient,
            subject: row.subject,
            text: row.body,
          });
          await sql`update outbox_mail set sent_at = now(), updated_at = now(), row_version = row_version + 1 where uuid = ${row.uuid}`.execute(
            db,
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await sql`update outbox_mail set error = ${message}, updated_at = now(), row_version = row_version + 1 where uuid = ${row.uuid}`.execute(
            db,
          );
        }
      }
    },
  };
}
