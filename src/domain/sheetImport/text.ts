import { SheetFileError } from './issues.ts';

/** A line of the sheet as text cells, numbered as the user's software numbers it (1: header). */
export interface SheetRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

/**
 * A name compared without case, accents, spaces or punctuation: `Date d'entrée` → `datedentree`,
 * `Levi’s` and `Levi's` → `levis`. Headers and reference names are matched this way.
 */
export function matchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]/g, '');
}

/** A cell as the user meant it: outer spaces (non-breaking ones too) dropped. */
export function cleanCell(text: string | undefined): string {
  return (text ?? '').replace(/^[\s\u00a0\ufeff]+|[\s\u00a0]+$/g, '');
}

/** UTF-8 when the bytes are valid UTF-8 (BOM dropped), otherwise Windows-1252 (older Excel). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of a CSV file: whichever of `;`, `,` and tab splits its first line most. */
export function detectDelimiter(firstLine: string): string {
  let best = ';';
  let bestCount = -1;
  for (const candidate of [';', ',', '\t']) {
    // Separators inside quotes do not count.
    const count = firstLine.replace(/"[^"]*"/g, '').split(candidate).length;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

/**
 * RFC 4180 records: quotes around fields, doubled quotes inside, line breaks inside quotes. A
 * blank line yields no record; a line of empty cells (`;;;`) yields one, which the validation
 * reports as an ignored empty row.
 */
export function parseCsv(text: string, delimiter?: string): SheetRecord[] {
  const source = text.replace(/^\uFEFF/, '');
  const sep = delimiter ?? detectDelimiter(source.split(/\r?\n/, 1)[0] ?? '');
  const records: SheetRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === sep) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new SheetFileError('fileUnreadable', { line: start });
  if (cell !== '' || cells.length) endRecord();
  return records;
}

/** Markup in a text cell: a tag opening (`<b`, `</`, `<!--`, `<?`) or a script address. */
const MARKUP = /<\s*[a-z!/?]|javascript\s*:/i;
/** What spreadsheet software would run as a formula when the text is opened again (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * How a text cell is kept safe. Markup is refused (the row is reported, nothing is altered
 * behind the user's back); a cell that spreadsheet software would read as a formula is kept as
 * plain text, never evaluated, and the row says so.
 */
export function textSafety(text: string): 'markup' | 'formula' | null {
  if (MARKUP.test(text)) return 'markup';
  if (FORMULA_START.test(text)) return 'formula';
  return null;
}
