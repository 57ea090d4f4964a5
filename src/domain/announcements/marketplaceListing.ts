import { MARKETPLACE_DOMAINS } from '../marketplaceProfile.ts';

/** A listing address longer than this is not one. */
const MAX_LENGTH = 500;

/** Why a listing link is refused; the form and the server say the same. */
export type ListingUrlProblem = 'required' | 'invalid' | 'wrongDomain';

/**
 * Checks the link of a listing made by hand on the main resale marketplace: an http(s) address on
 * one of its country sites (`vinted.fr`, `www.vinted.com`…). Answers the address as it will be
 * kept (https assumed when left out, no fragment), or the problem.
 */
export function checkListingUrl(
  input: string,
): { ok: true; url: string } | { ok: false; problem: ListingUrlProblem } {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'required' };
  if (text.length > MAX_LENGTH || /\s/.test(text)) return { ok: false, problem: 'invalid' };
  let address: URL;
  try {
    address = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:')
    return { ok: false, problem: 'invalid' };
  const host = address.hostname.toLowerCase();
  const onMarketplace = MARKETPLACE_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));
  if (!onMarketplace) return { ok: false, problem: 'wrongDomain' };
  address.hash = '';
  return { ok: true, url: address.toString() };
}

/**
 * The marketplace's catalogue search for a title (comparable items), as the product form's
 * "search on the marketplace" link builds it: `<base>/catalog?search_text=<title>`.
 */
export function marketplaceSearchUrl(base: string, title: string): string {
  return `${base.replace(/\/$/, '')}/catalog?search_text=${encodeURIComponent(title.trim())}`;
}
