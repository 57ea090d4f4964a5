/** Pure helpers of record forms (see recordFormMachine.ts), shared by their field modules. */
import { normalizePhone } from '../../domain/fieldRules.ts';

/** A changed value, normalised: the phone input strips all whitespace (2-business-data.md §2). */
export function normalise(field: string, value: string | boolean): string | boolean {
  if (typeof value === 'boolean') return value;
  return field === 'phoneNumber' ? normalizePhone(value) : value;
}

/** Fields whose value differs from the saved record (text compared trimmed): the update mask. */
export function changedFields<R, D extends { readonly [field in F]: unknown }, F extends string>(
  fields: readonly F[],
  draftOf: (record: R) => D,
  record: R,
  draft: D,
): F[] {
  const saved = draftOf(record);
  return fields.filter((field) => {
    const a = saved[field];
    const b = draft[field];
    return typeof a === 'string' && typeof b === 'string' ? a.trim() !== b.trim() : a !== b;
  });
}
