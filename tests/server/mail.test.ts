import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config.ts';
import { createMailer } from '../../server/mail/outbox.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  MailKind,
  OutboxMailService,
  type OutboxMail,
} from '../../src/rpc/gen/seconde/v1/outbox_mail_pb.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

interface Received {
  readonly from: string;
  readonly to: string[];
  readonly data: string;
}

/**
 * The smallest SMTP server nodemailer will talk to (RFC 5321 without extensions): it keeps what it
 * is given, or refuses every sender while `refuse` is set.
 */
class TinySmtp {
  readonly received: Received[] = [];
  refuse = false;
  private readonly server: Server = createServer((socket) => this.session(socket));

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: Socket): void {
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 tiny.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          this.received.push({ from, to, data });
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 tiny.test');
        else if (verb === 'MAIL') {
          if (this.refuse) reply('550 5.7.1 Sender refused by policy');
          else {
            from = /<([^>]*)>/.exec(line)?.[1] ?? '';
            to = [];
            reply('250 2.1.0 OK');
          }
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 5.5.2 not implemented');
      }
    });
    socket.on('error', () => socket.destroy());
  }
}

/** A header of a raw message, unfolded, with its RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string {
  const head = raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  const value = line?.slice(name.length + 1).trim() ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** The text body, quoted-printable decoded when it is. */
function body(raw: string): string {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const text = rest.join('\r\n\r\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head!)) return text;
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const smtp = new TinySmtp();
let t: TestServer;
let vendorUuid: string;
let smtpUrl: string;
let counter = 0;

beforeAll(async () => {
  smtpUrl = `smtp://127.0.0.1:${await smtp.start()}`;
  const config = loadConfig({});
  t = await startTestServer(
    {
      demoProducts: 0,
      config: {
        ...config,
        mail: { smtpUrl, from: 'Seconde <no-reply@seconde.test>' },
      },
    },
    ['vendor', 'admin', 'developer'],
  );
  vendorUuid = (await t.me('vendor')).vendorUuid;
});

afterAll(async () => {
  await t?.close();
  await smtp.close();
});

/** Assigns a fresh open deposit to vendor@, which queues a DEPOSIT_ASSIGNED mail and flushes it. */
async function assignOne(): Promise<string> {
  const admin = t.client(DepositService, 'admin');
  const deposit = await admin.create({
    deposit: {
      name: `Dépôt courrier ${++counter}`,
      status: DepositStatus.WAITING_FOR_VENDOR,
      customerPostalCode: '75011',
    },
  });
  await admin.assign({ uuid: deposit.uuid, vendorUuid, rowVersion: deposit.rowVersion });
  return deposit.uuid;
}

/** The outbox row of a deposit once the flush is done with it (sent or refused). */
async function settledMail(deposit: string): Promise<OutboxMail> {
  const outbox = t.client(OutboxMailService, 'admin', { deposit });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [mail] = (await outbox.list({})).results;
    if (mail && (mail.sentAt || mail.error)) return mail;
    if (Date.now() > deadline) throw new Error('the mail was never sent nor refused');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the outbox with an SMTP server', () => {
  it('hands the mail to the SMTP server after commit and records when it was sent', async () => {
    const deposit = await assignOne();
    const mail = await settledMail(deposit);
    expect(mail.error).toBe('');
    expect(mail.sentAt).toBeDefined();
    expect(mail.kind).toBe(MailKind.DEPOSIT_ASSIGNED);

    const delivered = smtp.received.filter((m) =>
      header(m.data, 'Subject').includes(`courrier ${counter}`),
    );
    expect(delivered).toHaveLength(1);
    const [message] = delivered;
    expect(message!.from).toBe('no-reply@seconde.test');
    expect(message!.to).toEqual(['vendor@seconde.test']);
    expect(header(message!.data, 'Subject')).toBe(`Dépôt attribué : Dépôt courrier ${counter}`);
    expect(body(message!.data)).toContain(`Le dépôt « Dépôt courrier ${counter} »`);
  });

  it('records the refusal of the SMTP server in error, and leaves sent_at empty', async () => {
    smtp.refuse = true;
    try {
      const mail = await settledMail(await assignOne());
      expect(mail.sentAt).toBeUndefined();
      expect(mail.error).toMatch(/550|Sender refused/);
    } finally {
      smtp.refuse = false;
    }
  });

  it('sends nothing for a transaction that rolls back, and each mail once however often it flushes', async () => {
    const mailer = createMailer({ smtpUrl });
    const db = t.server.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await mailer.queue(trx, {
          kind: 'ADMIN_NOTICE',
          recipient: 'rolled-back@seconde.test',
          subject: 'never',
          body: 'never',
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const uuid = await mailer.queue(db, {
      kind: 'ADMIN_NOTICE',
      recipient: 'twice@seconde.test',
      subject: 'Une fois',
      body: 'Une seule fois.',
    });
    await Promise.all([mailer.flush(db), mailer.flush(db), mailer.flush(db)]);
    const { rows } = await sql<{ recipient: string; sent_at: Date | null }>`
      select recipient, sent_at from outbox_mail
      where recipient in ('rolled-back@seconde.test', 'twice@seconde.test')`.execute(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sent_at).toBeInstanceOf(Date);
    expect(smtp.received.filter((m) => m.to.includes('twice@seconde.test'))).toHaveLength(1);
    expect(smtp.received.some((m) => m.to.includes('rolled-back@seconde.test'))).toBe(false);
    expect((await t.client(OutboxMailService, 'developer').retrieve({ uuid })).recipient).toBe(
      'twice@seconde.test',
    );
  });
});

describe('who reads the outbox', () => {
  it('lets admins and developers read it, newest first, and refuses vendors', async () => {
    const admin = await t.client(OutboxMailService, 'admin').list({});
    expect(admin.count).toBeGreaterThan(0);
    const created = admin.results.map(
      (m) => m.createdAt!.seconds * 1000n + BigInt(m.createdAt!.nanos) / 1_000_000n,
    );
    expect([...created].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(created);
    const uuid = admin.results[0]!.uuid;
    expect((await t.client(OutboxMailService, 'admin').retrieve({ uuid })).uuid).toBe(uuid);
    expect((await t.client(OutboxMailService, 'developer').list({})).count).toBe(admin.count);

    expect(await refusalOf(t.client(OutboxMailService, 'vendor').list({}))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(await refusalOf(t.client(OutboxMailService, 'vendor').retrieve({ uuid }))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
  });
});
