import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { describe, expect, it } from 'vitest';
import {
  MAX_SHEET_NAME,
  cellValue,
  columnLetter,
  excelSerial,
  isDateOnly,
  parisOffsetMs,
  sanitizeSheetName,
  xmlText,
} from './cells.impl.ts';
import type { SheetColumnSpec } from './sheetSpec.ts';
import { crc32 } from './zip.impl.ts';

const HOUR = 3_600_000;

describe('sanitizeSheetName', () => {
  it('replaces the characters Excel refuses and keeps the rest', () => {
    expect(sanitizeSheetName('Stock *2026* / a?b [c] d\\e:f')).toBe('Stock _2026_ _ a_b _c_ d_e_f');
    expect(sanitizeSheetName("'Dépôts'")).toBe('_Dépôts_');
    expect(sanitizeSheetName('Dépôts de Zoé')).toBe('Dépôts de Zoé');
  });

  it('cuts at 31 characters without splitting an emoji, and never leaves a name empty', () => {
    expect(sanitizeSheetName('x'.repeat(40))).toHaveLength(MAX_SHEET_NAME);
    const cut = sanitizeSheetName(`${'x'.repeat(30)}👗`);
    expect(cut).toBe('x'.repeat(30));
    expect(sanitizeSheetName('   ')).toBe('Export');
    expect(sanitizeSheetName('', 'Filtres')).toBe('Filtres');
  });
});

describe('Paris wall time', () => {
  it('knows winter, summer and both changes of 2026', () => {
    expect(parisOffsetMs(Date.UTC(2026, 0, 15, 12))).toBe(HOUR);
    expect(parisOffsetMs(Date.UTC(2026, 6, 15, 12))).toBe(2 * HOUR);
    // Summer time starts on 29 March 2026 at 01:00 UTC and ends on 25 October at 01:00 UTC.
    expect(parisOffsetMs(Date.UTC(2026, 2, 29, 0, 59))).toBe(HOUR);
    expect(parisOffsetMs(Date.UTC(2026, 2, 29, 1, 0))).toBe(2 * HOUR);
    expect(parisOffsetMs(Date.UTC(2026, 9, 25, 0, 59))).toBe(2 * HOUR);
    expect(parisOffsetMs(Date.UTC(2026, 9, 25, 1, 0))).toBe(HOUR);
  });

  it('writes the serial of the Paris clock: 24 Nov 2026 09:30 in Paris', () => {
    // 46,350 days from 1899-12-30 to 2026-11-24, plus 9.5 hours.
    const serial = excelSerial(Date.UTC(2026, 10, 24, 8, 30));
    expect(serial).toBeCloseTo(46_350 + 9.5 / 24, 9);
  });
});

const column = (type: SheetColumnSpec['type'], extra: Partial<SheetColumnSpec> = {}) => ({
  field: 'value',
  header: 'Valeur',
  type,
  ...extra,
});
const labels = new Map([
  ['brand-1', 'Maison Lin'],
  ['color-1', 'Bleu'],
  ['color-2', 'Blanc'],
]);
const cell = (c: SheetColumnSpec, value: unknown) => cellValue(c, { value }, labels);

describe('cellValue', () => {
  it('types every kind of column', () => {
    expect(cell(column('text'), 'Robe')).toBe('Robe');
    expect(cell(column('text'), '')).toBeNull();
    expect(cell(column('number'), 12)).toBe(12);
    expect(cell(column('number'), 0)).toBe(0);
    expect(cell(column('price'), 19.9)).toBe(19.9);
    expect(cell(column('price'), undefined)).toBeNull();
    expect(cell(column('price'), Number.NaN)).toBeNull();
    const at = Date.UTC(2026, 10, 24, 8, 30);
    expect(cell(column('date'), timestampFromMs(at))).toBe(excelSerial(at));
    expect(cell(column('date'), undefined)).toBeNull();
    const quality = column('enum', { enumLabels: { 1: 'Neuf avec étiquette' } });
    expect(cell(quality, 1)).toBe('Neuf avec étiquette');
    expect(cell(quality, 0)).toBeNull();
    expect(cell(column('label'), 'brand-1')).toBe('Maison Lin');
    expect(cell(column('label'), 'unknown')).toBeNull();
    // A list of colours shows their names, never their uuids, even one the stream did not name.
    expect(cell(column('list'), ['color-1', '', 'color-2'])).toBe('Bleu, Blanc');
    expect(cell(column('list'), ['color-1', 'unknown'])).toBe('Bleu');
    expect(cell(column('list'), [])).toBeNull();
  });

  it('cuts texts at the 32,767 characters a cell holds', () => {
    expect(cell(column('text'), 'a'.repeat(40_000))).toHaveLength(32_767);
  });

  it('shows dates without time when they all fall on a Paris midnight', () => {
    const c = column('date');
    const midnight = Date.UTC(2026, 10, 23, 23); // 24 Nov 00:00 in Paris
    const rows = [{ value: timestampFromMs(midnight) }, { value: undefined }];
    expect(isDateOnly(c, rows)).toBe(true);
    expect(isDateOnly(c, [...rows, { value: timestampFromMs(midnight + HOUR) }])).toBe(false);
  });
});

describe('sheet XML pieces', () => {
  it('escapes markup and drops what XML forbids', () => {
    expect(xmlText('Robe <bleue> & "jolie"')).toBe('Robe &lt;bleue&gt; &amp; "jolie"');
    expect(xmlText('a\u0001b\u000bc\td\ne')).toBe('abc\td\ne');
    expect(xmlText('👗 ok \uD800 lone')).toBe('👗 ok  lone');
    expect(xmlText('Déjà vu')).toBe('Déjà vu');
  });

  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetter)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'ZZ',
      'AAA',
    ]);
  });

  it('computes the zip checksum, whole or in pieces', () => {
    const bytes = new TextEncoder().encode('123456789');
    expect(crc32(bytes)).toBe(0xcbf43926);
    expect(crc32(bytes.subarray(4), crc32(bytes.subarray(0, 4)))).toBe(0xcbf43926);
  });
});
