import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { decodeIssue, encodeFileIssue, encodeRowIssue, type RowIssue } from './issues.ts';
import { previewImportFile, type PreviewOutcome } from './previewFile.ts';
import { previewProductSheet, type ProductPreview } from './products.ts';
import { qualityOf } from './references.ts';
import { acceptedRows, refusals } from './sheet.ts';
import { TEST_REFERENCES } from './testReferences.ts';
import { matchKey, parseCsv, textSafety } from './text.ts';
import { parseDay, parseDecimal } from './values.ts';
import { MAX_SHEET_BYTES, cellText } from './readSheet.ts';

const fixture = async (name: string) =>
  new Uint8Array(
    await readFile(new URL(`../../../tests/fixtures/sheets/${name}`, import.meta.url)),
  );

const products = { kind: 'products', references: TEST_REFERENCES } as const;

function productPreview(outcome: PreviewOutcome): ProductPreview {
  if (!outcome.ok || outcome.kind !== 'products') throw new Error(JSON.stringify(outcome));
  return outcome.preview;
}

const issuesOf = (preview: ProductPreview, row: number) =>
  preview.rows.find((r) => r.row === row)?.issues.map((i) => [i.code, i.level, i.column]);

describe('the product fixture sheet', () => {
  it('accepts IMP-0001..0060 with their values read as a French sheet writes them', async () => {
    const preview = productPreview(
      await previewImportFile(
        await fixture('produits-import.csv'),
        'produits-import.csv',
        products,
      ),
    );
    expect(preview.sheetName).toBe('produits-import');
    expect(preview.columns).toEqual([
      'reference',
      'name',
      'category',
      'brand',
      'size',
      'color',
      'quality',
      'price',
      'entryDate',
      'comment',
    ]);
    const accepted = acceptedRows(preview);
    expect(accepted.map((r) => r.values.reference)).toEqual(
      Array.from({ length: 60 }, (_, i) => `IMP-${String(i + 1).padStart(4, '0')}`),
    );
    expect(preview.validCount).toBe(60);
    const first = accepted[0]!;
    expect(first.row).toBe(2);
    expect(first.values).toMatchObject({
      name: 'Jean Petit Bateau n°1',
      category: TEST_REFERENCES.categories[3]!.uuid,
      brand: TEST_REFERENCES.brands[2]!.uuid,
      manualBrand: '',
      size: TEST_REFERENCES.sizes[1]!.uuid,
      colors: [TEST_REFERENCES.colors[2]!.uuid],
      quality: 'NEW_WITHOUT_TICKET',
      price: 6.07,
      entryDate: '2026-02-02',
      comment: '',
    });
    // Levi's with a straight apostrophe is the catalogue's Levi’s.
    expect(accepted[2]!.values.brand).toBe(TEST_REFERENCES.brands[6]!.uuid);
    // A Jean in 38 is the trouser size, not the shoe size of the same title.
    const jean38 = accepted.find((r) => r.values.reference === 'IMP-0057')!;
    expect(jean38.values.size).toBe(TEST_REFERENCES.sizes[3]!.uuid);
    // An unknown colour is left out with a warning, the row still goes in.
    const ecru = accepted.find((r) => r.values.reference === 'IMP-0002')!;
    expect(preview.rows.find((r) => r.row === ecru.row)!.issues).toEqual([
      {
        row: 3,
        code: 'colorUnknown',
        level: 'warning',
        column: 'color',
        params: { value: 'écru' },
      },
    ]);
    expect(ecru.values.colors).toEqual([]);
  });

  it('gives each fault its code on its own row and ignores the empty row', async () => {
    const preview = productPreview(
      await previewImportFile(
        await fixture('produits-import.csv'),
        'produits-import.csv',
        products,
      ),
    );
    expect(preview.refusedCount).toBe(7);
    expect(issuesOf(preview, 62)).toEqual([['priceMissing', 'error', 'price']]);
    expect(issuesOf(preview, 63)).toEqual([['categoryUnknown', 'error', 'category']]);
    expect(issuesOf(preview, 64)).toEqual([['qualityUnknown', 'error', 'quality']]);
    expect(issuesOf(preview, 65)).toEqual([['referenceDuplicate', 'error', 'reference']]);
    expect(preview.rows.find((r) => r.row === 65)!.issues[0]!.params).toEqual({ firstRow: 11 });
    expect(issuesOf(preview, 66)).toEqual([['priceNotPositive', 'error', 'price']]);
    expect(issuesOf(preview, 67)).toEqual([
      ['colorUnknown', 'warning', 'color'],
      ['dateInvalid', 'error', 'entryDate'],
    ]);
    expect(preview.skipped).toEqual([68]);
    expect(preview.rows.some((r) => r.row === 68)).toBe(false);
    expect(issuesOf(preview, 69)).toEqual([
      ['markupRefused', 'error', 'name'],
      ['formulaAsText', 'warning', 'comment'],
    ]);
    // The formula is kept as typed, never evaluated.
    expect(preview.rows.find((r) => r.row === 69)!.cells.comment).toBe('=1+1');
    expect(refusals(preview).map((i) => i.row)).toEqual([62, 63, 64, 65, 66, 67, 69]);
  });

  it('reads the same preview from the .xlsx as from the .csv', async () => {
    const csv = await previewImportFile(
      await fixture('produits-import.csv'),
      'produits-import.csv',
      products,
    );
    const xlsx = await previewImportFile(
      await fixture('produits-import.xlsx'),
      'produits-import.xlsx',
      products,
    );
    // Typed numbers read back as `9` where the CSV says `9,00`: the rows, their values and their
    // problems are what must agree.
    const shape = (preview: ProductPreview) => ({
      ...preview,
      rows: preview.rows.map((r) => ({
        row: r.row,
        values: r.values,
        issues: r.issues.map(({ code, level, column }) => ({ code, level, column })),
      })),
    });
    expect(shape(productPreview(xlsx))).toEqual(shape(productPreview(csv)));
    expect(productPreview(xlsx).rows.find((r) => r.row === 69)!.cells.comment).toBe('=1+1');
  });

  it('refuses a reference already used in the deposit', () => {
    const records = parseCsv('Référence;Nom;Catégorie;Prix\nA-1;Robe;Robe;10\nA-2;Robe;Robe;10\n');
    const preview = previewProductSheet('s', records, TEST_REFERENCES, {
      existingReferences: ['A-2'],
    });
    expect(preview.rows.map((r) => r.issues.map((i) => i.code))).toEqual([[], ['referenceExists']]);
  });
});

