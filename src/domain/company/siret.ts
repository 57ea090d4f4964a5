/**
 * SIRET numbers (French establishment registration): 14 digits, the SIREN (9) then the NIC (5).
 * Shared by the company form and CompanyService, so both refuse the same numbers.
 */

/** La Poste's SIREN: its establishments were numbered before the Luhn key was applied to them. */
export const LA_POSTE_SIREN = '356000000';

/** The typed number without the spaces people copy from a Kbis (`732 829 320 00074`). */
export function normaliseSiret(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Luhn checksum over the digits, the rightmost one being the key. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * 14 digits with a valid Luhn key; La Poste's establishments (SIREN 356000000) that fail it pass
 * when the sum of their digits is a multiple of 5, the rule INSEE applies to them.
 */
export function isValidSiret(value: string): boolean {
  const digits = normaliseSiret(value);
  if (!/^\d{14}$/.test(digits)) return false;
  if (passesLuhn(digits)) return true;
  if (!digits.startsWith(LA_POSTE_SIREN)) return false;
  const sum = [...digits].reduce((total, d) => total + Number(d), 0);
  return sum % 5 === 0;
}
