/** The placeholder of phone fields: a French mobile number, as people write it. */
export const PHONE_PLACEHOLDER = '06 12 34 56 78';

/** Phone numbers are kept without whitespace ('06 12 34 56 78' → '0612345678'). */
export function stripPhone(text: string): string {
  return text.replace(/\s+/g, '');
}
