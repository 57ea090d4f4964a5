import { create } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { createI18n } from '../../src/i18n/index.ts';
import { sheetSpec } from '../../src/machines/export/exportSpec.ts';
import { DepositSchema, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ProductQuality,
  ProductSchema,
  SaleStatus,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { excelSerial, parisWallMs } from '../../src/workers/spreadsheet/cells.impl.ts';
import { buildSpreadsheet } from '../../src/workers/spreadsheet/sheetWriter.impl.ts';

/**
 * The export file read back by two independent readers: SheetJS for cell types, formats and
 * sheet settings, LibreOffice (headless) for proof that a real spreadsheet opens it whole.
 */
const ROWS = 3000;
const t = createI18n('fr').t;
const BASE = Date.UTC(2026, 0, 1, 8, 15);
const HOUR = 3_600_000;
const labels = new Map<string, string>([
  ...Array.from({ length: 20 }, (_, i) => [`cat-${i}`, `Catégorie ${i}`] as const),
  ['brand-1', 'Maison <Lin> & Fils'],
  ['size-1', 'M'],
  ['color-1', 'Bleu'],
  ['color-2', 'Blanc'],
  ['deposit-1', 'Dépôt de Zoé'],
]);

/** Three thousand products over winter and summer time, some fields left empty. */
const products = Array.from({ length: ROWS }, (_, i) =>
  create(ProductSchema, {
    uuid: `p-${i}`,
    reference: `REF-${String(i).padStart(6, '0')}`,
    name: i === 7 ? 'Robe "été" <courte> & ceinture' : `Article ${i}`,
    category: `cat-${i % 20}`,
    brand: i % 2 ? 'brand-1' : '',
    productSize: 'size-1',
    colors: i % 3 ? ['color-1', 'color-2'] : [],
    quality: ProductQuality.VERY_GOOD,
    saleStatus: i % 4 ? SaleStatus.ONLINE : SaleStatus.SELL,
    suggestedPrice: 10 + (i % 100) / 4,
    ...(i % 4 === 0 && { selledPrice: 9.5 }),
    vendorIncome: 4.75,
    customerIncome: 4.75,
    deposit: 'deposit-1',
    // Every four hours over the year: both sides of both clock changes.
    stockEntryDatetime: timestampFromMs(BASE + i * 4 * HOUR),
    ...(i % 4 === 0 && { sellDatetime: timestampFromMs(BASE + i * 4 * HOUR + HOUR) }),
    comment: i % 10 ? '' : 'Petite tache\u0001 sur la manche',
  }),
);
const FILTERS = [
  { name: 'Statut de vente', value: 'En ligne, Vendu' },
  { name: 'Recherche', value: 'robe' },
];
const EXPORTED_AT = Date.UTC(2026, 10, 24, 8, 30);
const spec = {
  ...sheetSpec('products', t, FILTERS, EXPORTED_AT),
  sheetName: 'Stock *test* [2026]',
};

let dir: string;
let file: string;
let bytes: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'seconde-xlsx-'));
  bytes = new Uint8Array(await (await buildSpreadsheet(products, labels, spec)).arrayBuffer());
  file = path.join(dir, 'stock.xlsx');
  await writeFile(file, bytes);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The fields of one CSV line as LibreOffice writes it (texts quoted, quotes doubled). */
function fields(line: string): string[] {
  return [...line.matchAll(/(?:"((?:[^"]|"")*)"|([^,]*))(?:,|$)/g)]
    .slice(0, -1)
    .map(([, quoted, plain]) => (quoted !== undefined ? quoted.replace(/""/g, '"') : plain!));
}