describe('product sheet rules', () => {
  const sheet = (header: string, ...lines: string[]) =>
    previewProductSheet('s', parseCsv([header, ...lines].join('\n')), TEST_REFERENCES);

  it('recognises English headers whatever their case and accents', () => {
    const preview = sheet(
      'REFERENCE,Product name,CATEGORY,brand,Size,Colour,Condition,Price,Entry date,Notes,Other',
      'R1,Dress,Robes,Marque libre,m,"noir, bleu",Very good,"1,234.50",2026-03-01,ok,x',
    );
    expect(preview.ignoredColumns).toEqual(['Other']);
    expect(preview.rows[0]!.issues).toEqual([]);
    expect(preview.rows[0]!.values).toMatchObject({
      brand: null,
      manualBrand: 'Marque libre',
      quality: 'VERY_GOOD',
      price: 1234.5,
      entryDate: '2026-03-01',
      colors: [TEST_REFERENCES.colors[0]!.uuid, TEST_REFERENCES.colors[1]!.uuid],
    });
  });

  it('refuses a file without a required column before any row', async () => {
    const outcome = await previewImportFile(
      new TextEncoder().encode('Référence;Nom;Prix\nA;B;1\n'),
      'a.csv',
      products,
    );
    expect(outcome).toEqual({
      ok: false,
      error: { code: 'columnMissing', params: { column: 'category' } },
    });
  });

  it('reports missing values, unknown sizes and a category chosen among several', () => {
    const preview = sheet(
      'Référence;Nom;Catégorie;Taille;Prix',
      ';;Chaussure;XXL;abc',
      'R;N;Robe;M;0',
      'S;N;chaussures;40;5',
    );
    expect(preview.rows.map((r) => r.issues.map((i) => i.code))).toEqual([
      ['referenceMissing', 'nameMissing', 'categoryGuessed', 'sizeUnknown', 'priceInvalid'],
      ['priceNotPositive'],
      ['categoryGuessed'],
    ]);
    const shoes = preview.rows[2]!;
    expect(shoes.issues[0]!.params).toEqual({ value: 'chaussures', chosen: 'Chaussures femme' });
    // The first shoe category of the catalogue, in its own size group.
    expect(shoes.values).toMatchObject({
      category: TEST_REFERENCES.categories[7]!.uuid,
      size: TEST_REFERENCES.sizes[7]!.uuid,
    });
  });

  it('takes qualities by name or by their French or English label', () => {
    expect(qualityOf('new_with_ticket')).toBe('NEW_WITH_TICKET');
    expect(qualityOf('Très bon état')).toBe('VERY_GOOD');
    expect(qualityOf('tres bon etat')).toBe('VERY_GOOD');
    expect(qualityOf('New without tags')).toBe('NEW_WITHOUT_TICKET');
    expect(qualityOf('TERRIBLE')).toBeNull();
  });
});

