import { Classes } from '@blueprintjs/core';

const locale = (language: string) => (language === 'en' ? 'en-GB' : 'fr-FR');

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: 1 }).format(value);
}

/** A percentage given out of 100 (the server's `pourcent_sell`). */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(locale(language), {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(value / 100);
}

/** One key figure of a statistics screen, as a term and its value. */
export function Figure({
  id,
  label,
  value,
  note,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly note?: string | undefined;
}) {
  return (
    <div data-testid={`figure-${id}`}>
      <dt>{label}</dt>
      <dd data-testid={`figure-${id}-value`}>{value}</dd>
      {note && <dd className={Classes.TEXT_MUTED}>{note}</dd>}
    </div>
  );
}

/** Integer cents as euros in the reader's language (the division is for display only). */
export function formatCents(cents: number, language: string): string {
  return new Intl.NumberFormat(locale(language), { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}