/** `dd/mm/yyyy hh:mm` of an instant on the Paris clock. */
function parisText(ms: number): string {
  const d = new Date(parisWallMs(ms));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

describe('the export file, read by SheetJS', () => {
  it('holds every row under translated headers, with typed cells', () => {
    const book = XLSX.read(bytes, { type: 'array', cellNF: true });
    expect(book.SheetNames).toEqual(['Stock _test_ _2026_', 'Filtres']);
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(sheet['!ref']).toBe(`A1:P${ROWS + 1}`);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
    expect(rows).toHaveLength(ROWS + 1);
    expect(rows[0]).toEqual(spec.columns.map((c) => c.header));
    expect(rows[0]!.slice(0, 3)).toEqual(['Référence', 'Nom', 'Catégorie']);

    const cell = (ref: string) => sheet[ref] as XLSX.CellObject;
    // Row 9 is product 7: texts escaped and kept, labels resolved, lists joined, enums translated.
    expect(cell('A9').v).toBe('REF-000007');
    expect(cell('B9').v).toBe('Robe "été" <courte> & ceinture');
    expect(cell('C9').v).toBe('Catégorie 7');
    expect(cell('D9').v).toBe('Maison <Lin> & Fils');
    expect(cell('F9').v).toBe('Bleu, Blanc');
    expect(cell('G9').v).toBe('Très bon état');
    expect(cell('H9').v).toBe('En ligne');
    expect(cell('H2').v).toBe('Vendu');
    expect(cell('M9').v).toBe('Dépôt de Zoé');
    // Empty values leave empty cells; control characters are dropped.
    expect(cell('D2')).toBeUndefined();
    expect(cell('J9')).toBeUndefined();
    expect(cell('P2').v).toBe('Petite tache sur la manche');
    // Numbers are numbers, prices carry a euro format.
    expect(cell('I9')).toMatchObject({ t: 'n', v: 11.75 });
    expect(cell('I9').z).toContain('€');
    expect(cell('J2')).toMatchObject({ t: 'n', v: 9.5 });
  });

  it('writes dates as dates, on the Paris clock, across both clock changes', () => {
    const serials = XLSX.read(bytes, { type: 'array', cellNF: true }).Sheets[
      'Stock _test_ _2026_'
    ]!;
    const dates = XLSX.read(bytes, { type: 'array', cellDates: true }).Sheets[
      'Stock _test_ _2026_'
    ]!;
    for (const i of [0, 500, 1000, 1500, 2000, 2999]) {
      const entry = serials[`N${i + 2}`] as XLSX.CellObject;
      expect(entry.z).toBe('dd/mm/yyyy hh:mm');
      expect(XLSX.SSF.is_date(entry.z!)).toBe(true);
      expect(entry.v as number).toBeCloseTo(excelSerial(BASE + i * 4 * HOUR), 8);
      expect((dates[`N${i + 2}`] as XLSX.CellObject).t).toBe('d');
    }
    // Stock entry 08:15 UTC on 1 January is 09:15 in Paris; on 1 July it is 10:15.
    expect(XLSX.SSF.format('dd/mm/yyyy hh:mm', (serials.N2 as XLSX.CellObject).v as number)).toBe(
      '01/01/2026 09:15',
    );
    expect((dates.O2 as XLSX.CellObject).t).toBe('d');
    expect(dates.O3).toBeUndefined();
  });

  it('freezes a bold header row, filters it and makes rows 25 high', () => {
    const book = XLSX.read(bytes, { type: 'array', cellStyles: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(sheet['!autofilter']).toEqual({ ref: `A1:P${ROWS + 1}` });
    expect(sheet['!rows']![0]!.hpt).toBe(25);
    expect(sheet['!rows']![ROWS]!.hpt).toBe(25);

    const zip = XLSX.CFB.read(bytes, { type: 'array' });
    const part = (name: string) =>
      Buffer.from(XLSX.CFB.find(zip, `/${name}`)!.content as Uint8Array).toString('utf8');
    const xml = part('xl/worksheets/sheet1.xml');
    expect(xml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    const headerStyle = Number(/<c r="A1" s="(\d+)"/.exec(xml)![1]);
    const styles = part('xl/styles.xml');
    const xfs = [...styles.split('<cellXfs')[1]!.matchAll(/<xf [^>]*fontId="(\d+)"/g)];
    const fontId = Number(xfs[headerStyle]![1]);
    const fonts = [
      ...styles
        .split('<fonts')[1]!
        .split('</fonts>')[0]!
        .matchAll(/<font>(.*?)<\/font>/g),
    ];
    expect(fonts[fontId]![1]).toContain('<b/>');
  });

  it('names the filters and the export date on the second sheet', () => {
    const book = XLSX.read(bytes, { type: 'array', cellNF: true });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Filtres!, {
      header: 1,
      raw: true,
    });
    expect(rows[0]![0]).toBe('Exporté le');
    expect(rows[0]![1] as number).toBeCloseTo(excelSerial(EXPORTED_AT), 8);
    expect((book.Sheets.Filtres!.B1 as XLSX.CellObject).z).toBe('dd/mm/yyyy hh:mm');
    expect(rows[1]).toEqual(['Lignes', ROWS]);
    expect(rows.slice(3)).toEqual([
      ['Filtre', 'Valeur'],
      ['Statut de vente', 'En ligne, Vendu'],
      ['Recherche', 'robe'],
    ]);
  });

  it('types whole numbers and midnight dates of a deposits export', async () => {
    const midnight = Date.UTC(2026, 5, 30, 22); // 1 July 00:00 in Paris
    const deposits = Array.from({ length: 50 }, (_, i) =>
      create(DepositSchema, {
        uuid: `d-${i}`,
        name: `Dépôt ${i}`,
        status: DepositStatus.INLINE,
        productNumber: i,
        depositDatetime: timestampFromMs(midnight + i * 24 * HOUR),
      }),
    );
    const blob = await buildSpreadsheet(
      deposits,
      new Map(),
      sheetSpec('deposits', t, [], EXPORTED_AT),
    );
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), {
      type: 'array',
      cellNF: true,
    });
    const sheet = book.Sheets.Dépôts!;
    expect(sheet.C2).toMatchObject({ v: 'En ligne' });
    expect(sheet.F4).toMatchObject({ t: 'n', v: 2 });
    expect((sheet.D2 as XLSX.CellObject).z).toBe('dd/mm/yyyy');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Filtres!, { header: 1 });
    expect(rows.at(-1)).toEqual(['Aucun filtre : toutes les lignes']);
  });
});

describe('the export file, opened by LibreOffice', () => {
  it('converts without repair and keeps every row', async () => {
    const profile = path.join(dir, 'profile');
    await promisify(execFile)(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1',
        '--outdir',
        dir,
        file,
      ],
      { timeout: 120_000 },
    );
    const csv = await readFile(path.join(dir, 'stock.csv'), 'utf8');
    const lines = csv.trimEnd().split('\n').map(fields);
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toEqual(spec.columns.map((c) => c.header));
    expect(lines[1]!.slice(0, 3)).toEqual(['REF-000000', 'Article 0', 'Catégorie 0']);
    expect(lines[1]![13]).toBe(parisText(BASE));
    expect(lines[8]![1]).toBe('Robe "été" <courte> & ceinture');
    expect(lines[ROWS]![0]).toBe('REF-002999');
    expect(lines[ROWS]![13]).toBe(parisText(BASE + 2999 * 4 * HOUR));
  }, 150_000);
});