describe('cells', () => {
  it('reads decimal commas, grouping and currency', () => {
    expect(parseDecimal('6,07')).toBe(6.07);
    expect(parseDecimal('1 234,50 €')).toBe(1234.5);
    expect(parseDecimal('1.234,50')).toBe(1234.5);
    expect(parseDecimal('-4,00')).toBe(-4);
    expect(parseDecimal('12,3,4')).toBeNull();
    expect(parseDecimal('douze')).toBeNull();
  });

  it('reads real days only', () => {
    expect(parseDay('02/02/2026')).toBe('2026-02-02');
    expect(parseDay('2.3.26')).toBe('2026-03-02');
    expect(parseDay('2026-03-02T00:00:00.000Z')).toBe('2026-03-02');
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('29/02/2024')).toBe('2024-02-29');
    expect(parseDay('demain')).toBeNull();
  });

  it('treats formulas as text and refuses markup', () => {
    expect(textSafety('=1+1')).toBe('formula');
    expect(textSafety('@SUM(A1)')).toBe('formula');
    expect(textSafety('<script>alert(1)</script>')).toBe('markup');
    expect(textSafety('<b>gras</b>')).toBe('markup');
    expect(textSafety('taille < 40 cm')).toBeNull();
    expect(textSafety('Très bon état, lavé à 30°')).toBeNull();
  });

  it('reads workbook cells as the user typed them', () => {
    expect(cellText(new Date(Date.UTC(2026, 1, 2)))).toBe('02/02/2026');
    expect(cellText({ formula: 'A1*2', result: 4 })).toBe('=A1*2');
    expect(cellText({ richText: [{ text: 'Zo' }, { text: 'é' }] })).toBe('Zoé');
    expect(cellText(25.2)).toBe('25.2');
  });

  it('compares names without case, accents or punctuation', () => {
    expect(matchKey("Date d'entrée")).toBe('datedentree');
    expect(matchKey('Levi’s')).toBe(matchKey("LEVI'S"));
  });
});

describe('file problems', () => {
  it('refuses empty, too large, old-format and unreadable files', async () => {
    const outcome = (bytes: Uint8Array, name: string) => previewImportFile(bytes, name, products);
    expect(await outcome(new Uint8Array(), 'a.csv')).toEqual({
      ok: false,
      error: { code: 'fileEmpty', params: {} },
    });
    expect(await outcome(new Uint8Array(MAX_SHEET_BYTES + 1), 'a.csv')).toEqual({
      ok: false,
      error: { code: 'fileTooLarge', params: { maxMb: 5 } },
    });
    const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]);
    expect(await outcome(xls, 'old.xls')).toMatchObject({ error: { code: 'fileFormat' } });
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    expect(await outcome(zip, 'a.xlsx')).toMatchObject({ error: { code: 'fileUnreadable' } });
    const quote = new TextEncoder().encode('Référence;Nom;Catégorie;Prix\n"A;B;C;1\n');
    expect(await outcome(quote, 'a.csv')).toMatchObject({ error: { code: 'fileUnreadable' } });
  });

  it('names a workbook after its first sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet(' Stock été ').addRow(['Référence', 'Nom', 'Catégorie', 'Prix']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(productPreview(await previewImportFile(bytes, 'x.xlsx', products)).sheetName).toBe(
      'Stock été',
    );
  });
});

describe('the contacts fixture sheet', () => {
  it('accepts the 30 contacts and refuses the three faulty rows', async () => {
    const outcome = await previewImportFile(await fixture('clients-import.csv'), 'c.csv', {
      kind: 'customers',
    });
    if (!outcome.ok || outcome.kind !== 'customers') throw new Error('refused');
    const { preview } = outcome;
    expect(preview.validCount).toBe(30);
    expect(acceptedRows(preview)[0]!.values).toEqual({
      first_name: 'José',
      last_name: 'Nuñez',
      email: 'jose.nunez1@exemple.fr',
      phone_number: '0611203041',
      postal_code: '75013',
      city: 'Paris',
      address: '1 rue de la Paix',
    });
    expect(refusals(preview).map((i) => [i.row, i.code, i.params])).toEqual([
      [32, 'emailMissing', undefined],
      [33, 'emailInvalid', { value: 'pas-un-email' }],
      [34, 'emailDuplicate', { value: 'amelie.durand5@exemple.fr', firstRow: 6 }],
    ]);
  });
});

describe('issues on the wire', () => {
  it('travel as small JSON objects and come back the same', () => {
    const issue: RowIssue = {
      row: 65,
      code: 'referenceDuplicate',
      level: 'error',
      column: 'reference',
      params: { firstRow: 11 },
    };
    expect(encodeRowIssue(issue)).toBe(
      '{"row":65,"code":"referenceDuplicate","column":"reference","params":{"firstRow":11}}',
    );
    expect(decodeIssue(encodeRowIssue(issue))).toEqual({ kind: 'row', issue });
    expect(decodeIssue(encodeFileIssue({ code: 'noValidRow' }))).toEqual({
      kind: 'file',
      issue: { code: 'noValidRow' },
    });
    expect(decodeIssue('line 3: the e-mail is missing')).toEqual({
      kind: 'text',
      text: 'line 3: the e-mail is missing',
    });
  });
});
