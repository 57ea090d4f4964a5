/**
 * The contacts import: a CSV file as spreadsheets save it (comma, semicolon or tab; quoted fields;
 * UTF-8 or Windows-1252), its header mapped to customer fields, every line checked on its own so
 * one bad line is reported without losing the others.
 */

export const IMPORT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'address',
  'postal_code',
  'city',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ImportRow = Readonly<Partial<Record<ImportField, string>>> & { readonly email: string };

/** Header spellings (lower case, without accents, spaces or punctuation) for each field. */
const HEADERS: Readonly<Record<ImportField, readonly string[]>> = {
  first_name: ['firstname', 'prenom', 'givenname'],
  last_name: ['lastname', 'nom', 'nomdefamille', 'familyname', 'surname', 'name'],
  email: ['email', 'mail', 'courriel', 'adressemail', 'adresseemail', 'emailaddress'],
  phone_number: ['phonenumber', 'phone', 'telephone', 'tel', 'portable', 'mobile'],
  address: ['address', 'adresse', 'rue', 'street'],
  postal_code: ['postalcode', 'codepostal', 'cp', 'zip', 'zipcode'],
  city: ['city', 'ville', 'commune', 'town'],
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POSTAL_CODE = /^[A-Za-z0-9 -]{2,10}$/;

/** A record of the file and the line it starts on (1 is the header). */
export interface Record_ {
  readonly line: number;
  readonly cells: string[];
}

export interface ParsedImport {
  readonly rows: ReadonlyArray<{ readonly line: number; readonly row: ImportRow }>;
  readonly errors: readonly string[];
}

export class ImportFileError extends Error {}

/** UTF-8 when the bytes are valid UTF-8 (BOM dropped), otherwise Windows-1252 (older Excel). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function detectDelimiter(firstLine: string): string {
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** RFC 4180 records: quotes around fields, doubled quotes inside, line breaks inside quotes. */
export function parseCsv(text: string, delimiter?: string): Record_[] {
  const source = text.replace(/^\uFEFF/, '');
  const sep = delimiter ?? detectDelimiter(source.split(/\r?\n/, 1)[0] ?? '');
  const records: Record_[] = [];
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
  if (quoted) throw new ImportFileError(`line ${start}: a quoted field is never closed`);
  if (cell !== '' || cells.length) endRecord();
  return records;
}

/**
 * Reads the file's header and lines (from a CSV text or a sheet's rows); the file-level problems
 * throw, line problems are listed.
 */
export function parseCustomerImport(source: string | readonly Record_[]): ParsedImport {
  const [header, ...records] = typeof source === 'string' ? parseCsv(source) : source;
  if (!header) throw new ImportFileError('The file is empty');
  const columns = new Map<number, ImportField>();
  header.cells.forEach((name, index) => {
    const key = normaliseHeader(name);
    const field = IMPORT_FIELDS.find((f) => HEADERS[f].includes(key));
    if (field && ![...columns.values()].includes(field)) columns.set(index, field);
  });
  if (![...columns.values()].includes('email'))
    throw new ImportFileError('line 1: no e-mail column (expected a header such as "email")');
  const rows: Array<{ line: number; row: ImportRow }> = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  for (const record of records) {
    const values: Partial<Record<ImportField, string>> = {};
    for (const [index, field] of columns) {
      const value = (record.cells[index] ?? '').trim();
      if (value) values[field] = field === 'phone_number' ? value.replace(/\s+/g, '') : value;
    }
    const problem = lineProblem(values, seen);
    if (problem) {
      errors.push(`line ${record.line}: ${problem}`);
      continue;
    }
    const email = values.email!.toLowerCase();
    seen.set(email, record.line);
    rows.push({ line: record.line, row: { ...values, email } });
  }
  return { rows, errors };
}

function lineProblem(
  values: Partial<Record<ImportField, string>>,
  seen: ReadonlyMap<string, number>,
): string | null {
  if (!values.email) return 'the e-mail is missing';
  if (!EMAIL.test(values.email)) return `"${values.email}" is not an e-mail address`;
  const earlier = seen.get(values.email.toLowerCase());
  if (earlier) return `the e-mail ${values.email} is already on line ${earlier}`;
  if (!values.first_name && !values.last_name) return 'a first or last name is needed';
  if (values.postal_code && !POSTAL_CODE.test(values.postal_code))
    return `"${values.postal_code}" is not a postal code`;
  return null;
}

/** A spreadsheet saved in Excel's own format (a zip archive) rather than as CSV. */
export function isSpreadsheetArchive(bytes: Uint8Array, fileName: string): boolean {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  return zip || /\.(xlsx|xlsm|xls|ods)$/i.test(fileName);
}
