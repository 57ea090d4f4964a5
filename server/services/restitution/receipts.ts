import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { Mailer } from '../../mail/outbox.ts';
import {
  RECEIPT_LINK_DAYS,
  isReturnedAtRestitution,
} from '../../../src/domain/restitution/restitutionReceipt.ts';
import { isSaleStatus } from '../../../src/domain/deposit/statuses.ts';
import {
  parisDay,
  receiptTexts,
  type ReceiptItem,
  type ReceiptParty,
} from '../../documents/restitutionReceiptPdf.ts';
import { formatDate } from '../../documents/texts.ts';
import type { RegisterContent } from '../policeRegister/chain.ts';
import { appendEntry, registerOf } from '../policeRegister/entries.ts';

/** SHA-256 (hex) of a personal link's token: only the hash is stored. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The personal link a receipt's mail carries. */
export const receiptLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/restitution-receipt/${token}`;

interface DepositRow {
  vendor: string;
  customer: string | null;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  email: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  language: string | null;
  id_type: string | null;
  id_number: string | null;
}

interface ProductRow {
  product: string;
  reference: string | null;
  name: string | null;
  quality: string | null;
  sale_status: string;
}

const text = (value: string | null | undefined) => (value ?? '').trim();
const join = (parts: (string | null)[], separator = ' ') =>
  parts.map(text).filter(Boolean).join(separator);

export interface RestitutionContext {
  readonly mailer: Mailer;
  readonly publicUrl: () => string;
}

/**
 * Writes a restituted deposit's receipt, enters each returned item in the police register as a
 * RESTITUTION and queues the depositor's mail with the personal link, all in the restitution's
 * transaction (the deposit is locked by it, its products already moved). A deposit without a
 * depositor (the vendor's own stock) has no one to hand anything back to: nothing is written.
 */
export async function writeRestitutionReceipt(
  trx: Kysely<Database>,
  context: RestitutionContext,
  deposit: string,
  now: Date,
  createdBy: string,
): Promise<string | null> {
  const { rows: found } = await sql<DepositRow>`
    select d.vendor, d.customer, d.name, c.first_name, c.last_name, c.company_name, c.email,
      c.address, c.postal_code, c.city, c.language,
      d.reception_id_document_type as id_type, d.reception_id_document_number as id_number
    from deposit d left join customer c on c.uuid = d.customer
    where d.uuid = ${deposit}`.execute(trx);
  const row = found[0];
  if (!row?.customer) return null;
  const holder = await registerOf(trx, row.vendor);
  if (!holder) return null;
  const { rows: products } = await sql<ProductRow>`
    select p.uuid as product, p.reference, coalesce(nullif(p.name, ''), p.marketplace_title) as name,
      p.quality::text as quality, p.sale_status::text as sale_status
    from product p where p.deposit = ${deposit}
    order by p.reference nulls last, p.created_at, p.uuid`.execute(trx);
  const items: ReceiptItem[] = products
    .filter((p) => isSaleStatus(p.sale_status) && isReturnedAtRestitution(p.sale_status))
    .map((p) => ({
      product: p.product,
      reference: text(p.reference),
      name: text(p.name),
      condition: text(p.quality),
    }));
  const language = row.language === 'en' ? 'en' : 'fr';
  const depositorName = join([row.first_name, row.last_name]) || text(row.company_name);
  const depositor: ReceiptParty = {
    name: depositorName,
    details: [
      text(row.address),
      join([row.postal_code, row.city]),
      ...(row.first_name || row.last_name ? [text(row.company_name)] : []),
      text(row.email),
    ].filter(Boolean),
    idDocument: join([row.id_type, row.id_number]),
  };
  const holderParty: ReceiptParty = {
    name: holder.holderName,
    details: holder.holderDetails ? [holder.holderDetails] : [],
  };
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + RECEIPT_LINK_DAYS * 86_400_000);
  const { rows: inserted } = await sql<{ uuid: string }>`
    insert into restitution_receipt (deposit, vendor, customer, deposit_name, restituted_at,
      holder, depositor, items, language, token_hash, token_expires_at)
    values (${deposit}, ${row.vendor}, ${row.customer}, ${text(row.name)}, ${now},
      ${JSON.stringify(holderParty)}::jsonb, ${JSON.stringify(depositor)}::jsonb,
      ${JSON.stringify(items)}::jsonb, ${language}, ${tokenHash(token)}, ${expires})
    returning uuid`.execute(trx);
  const receipt = inserted[0]!.uuid;
  await enterReturnedItems(trx, {
    register: holder.register,
    vendor: row.vendor,
    deposit,
    receipt,
    items,
    now,
    createdBy,
    depositor: row,
    holderName: holder.holderName,
  });
  if (text(row.email)) {
    const t = receiptTexts(language);
    await context.mailer.queue(trx, {
      kind: 'DEPOSIT_UPDATE',
      recipient: text(row.email),
      deposit,
      subject: t('mailSubject', { name: text(row.name) }),
      body: t('mailBody', {
        name: depositorName,
        deposit: text(row.name),
        date: formatDate(parisDay(now.toISOString()), language),
        count: String(items.length),
        days: String(RECEIPT_LINK_DAYS),
        link: receiptLink(context.publicUrl(), token),
        signedInLink: `${context.publicUrl().replace(/\/$/, '')}/restitution/${deposit}`,
      }),
    });
  }
  return receipt;
}

interface ReturnedEntries {
  register: string;
  vendor: string;
  deposit: string;
  receipt: string;
  items: readonly ReceiptItem[];
  now: Date;
  createdBy: string;
  depositor: DepositRow;
  holderName: string;
}

/**
 * One RESTITUTION entry per returned item, through the register's own append: the item as its
 * last entry described it (its reception, or the correction of it) with the condition it is
 * returned in, the depositor it goes back to, and the receipt's uuid.
 */
async function enterReturnedItems(trx: Kysely<Database>, e: ReturnedEntries): Promise<void> {
  for (const item of e.items) {
    const { rows } = await sql<{ content: RegisterContent | string }>`
      select content from police_register_entry
      where product = ${item.product} and kind <> 'RESTITUTION'
      order by number desc limit 1`.execute(trx);
    const stored = rows[0]?.content;
    const previous = typeof stored === 'string' ? (JSON.parse(stored) as RegisterContent) : stored;
    const d = e.depositor;
    const content: RegisterContent = {
      vendorName: previous?.vendorName ?? e.holderName,
      depositName: previous?.depositName ?? text(e.depositor.name),
      correctionReason: '',
      item: {
        ...(previous?.item ?? {
          category: '',
          brand: '',
          colors: '',
          size: '',
          description: '',
          priceCents: 0,
        }),
        reference: item.reference,
        name: item.name || (previous?.item.name ?? ''),
        condition: item.condition,
      },
      depositor: previous?.depositor ?? {
        firstName: text(d.first_name),
        lastName: text(d.last_name),
        companyName: text(d.company_name),
        address: text(d.address),
        postalCode: text(d.postal_code),
        city: text(d.city),
        idDocumentType: text(d.id_type),
        idDocumentNumber: text(d.id_number),
        idDocumentAuthority: '',
        idDocumentDate: '',
      },
      restitutionReceipt: e.receipt,
    };
    await appendEntry(trx, {
      register: e.register,
      vendor: e.vendor,
      kind: 'RESTITUTION',
      enteredAt: e.now,
      product: item.product,
      deposit: e.deposit,
      corrects: null,
      content,
      createdBy: e.createdBy,
    });
  }
}
