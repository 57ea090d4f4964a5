import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCsv } from '../../bench/page/baselines.impl.ts';
import { readSheetFile } from '../../src/domain/sheetImport/readSheet.ts';
import { EXPORT_COLUMNS, type ExportKind } from '../../src/domain/exports/exportColumns.ts';
import { createI18n } from '../../src/i18n/index.ts';
import { sheetSpec } from '../../src/machines/export/exportSpec.ts';
import { runExportJob } from '../../src/workers/spreadsheet/exportJob.impl.ts';
import { exportSource } from '../../src/workers/stream/exportSource.impl.ts';
import { consumeStream } from '../../src/workers/stream/stream.impl.ts';
import { startTestServer, type DemoUser, type TestServer } from '../helpers/testServer.ts';

/**
 * The export files read back as a user opens them: the real server stream, the worker's own
 * spreadsheet (read by the import's workbook reader) and a CSV of the same cells (read by the
 * import's CSV reader). A column that should hold names must never show an identifier.
 */
let t: TestServer;
const translate = createI18n('fr').t;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 700 }, ['admin', 'developer']);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** A cell (or one item of a list cell) of digits only: a numeric id, unless it is a name (size 46). */
const NUMERIC_ID = /^\s*\d+\s*$/;

/** Who runs each export: invoices belong to whoever may list them. */
const RUNNER: Readonly<Record<ExportKind, DemoUser>> = {
  products: 'admin',
  deposits: 'admin',
  customers: 'admin',
  invoices: 'developer',
};

/** The display names of every row of the tables a label column may refer to. */
async function namesOf(table: string): Promise<Set<string>> {
  const column = {
    category: sql`name`,
    brand: sql`name`,
    deposit: sql`name`,
    product_size: sql`title`,
    color: sql`title`,
    customer: sql`concat_ws(' ', first_name, last_name)`,
    vendor: sql`concat_ws(' ', first_name, last_name)`,
  }[table]!;
  const { rows } = await sql<{ label: string | null }>`
    select ${column} as label from ${sql.table(table)}`.execute(t.server.db);
  return new Set(rows.map((r) => r.label ?? ''));
}

/** The export of `kind` as the app builds it, and the same cells as CSV: both as bytes. */
async function exportFiles(kind: ExportKind) {
  const spec = sheetSpec(kind, translate, [], Date.now());
  const source = {
    kind,
    baseUrl: t.server.url,
    filters: {},
    ordering: '',
    search: '',
  };
  const token = t.token(RUNNER[kind]);
  const xlsx = await runExportJob(
    { source, sheet: spec },
    {
      getToken: () => token,
      onProgress: () => undefined,
      onSpecial: () => undefined,
      onBuilding: () => undefined,
    },
  );
  const { rows, labels } = await consumeStream(
    exportSource(source, () => token),
    {
      signal: new AbortController().signal,
      onProgress: () => undefined,
      onSpecial: () => undefined,
    },
  );
  const csv = buildCsv(spec, rows, labels);
  return {
    spec,
    rows: rows.length,
    xlsx: await readSheetFile(new Uint8Array(await xlsx.arrayBuffer()), 'export.xlsx'),
    csv: await readSheetFile(new Uint8Array(await csv.arrayBuffer()), 'export.csv'),
  };
}

describe('an exported file read back', () => {
  for (const kind of ['products', 'deposits', 'customers', 'invoices'] as const) {
    it(`shows names, never identifiers, in the name columns of the ${kind} export`, async () => {
      const { spec, rows, xlsx, csv } = await exportFiles(kind);
      expect(rows).toBeGreaterThan(0);
      const named = EXPORT_COLUMNS[kind].flatMap((column, index) =>
        column.labelOf ? [{ ...column, index, header: spec.columns[index]!.header }] : [],
      );
      for (const [format, file] of [
        ['xlsx', xlsx],
        ['csv', csv],
      ] as const) {
        const [header, ...lines] = file.records;
        expect(header!.cells, format).toEqual(spec.columns.map((c) => c.header));
        expect(lines, format).toHaveLength(rows);
        for (const column of named) {
          const names = await namesOf(column.labelOf!);
          const cells = lines.map((line) => line.cells[column.index] ?? '');
          // Not vacuous: the demo data fills every name column somewhere.
          expect(
            cells.some((c) => c !== ''),
            `${format} ${column.header}`,
          ).toBe(true);
          for (const [i, cell] of cells.entries()) {
            const where = `${format} ${column.header}, line ${i + 2}: ${cell}`;
            expect(cell, where).not.toMatch(UUID);
            const items = column.type === 'list' && cell !== '' ? cell.split(', ') : [cell];
            for (const item of items) {
              if (!names.has(item)) expect(item, where).not.toMatch(NUMERIC_ID);
              if (item !== '') expect(names.has(item), where).toBe(true);
            }
          }
        }
      }
    }, 60_000);
  }

  it('writes each product colour by its title, in both files', async () => {
    const { xlsx, csv } = await exportFiles('products');
    const index = EXPORT_COLUMNS.products.findIndex((c) => c.field === 'colors');
    const { rows } = await sql<{ titles: string }>`
      select array_to_string(array(select c.title from unnest(p.colors) with ordinality as u(id, n)
        join color c on c.uuid = u.id order by u.n), ', ') as titles
      from product p order by p.created_at, p.uuid`.execute(t.server.db);
    const expected = rows.map((r) => r.titles ?? '');
    expect(expected.filter(Boolean).length).toBeGreaterThan(0);
    for (const file of [xlsx, csv])
      expect(file.records.slice(1).map((line) => line.cells[index] ?? '')).toEqual(expected);
  }, 60_000);
});
