import { Code, ConnectError } from '@connectrpc/connect';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { DEPOSIT_STATUSES, statusIndex } from '../../../src/domain/deposit/statuses.ts';
import {
  isIdDocumentComplete,
  receptionNeedsIdDocument,
} from '../../../src/domain/policeRegister/idDocument.ts';
import {
  GENESIS_HASH,
  entryHash,
  type ChainedEntry,
  type RegisterContent,
  type RegisterKind,
} from './chain.ts';

/** A register refusal with its stable reason, as payouts and invoices send theirs. */
export function refuse(reason: string, message: string, code: Code): ConnectError {
  return new ConnectError(JSON.stringify({ code: reason, message }), code);
}

/** Deposit statuses at which the items are in the vendor's hands and entered in the register. */
export const RECEIVED_STATUSES = DEPOSIT_STATUSES.filter(
  (s) => statusIndex(s) >= statusIndex('RECEIVED') && statusIndex(s) <= statusIndex('INLINE'),
);

/**
 * Whose register a vendor writes in: their company's when they belong to one (one legal entity,
 * one register, as for invoice numbers), otherwise their own.
 */
export async function registerOf(
  db: Kysely<Database>,
  vendor: string,
): Promise<{ register: string; holderName: string; holderDetails: string } | null> {
  const { rows } = await sql<{
    company: string | null;
    title: string | null;
    siret: string | null;
    company_address: string | null;
    company_postal_code: string | null;
    company_city: string | null;
    first_name: string | null;
    last_name: string | null;
    address: string | null;
    postal_code: string | null;
    city: string | null;
  }>`select v.company, c.title, c.siret, c.address as company_address,
       c.postal_code as company_postal_code, c.city as company_city,
       v.first_name, v.last_name, v.address, v.postal_code, v.city
     from vendor v left join company c on c.uuid = v.company where v.uuid = ${vendor}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const join = (parts: (string | null)[], separator = ', ') =>
    parts
      .map((p) => (p ?? '').trim())
      .filter(Boolean)
      .join(separator);
  return row.company
    ? {
        register: `company:${row.company}`,
        holderName: row.title ?? '',
        holderDetails: join([
          row.company_address,
          join([row.company_postal_code, row.company_city], ' '),
          row.siret ? `SIRET ${row.siret}` : null,
        ]),
      }
    : {
        register: `vendor:${vendor}`,
        holderName: join([row.first_name, row.last_name], ' '),
        holderDetails: join([row.address, join([row.postal_code, row.city], ' ')]),
      };
}

/**
 * The vendor whose register a call reads: a vendor always their own (naming another is refused,
 * the authorisation table refuses it first), staff the vendor they name. Customers never.
 */
export function registerVendor(caller: Caller, named: string): string {
  if (caller.isAdminLevel) {
    if (named) return named;
    if (caller.vendorUuid) return caller.vendorUuid;
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Name the vendor whose register to read');
  }
  if (caller.vendorUuid) {
    if (named && named !== caller.vendorUuid)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You read your own police register only');
    return caller.vendorUuid;
  }
  throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors and staff keep a police register');
}

export interface NewEntry {
  register: string;
  vendor: string;
  kind: RegisterKind;
  enteredAt: Date;
  product: string | null;
  deposit: string | null;
  corrects: string | null;
  content: RegisterContent;
  createdBy: string;
}

/**
 * Appends one entry: its number comes from the register's counter, upserted in this transaction
 * (the row lock serialises the register's writers; a rollback gives the number back), and its hash
 * chains it to the previous entry, which the lock makes the last committed one.
 */
export async function appendEntry(trx: Kysely<Database>, entry: NewEntry): Promise<string> {
  const { rows } = await sql<{ last_number: string | number }>`
    insert into police_register_counter (register, last_number) values (${entry.register}, 1)
    on conflict (register) do update set last_number = police_register_counter.last_number + 1
    returning last_number`.execute(trx);
  const number = Number(rows[0]!.last_number);
  let previousHash = GENESIS_HASH;
  if (number > 1) {
    const { rows: previous } = await sql<{ hash: string }>`
      select hash from police_register_entry
      where register = ${entry.register} and number = ${number - 1}`.execute(trx);
    if (!previous[0])
      throw refuse(
        'POLICE_REGISTER_BROKEN',
        'The police register misses its previous entry',
        Code.Internal,
      );
    previousHash = previous[0].hash;
  }
  const chained: ChainedEntry = {
    register: entry.register,
    number,
    vendor: entry.vendor,
    kind: entry.kind,
    enteredAt: entry.enteredAt,
    product: entry.product,
    deposit: entry.deposit,
    corrects: entry.corrects,
    content: entry.content,
  };
  const hash = entryHash(previousHash, chained);
  const { rows: inserted } = await sql<{ uuid: string }>`
    insert into police_register_entry (register, number, vendor, kind, entered_at, product, deposit,
      corrects, content, previous_hash, hash, created_by)
    values (${entry.register}, ${number}, ${entry.vendor}, ${entry.kind}, ${entry.enteredAt},
      ${entry.product}, ${entry.deposit}, ${entry.corrects}, ${JSON.stringify(entry.content)}::jsonb,
      ${previousHash}, ${hash}, ${entry.createdBy || null})
    returning uuid`.execute(trx);
  return inserted[0]!.uuid;
}

export interface ReceivedRow {
  product: string;
  deposit: string;
  vendor: string;
  selling_mode: string | null;
  deposit_name: string | null;
  reference: string | null;
  name: string | null;
  marketplace_title: string | null;
  comment: string | null;
  category: string | null;
  brand: string | null;
  colors: string | null;
  size: string | null;
  quality: string | null;
  price: number | string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  id_type: string | null;
  id_number: string | null;
  id_authority: string | null;
  id_date: string | null;
  vendor_first_name: string | null;
  vendor_last_name: string | null;
  /** When the item came in (its stock entry), for entries written after the fact (the demo). */
  received_at: Date | string;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/** Euros (a double column) to integer cents, rounded to the nearest cent. */
const cents = (value: number | string | null) =>
  value === null || value === '' ? 0 : Math.max(0, Math.round(Number(value) * 100));

/**
 * Enters every product of a received deposit (or the given products) that the register does not
 * hold yet: a deposit that has just reached RECEIVED, a product added to a received deposit or
 * moved into one. Only deposits with a depositor: the vendor's own stock has no one to name.
 * Runs in the caller's transaction, with the deposit already locked by it.
 */
export async function enterReceivedProducts(
  trx: Kysely<Database>,
  which: { deposit: string } | { products: readonly string[] },
  now: Date,
  createdBy: string,
): Promise<number> {
  const where =
    'deposit' in which
      ? sql`p.deposit = ${which.deposit}`
      : sql`p.uuid = any(${[...which.products]}::uuid[])`;
  const rows = await selectReceived(trx, where, sql`p.reference nulls last, p.created_at, p.uuid`);
  const registers = new Map<string, string>();
  for (const row of rows) {
    let register = registers.get(row.vendor);
    if (!register) {
      register = (await registerOf(trx, row.vendor))!.register;
      registers.set(row.vendor, register);
    }
    await appendEntry(trx, {
      register,
      vendor: row.vendor,
      kind: receivedKind(row),
      enteredAt: now,
      product: row.product,
      deposit: row.deposit,
      corrects: null,
      createdBy,
      content: receivedContent(row),
    });
  }
  return rows.length;
}

/**
 * The products of received deposits with a depositor that the register does not hold yet, with
 * everything their entry records (`where` narrows them, on `p` the product and `d` the deposit).
 */
export async function selectReceived(
  trx: Kysely<Database>,
  where: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
): Promise<ReceivedRow[]> {
  const { rows } = await sql<ReceivedRow>`
    select p.uuid as product, d.uuid as deposit, d.vendor,
      d.deposit_selling_mode_status::text as selling_mode, d.name as deposit_name,
      p.reference, p.name, p.marketplace_title, p.comment, cat.name as category,
      coalesce(b.name, p.manual_brand) as brand,
      (select string_agg(co.title, ', ' order by co.title) from color co
        where co.uuid = any(p.colors)) as colors,
      sz.title as size, p.quality::text as quality, p.suggested_price as price,
      c.first_name, c.last_name, c.company_name, c.address, c.postal_code, c.city,
      d.reception_id_document_type as id_type, d.reception_id_document_number as id_number,
      d.reception_id_document_authority as id_authority, d.reception_id_document_date as id_date,
      v.first_name as vendor_first_name, v.last_name as vendor_last_name,
      coalesce(p.stock_entry_datetime, d.affectation_datetime, p.created_at) as received_at
    from product p
    join deposit d on d.uuid = p.deposit
    join customer c on c.uuid = d.customer
    join vendor v on v.uuid = d.vendor
    left join category cat on cat.uuid = p.category
    left join brand b on b.uuid = p.brand
    left join product_size sz on sz.uuid = p.product_size
    where ${where}
      and d.status::text in (${sql.join(RECEIVED_STATUSES.map((s) => sql`${s}`))})
      and not exists (select 1 from police_register_entry e
        where e.product = p.uuid and e.kind <> 'CORRECTION')
    order by ${order}`.execute(trx);
  return rows;
}

/** A deposit taken against a cash offer is a purchase; any other, a deposit for sale. */
export const receivedKind = (row: ReceivedRow): RegisterKind =>
  row.selling_mode === 'CASH_OFFER' ? 'PURCHASE' : 'DEPOSIT';

/** What a received product's entry says: the item and its depositor as they are now. */
export function receivedContent(row: ReceivedRow): RegisterContent {
  return {
    vendorName: [row.vendor_first_name, row.vendor_last_name].filter(Boolean).join(' '),
    depositName: text(row.deposit_name),
    correctionReason: '',
    item: {
      reference: text(row.reference),
      name: text(row.name || row.marketplace_title),
      category: text(row.category),
      brand: text(row.brand),
      colors: text(row.colors),
      size: text(row.size),
      condition: text(row.quality),
      description: text(row.comment),
      priceCents: cents(row.price),
    },
    depositor: {
      firstName: text(row.first_name),
      lastName: text(row.last_name),
      companyName: text(row.company_name),
      address: text(row.address),
      postalCode: text(row.postal_code),
      city: text(row.city),
      idDocumentType: text(row.id_type),
      idDocumentNumber: text(row.id_number),
      idDocumentAuthority: text(row.id_authority),
      idDocumentDate: text(row.id_date),
    },
  };
}

/**
 * Is the identity document missing for a reception that needs it? A professional vendor (in a
 * company, or self-employed) receiving a depositor's items must record the document shown.
 */
export async function idDocumentMissing(
  trx: Kysely<Database>,
  deposit: { vendor: unknown; customer: unknown },
  values: (column: string) => unknown,
): Promise<boolean> {
  if (typeof deposit.customer !== 'string' || deposit.customer === '') return false;
  if (typeof deposit.vendor !== 'string' || deposit.vendor === '') return false;
  const { rows } = await sql<{ company: string | null; is_self_employed: boolean | null }>`
    select company, is_self_employed from vendor where uuid = ${deposit.vendor}`.execute(trx);
  if (
    !receptionNeedsIdDocument(
      rows[0] ? { company: rows[0].company, isSelfEmployed: rows[0].is_self_employed } : null,
      true,
    )
  )
    return false;
  const part = (name: string) => {
    const value = values(`reception_id_document_${name}`);
    return typeof value === 'string' ? value : '';
  };
  return !isIdDocumentComplete({
    type: part('type'),
    number: part('number'),
    authority: part('authority'),
    date: part('date'),
  });
}
