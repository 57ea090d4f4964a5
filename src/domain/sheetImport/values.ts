/**
 * Numbers and dates as French and English spreadsheets write them. Each parser answers null for
 * text it cannot read, and the validation turns that into a row error.
 */

/**
 * `6,07`, `6.07`, `1 234,50`, `1.234,50`, `1,234.50`, `12 €` → a number. With both a comma and a
 * dot, the last one is the decimal mark; a lone comma is one too (French decimal comma).
 */
export function parseDecimal(text: string): number | null {
  let s = text.replace(/[\s\u00a0\u202f]/g, '').replace(/(€|eur|euros?)$/i, '');
  if (!/^[-+]?[0-9.,]+$/.test(s) || !/[0-9]/.test(s)) return null;
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    const decimal = comma > dot ? ',' : '.';
    const grouping = decimal === ',' ? '.' : ',';
    s = s.split(grouping).join('').replace(decimal, '.');
  } else if (comma >= 0) {
    if (s.indexOf(',') !== comma) return null;
    s = s.replace(',', '.');
  } else if (dot >= 0 && s.indexOf('.') !== dot) {
    // 1.234.567: dots grouping thousands.
    s = s.split('.').join('');
  }
  const value = Number(s);
  return Number.isFinite(value) ? value : null;
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Whether the day exists in the calendar (no 31 February). */
function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A day as `YYYY-MM-DD`, from DD/MM/YYYY (also with `-` or `.`, and two-digit years taken in this
 * century) or an ISO date; null when the text is no day or the day does not exist.
 */
export function parseDay(text: string): string | null {
  const s = text.trim();
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  if (match) {
    const [, d, m, y] = match;
    const year = y!.length === 2 ? 2000 + Number(y) : Number(y);
    return isRealDay(year, Number(m), Number(d)) ? iso(year, Number(m), Number(d)) : null;
  }
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][0-9:.]+Z?)?$/.exec(s);
  if (match) {
    const [, y, m, d] = match;
    return isRealDay(Number(y), Number(m), Number(d)) ? iso(Number(y), Number(m), Number(d)) : null;
  }
  return null;
}
