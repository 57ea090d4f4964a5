import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { SellerYear } from './dac7Sellers.ts';
import type { DocSpec, SellerDocument } from './dac7Xml.ts';

/** A DPI message as kept once built: its references, and each seller's document. */
export interface FiledMessage {
  readonly year: number;
  readonly messageRefId: string;
  readonly messageTypeIndic: 'DPI401' | 'DPI402' | 'DPI403';
  /** The first report of the chain, for a correction. */
  readonly corrects: string | null;
  readonly platformDocRefId: string;
  readonly filedBy: string;
  readonly sellers: readonly SellerDocument[];
  readonly now: Date;
}

/** One seller of a filed report as the latest document of its chain says it. */
export interface FiledSeller {
  readonly key: string;
  readonly name: string;
  readonly docRefId: string;
  readonly docTypeIndic: DocSpec['docTypeIndic'];
  /** The seller as that document sent them. */
  readonly data: SellerYear;
}

export interface FiledReport {
  readonly uuid: string;
  readonly year: number;
  readonly messageRefId: string;
  readonly messageTypeIndic: string;
  readonly corrects: string | null;
  readonly correctsMessageRefId: string;
  readonly filedAt: Date;
}

/**
 * What the file said of a seller, in the fields the XML carries: two equal strings mean an
 * unchanged entry (the masked IBAN, the gaps and the thresholds' verdict are the screen's).
 */
export function filedContent(s: SellerYear): string {
  return JSON.stringify([
    s.kind,
    s.firstName,
    s.lastName,
    s.name,
    s.address,
    s.postalCode,
    s.city,
    s.countryCode,
    s.tin,
    s.birthDate,
    s.registrationNumber,
    s.vatNumber,
    s.iban,
    s.accountHolder,
    s.quarters.map((q) => [q.consideration, q.sales, q.fees, q.taxes]),
  ]);
}

const idOf = (key: string, kind: 'vendor' | 'company') =>
  key.startsWith(`${kind}:`) ? key.slice(kind.length + 1) : null;

/** Keeps a built message and its documents, in the caller's transaction. */
export async function recordFiled(db: Transaction<Database>, m: FiledMessage): Promise<string> {
  const { rows } = await sql<{ uuid: string }>`
    insert into dac7_filed_report (year, message_ref_id, message_type_indic, corrects,
      platform_doc_ref_id, filed_by, created_at)
    values (${m.year}, ${m.messageRefId}, ${m.messageTypeIndic}, ${m.corrects},
      ${m.platformDocRefId}, ${m.filedBy}, ${m.now.toISOString()})
    returning uuid`.execute(db);
  const report = rows[0]!.uuid;
  for (const [i, { seller, spec }] of m.sellers.entries()) {
    await sql`
      insert into dac7_filed_seller (report, position, seller_key, vendor, company, name,
        doc_type_indic, doc_ref_id, corr_doc_ref_id, seller_data)
      values (${report}, ${i + 1}, ${seller.key}, ${idOf(seller.key, 'vendor')},
        ${idOf(seller.key, 'company')}, ${seller.name}, ${spec.docTypeIndic}, ${spec.docRefId},
        ${spec.corrDocRefId ?? null}, ${JSON.stringify(seller)}::jsonb)`.execute(db);
  }
  return report;
}

/** The year's filed messages, newest first. */
export async function filedReports(db: Kysely<Database>, year: number): Promise<FiledReport[]> {
  const { rows } = await sql<{
    uuid: string;
    year: number;
    message_ref_id: string;
    message_type_indic: string;
    corrects: string | null;
    corrects_ref: string | null;
    created_at: Date | string;
  }>`
    select r.uuid, r.year, r.message_ref_id, r.message_type_indic, r.corrects,
      o.message_ref_id as corrects_ref, r.created_at
    from dac7_filed_report r left join dac7_filed_report o on o.uuid = r.corrects
    where r.year = ${year} order by r.created_at desc, r.message_ref_id`.execute(db);
  return rows.map((r) => ({
    uuid: r.uuid,
    year: r.year,
    messageRefId: r.message_ref_id,
    messageTypeIndic: r.message_type_indic,
    corrects: r.corrects,
    correctsMessageRefId: r.corrects_ref ?? '',
    filedAt: new Date(r.created_at),
  }));
}

/** One filed message by its uuid, or undefined. */
export async function filedReport(
  db: Kysely<Database>,
  uuid: string,
): Promise<{ uuid: string; year: number; corrects: string | null } | undefined> {
  const { rows } = await sql<{ uuid: string; year: number; corrects: string | null }>`
    select uuid, year, corrects from dac7_filed_report where uuid = ${uuid}`.execute(db);
  return rows[0];
}

/**
 * The sellers of a first report and its corrections, each by the one document no later one
 * replaces (the DocRefId a new correction names); those whose latest document deleted them are
 * left out. In the first report's order.
 */
export async function currentSellers(
  db: Kysely<Database>,
  original: string,
): Promise<FiledSeller[]> {
  const { rows } = await sql<{
    seller_key: string;
    name: string;
    doc_ref_id: string;
    doc_type_indic: DocSpec['docTypeIndic'];
    seller_data: SellerYear | string;
  }>`
    select s.seller_key, s.name, s.doc_ref_id, s.doc_type_indic, s.seller_data
    from dac7_filed_seller s join dac7_filed_report r on r.uuid = s.report
    where (r.uuid = ${original} or r.corrects = ${original})
      and s.doc_type_indic <> 'OECD3'
      and not exists (select 1 from dac7_filed_seller later where later.corr_doc_ref_id = s.doc_ref_id)
    order by (r.uuid = ${original}) desc, r.created_at, s.position`.execute(db);
  return rows.map((r) => ({
    key: r.seller_key,
    name: r.name,
    docRefId: r.doc_ref_id,
    docTypeIndic: r.doc_type_indic,
    data:
      typeof r.seller_data === 'string' ? (JSON.parse(r.seller_data) as SellerYear) : r.seller_data,
  }));
}
