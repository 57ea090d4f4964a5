/**
 * A member's public profile on the resale marketplace (Vinted), as the wardrobe import takes it:
 * the dialog checks the address as it is typed and the server refuses anything else with
 * PROFILE_URL_INVALID, both with this one rule.
 */
export interface MarketplaceProfile {
  /** The member's numeric id: what the wardrobe API is asked with. */
  readonly memberId: string;
  /** The login after the id in the address (`12345-julie` → `julie`); empty when absent. */
  readonly login: string;
  /** The address without query, fragment or language prefix, on the host it was given on. */
  readonly url: string;
}

/** The marketplace's country sites; the same member id works on each. */
export const MARKETPLACE_DOMAINS = [
  'vinted.fr',
  'vinted.be',
  'vinted.es',
  'vinted.it',
  'vinted.nl',
  'vinted.de',
  'vinted.at',
  'vinted.lu',
  'vinted.pt',
  'vinted.pl',
  'vinted.lt',
  'vinted.cz',
  'vinted.sk',
  'vinted.hu',
  'vinted.ro',
  'vinted.se',
  'vinted.dk',
  'vinted.fi',
  'vinted.gr',
  'vinted.hr',
  'vinted.ie',
  'vinted.co.uk',
  'vinted.com',
] as const;

/** An address longer than this is not a profile address. */
const MAX_LENGTH = 300;
/** `/member/12345-login`, optionally after a language segment (`/fr/member/...`). */
const PROFILE_PATH = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?member\/(\d{1,12})(?:-([\w.-]{1,64}))?\/?$/i;

/**
 * Reads a profile address such as `https://www.vinted.fr/member/12345-julie` (any country site,
 * with or without `www.`, `https://` assumed when left out); answers null for anything else,
 * including an item or catalogue page of the marketplace.
 */
export function parseMarketplaceProfile(input: string): MarketplaceProfile | null {
  const text = input.trim();
  if (!text || text.length > MAX_LENGTH || /\s/.test(text)) return null;
  let address: URL;
  try {
    address = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:') return null;
  if (address.username || address.password || address.port) return null;
  const host = address.hostname.toLowerCase().replace(/^www\./, '');
  if (!(MARKETPLACE_DOMAINS as readonly string[]).includes(host)) return null;
  const match = PROFILE_PATH.exec(address.pathname);
  if (!match) return null;
  const memberId = match[1]!.replace(/^0+(?=\d)/, '');
  const login = match[2] ?? '';
  return {
    memberId,
    login,
    url: `https://www.${host}/member/${memberId}${login ? `-${login}` : ''}`,
  };
}
