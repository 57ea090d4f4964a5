import type { DocumentParty } from '../../documents/model.ts';

/** The columns of a vendor or customer a document's party is made from. */
export interface PartyRow {
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  email: string | null;
  phone_number: string | null;
  country: string | null;
}

/** A person's or company's name as documents print it. */
export function nameOf(row: Pick<PartyRow, 'first_name' | 'last_name' | 'company_name'>): string {
  const person = [row.first_name, row.last_name]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return (row.company_name ?? '').trim() || person;
}

/** The party printed on a receipt, a snapshot taken when the payout is made. */
export function partyOf(row: PartyRow, siret?: string): DocumentParty {
  const country = (row.country ?? '').trim().toUpperCase();
  return {
    name: nameOf(row),
    addressLines: (row.address ?? '').trim() ? [(row.address ?? '').trim()] : [],
    postalCode: (row.postal_code ?? '').trim(),
    city: (row.city ?? '').trim(),
    countryCode: /^[A-Z]{2}$/.test(country) ? country : 'FR',
    ...(row.email ? { email: row.email } : {}),
    ...(row.phone_number ? { phone: row.phone_number } : {}),
    ...(siret ? { siret } : {}),
    isProfessional: Boolean(siret),
  };
}
