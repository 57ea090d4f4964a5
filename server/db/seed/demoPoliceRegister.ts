import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.gen.ts';
import { GENESIS_HASH, entryHash, type ChainedEntry } from '../../services/policeRegister/chain.ts';
import {
  RECEIVED_STATUSES,
  appendEntry,
  receivedContent,
  receivedKind,
  registerOf,
  selectReceived,
  type ReceivedRow,
} from '../../services/policeRegister/entries.ts';

const AUTHORITIES = [
  'Préfecture du Rhône',
  'Mairie de Paris 11e',
  'Préfecture de la Gironde',
  'Mairie de Lyon 2e',
];

/**
 * The demo's police register: the depositors of deposits already received (RECEIVED to INLINE,
 * as the register enters them) showed an identity document, and each of their items has its
 * entry, dated when it came into stock and chained as the service chains them, so the demo
 * register reads, exports and verifies like a real one. A register the demo starts is written in
 * one pass (numbers from 1, its counter inserted once); items added to a register that already
 * exists (a later, larger seed) go through the service's own `appendEntry`.
 */
export async function seedPoliceRegister(db: Kysely<Database>): Promise<number> {
  const received = sql.join(RECEIVED_STATUSES.map((s) => sql`${s}`));
  const authorities = sql.join(AUTHORITIES.map((a) => sql`${a}`));
  await sql`
    update deposit set
      reception_id_document_type = case when ascii(md5(uuid::text)) % 3 = 0
        then 'Passeport' else 'Carte nationale d’identité' end,
      reception_id_document_number = upper(substr(md5(uuid::text), 1, 9)),
      reception_id_document_authority =
        (array[${authorities}])[1 + ascii(substr(md5(uuid::text), 2, 1)) % ${AUTHORITIES.length}],
      reception_id_document_date =
        to_char(coalesce(affectation_datetime, created_at) - interval '4 years', 'YYYY-MM-DD')
    where customer is not null and vendor is not null
      and status::text in (${received})
      and coalesce(reception_id_document_number, '') = ''`.execute(db);
  const rows = await selectReceived(
    db,
    sql`true`,
    sql`coalesce(p.stock_entry_datetime, d.affectation_datetime, p.created_at), p.reference, p.uuid`,
  );
  const byRegister = new Map<string, ReceivedRow[]>();
  const registers = new Map<string, string>();
  for (const row of rows) {
    let register = registers.get(row.vendor);
    if (!register) {
      register = (await registerOf(db, row.vendor))!.register;
      registers.set(row.vendor, register);
    }
    byRegister.set(register, [...(byRegister.get(register) ?? []), row]);
  }
  for (const [register, entries] of byRegister) {
    const { rows: counter } = await sql<{ n: string }>`
      select last_number::text as n from police_register_counter where register = ${register}`.execute(
      db,
    );
    if (counter[0]) await appendEach(db, register, entries);
    else await writeNewRegister(db, register, entries);
  }
  return rows.length;
}

const enteredAt = (row: ReceivedRow) => new Date(row.received_at);

async function appendEach(db: Kysely<Database>, register: string, rows: ReceivedRow[]) {
  for (const row of rows)
    await appendEntry(db, {
      register,
      vendor: row.vendor,
      kind: receivedKind(row),
      enteredAt: enteredAt(row),
      product: row.product,
      deposit: row.deposit,
      corrects: null,
      createdBy: '',
      content: receivedContent(row),
    });
}

async function writeNewRegister(db: Kysely<Database>, register: string, rows: ReceivedRow[]) {
  let previousHash = GENESIS_HASH;
  const values = rows.map((row, i) => {
    const entry: ChainedEntry = {
      register,
      number: i + 1,
      vendor: row.vendor,
      kind: receivedKind(row),
      enteredAt: enteredAt(row),
      product: row.product,
      deposit: row.deposit,
      corrects: null,
      content: receivedContent(row),
    };
    const hash = entryHash(previousHash, entry);
    const value = sql`(${register}, ${entry.number}, ${entry.vendor}, ${entry.kind},
      ${entry.enteredAt}, ${entry.product}, ${entry.deposit}, ${JSON.stringify(entry.content)}::jsonb,
      ${previousHash}, ${hash})`;
    previousHash = hash;
    return value;
  });
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < values.length; start += 500)
      await sql`
        insert into police_register_entry (register, number, vendor, kind, entered_at, product,
          deposit, content, previous_hash, hash)
        values ${sql.join(values.slice(start, start + 500))}`.execute(trx);
    await sql`insert into police_register_counter (register, last_number)
      values (${register}, ${rows.length})`.execute(trx);
  });
}
