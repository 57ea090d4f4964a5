import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  PoliceRegisterDepositorSchema,
  PoliceRegisterEntryKind,
  PoliceRegisterEntrySchema,
  PoliceRegisterItemSchema,
  type PoliceRegisterEntry,
} from '../../../src/rpc/gen/seconde/v1/police_register_pb.ts';
import { isDayValue } from '../../../src/domain/dates.ts';
import type { ChainedEntry, RegisterContent, RegisterKind } from './chain.ts';
import { refuse } from './entries.ts';

/** An entry as read from the database, with the number of the entry it corrects. */
export interface EntryRow {
  uuid: string;
  register: string;
  number: string | number;
  vendor: string;
  kind: RegisterKind;
  entered_at: Date;
  product: string | null;
  deposit: string | null;
  corrects: string | null;
  corrects_number: string | number | null;
  content: RegisterContent | string;
  previous_hash: string;
  hash: string;
}

const contentOf = (row: EntryRow): RegisterContent =>
  typeof row.content === 'string' ? (JSON.parse(row.content) as RegisterContent) : row.content;

/** The fields the hash covers, as the chain reads them back. */
export function chainedOf(row: EntryRow): ChainedEntry & {
  uuid: string;
  previousHash: string;
  hash: string;
} {
  return {
    uuid: row.uuid,
    register: row.register,
    number: Number(row.number),
    vendor: row.vendor,
    kind: row.kind,
    enteredAt: new Date(row.entered_at),
    product: row.product,
    deposit: row.deposit,
    corrects: row.corrects,
    content: contentOf(row),
    previousHash: row.previous_hash,
    hash: row.hash,
  };
}

const KIND: Record<RegisterKind, PoliceRegisterEntryKind> = {
  DEPOSIT: PoliceRegisterEntryKind.DEPOSIT,
  PURCHASE: PoliceRegisterEntryKind.PURCHASE,
  CORRECTION: PoliceRegisterEntryKind.CORRECTION,
  RESTITUTION: PoliceRegisterEntryKind.RESTITUTION,
};

export function toMessage(row: EntryRow): PoliceRegisterEntry {
  const content = contentOf(row);
  return create(PoliceRegisterEntrySchema, {
    uuid: row.uuid,
    number: BigInt(row.number),
    vendor: row.vendor,
    vendorName: content.vendorName,
    kind: KIND[row.kind],
    enteredAt: timestampFromDate(new Date(row.entered_at)),
    product: row.product ?? '',
    deposit: row.deposit ?? '',
    depositName: content.depositName,
    corrects: row.corrects ?? '',
    correctsNumber: BigInt(row.corrects_number ?? 0),
    correctionReason: content.correctionReason,
    item: create(PoliceRegisterItemSchema, {
      ...content.item,
      priceCents: BigInt(content.item.priceCents),
    }),
    depositor: create(PoliceRegisterDepositorSchema, content.depositor),
    previousHash: row.previous_hash,
    hash: row.hash,
  });
}

/** A period's bounds, both days included; an end after the start is refused. */
export function periodOf(from: string, to: string): { from: string; to: string } {
  for (const [value, field] of [
    [from, 'from'],
    [to, 'to'],
  ] as const)
    if (value !== '' && !isDayValue(value))
      throw refuse('POLICE_REGISTER_PERIOD_INVALID', `${field} is not a day`, Code.InvalidArgument);
  if (from && to && from > to)
    throw refuse(
      'POLICE_REGISTER_PERIOD_INVALID',
      'The period ends before it starts',
      Code.InvalidArgument,
    );
  return { from, to };
}

/** A register's entries in number order, within a period (Paris days) and page when given. */
export async function selectEntries(
  db: Kysely<Database>,
  register: string,
  options: { from?: string; to?: string; page?: { page: number; pageSize: number } } = {},
): Promise<{ rows: EntryRow[]; count: number }> {
  const day = sql`(e.entered_at at time zone 'Europe/Paris')::date`;
  const conditions = sql.join(
    [
      sql`e.register = ${register}`,
      ...(options.from ? [sql`${day} >= ${options.from}::date`] : []),
      ...(options.to ? [sql`${day} <= ${options.to}::date`] : []),
    ],
    sql` and `,
  );
  const { page } = options;
  const { rows } = await sql<EntryRow>`
    select e.uuid, e.register, e.number, e.vendor, e.kind, e.entered_at, e.product, e.deposit,
      e.corrects, c.number as corrects_number, e.content, e.previous_hash, e.hash
    from police_register_entry e left join police_register_entry c on c.uuid = e.corrects
    where ${conditions}
    order by e.number
    ${page ? sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}` : sql``}`.execute(
    db,
  );
  if (!page) return { rows, count: rows.length };
  const { rows: counted } = await sql<{ count: string | number }>`
    select count(*) as count from police_register_entry e where ${conditions}`.execute(db);
  return { rows, count: Number(counted[0]?.count ?? 0) };
}
