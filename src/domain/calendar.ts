const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day of an instant in Paris (`2025-03-30`): the business day of the product. */
export function parisDay(instant: Date): string {
  return PARIS_DAY.format(instant);
}
