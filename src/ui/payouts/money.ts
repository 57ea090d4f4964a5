import { formatPrice } from '../components/format.ts';

/** Whole cents shown as euros in the reader's language. */
export const euros = (cents: number, language: string) => formatPrice(cents / 100, language);
