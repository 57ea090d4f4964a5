/**
 * Field rules shared by the forms (1-app-shell.md §5): a field with rules may fail with a
 * translated message; a field without rules is optional and says so. Pure.
 */

/** A rule answers null when the value passes, else the translation key of its message. */
export type FieldRule<T = unknown> = (value: T) => string | null;

export const REQUIRED_KEY = 'forms.required';

/** Empty: nothing typed (spaces only), no choice made, or an empty list. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** 'Ce champ est obligatoire' / 'This field is required'. */
export const required: FieldRule = (value) => (isEmpty(value) ? REQUIRED_KEY : null);

/** The first failing rule's message key, or null. */
export function firstError<T>(value: T, rules: readonly FieldRule<T>[]): string | null {
  for (const rule of rules) {
    const error = rule(value);
    if (error !== null) return error;
  }
  return null;
}

/** A field without rules carries the 'optional' tag. */
export const isOptional = (rules: readonly FieldRule<never>[] | undefined): boolean =>
  !rules || rules.length === 0;
