import { previewSheet, type ColumnSpec, type RowProblem, type SheetPreview } from './sheet.ts';
import type { SheetRecord } from './text.ts';

/** Customer columns, named as the customer table's columns. */
export type CustomerColumn =
  'first_name' | 'last_name' | 'email' | 'phone_number' | 'address' | 'postal_code' | 'city';

const text = (
  key: CustomerColumn,
  headers: string[],
  maxLength = 200,
): ColumnSpec<CustomerColumn> => ({ key, headers, kind: 'text', maxLength });

/** The contacts sheet's columns; headers compared without case, accents or punctuation. */
export const CUSTOMER_COLUMNS: readonly ColumnSpec<CustomerColumn>[] = [
  text('first_name', ['firstname', 'prenom', 'givenname']),
  text('last_name', ['lastname', 'nom', 'nomdefamille', 'familyname', 'surname', 'name']),
  {
    key: 'email',
    headers: ['email', 'mail', 'courriel', 'adressemail', 'adresseemail', 'emailaddress'],
    required: true,
    kind: 'code',
    maxLength: 254,
  },
  {
    key: 'phone_number',
    headers: ['phonenumber', 'phone', 'telephone', 'tel', 'portable', 'mobile'],
    kind: 'code',
    maxLength: 40,
  },
  text('address', ['address', 'adresse', 'rue', 'street'], 500),
  {
    key: 'postal_code',
    headers: ['postalcode', 'codepostal', 'cp', 'zip', 'zipcode'],
    kind: 'code',
  },
  text('city', ['city', 'ville', 'commune', 'town']),
];

/** One contact as the import writes it: the e-mail in lower case, the phone without spaces. */
export type CustomerRowValues = Readonly<Partial<Record<CustomerColumn, string>>> & {
  readonly email: string;
};

export type CustomerPreview = SheetPreview<CustomerColumn, CustomerRowValues>;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const POSTAL_CODE = /^[A-Za-z0-9 -]{2,10}$/;

/**
 * Checks a contacts sheet: an e-mail per line (valid, once per sheet), a first or last name, a
 * postal code that looks like one. Whether the e-mail belongs to someone else's customer is for
 * the server to say.
 */
export function previewCustomerSheet(
  sheetName: string,
  records: readonly SheetRecord[],
): CustomerPreview {
  const seen = new Map<string, number>();
  return previewSheet(sheetName, records, CUSTOMER_COLUMNS, (cells, row) => {
    const issues: RowProblem[] = [];
    const values: Partial<Record<CustomerColumn, string>> = { ...cells };
    if (values.phone_number) values.phone_number = values.phone_number.replace(/\s+/g, '');
    const email = (cells.email ?? '').toLowerCase();
    if (!email) issues.push({ code: 'emailMissing', column: 'email' });
    else if (!EMAIL.test(email))
      issues.push({ code: 'emailInvalid', column: 'email', params: { value: cells.email! } });
    else if (seen.has(email))
      issues.push({
        code: 'emailDuplicate',
        column: 'email',
        params: { value: cells.email!, firstRow: seen.get(email)! },
      });
    else seen.set(email, row);
    if (!cells.first_name && !cells.last_name) issues.push({ code: 'personNameMissing' });
    if (cells.postal_code && !POSTAL_CODE.test(cells.postal_code))
      issues.push({
        code: 'postalCodeInvalid',
        column: 'postal_code',
        params: { value: cells.postal_code },
      });
    return { values: { ...values, email }, issues };
  });
}
