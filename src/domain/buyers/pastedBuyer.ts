/**
 * Reads a buyer out of the block a vendor copies from a resale marketplace's order page (Vinted,
 * Leboncoin, eBay, Vestiaire Collective…): name, address, complement, postal code, city, country
 * and the buyer's marketplace account. Pure, so the server parses with it and its unit tests run
 * over many real-shaped texts. Nothing here guesses what is not written: a field it cannot find
 * stays empty, and a text without a name and a way to reach the buyer is refused.
 */
import { parseMarketplaceProfile } from '../marketplaceProfile.ts';

/** Where the text was copied from, as the contract's SalePlatform names it. */
export type PastedPlatform = 'MAIN_MARKETPLACE' | 'LEBONCOIN' | 'EBAY' | 'VESTIAIRE_COLLECTIVE';

export interface PastedBuyer {
  readonly firstName: string;
  readonly lastName: string;
  readonly gender: 'MAN' | 'WOMAN' | '';
  readonly email: string;
  readonly phoneNumber: string;
  readonly address: string;
  readonly addressComplement: string;
  readonly postalCode: string;
  readonly city: string;
  readonly countryCode: string;
  readonly countryName: string;
  /** The buyer's login or member id on the marketplace. */
  readonly marketplaceAccountId: string;
  /** The buyer's profile address when the text holds one. */
  readonly marketplaceProfile: string;
  /** The marketplace the text names, or the one the vendor chose; empty when neither says. */
  readonly platform: PastedPlatform | '';
}

/** Why a pasted text gives no buyer; each has an FR and EN text in the buyers area. */
export const PASTED_BUYER_REASONS = ['BUYER_TEXT_EMPTY', 'BUYER_TEXT_UNREADABLE'] as const;
export type PastedBuyerReason = (typeof PASTED_BUYER_REASONS)[number];

export type PastedBuyerResult =
  | { readonly ok: true; readonly buyer: PastedBuyer }
  | { readonly ok: false; readonly reason: PastedBuyerReason };

/** Countries as order pages print them (local, French and English names). */
const COUNTRY_NAMES: ReadonlyArray<[code: string, name: string, aliases: readonly string[]]> = [
  ['FR', 'France', ['france', 'fr', 'frankreich', 'francia']],
  ['BE', 'Belgique', ['belgique', 'belgium', 'belgie', 'belgië', 'belgien', 'be']],
  ['LU', 'Luxembourg', ['luxembourg', 'luxemburg', 'lu']],
  ['CH', 'Suisse', ['suisse', 'switzerland', 'schweiz', 'svizzera', 'ch']],
  ['DE', 'Allemagne', ['allemagne', 'germany', 'deutschland', 'de']],
  ['AT', 'Autriche', ['autriche', 'austria', 'österreich', 'osterreich', 'at']],
  ['ES', 'Espagne', ['espagne', 'spain', 'españa', 'espana', 'es']],
  ['IT', 'Italie', ['italie', 'italy', 'italia', 'it']],
  ['PT', 'Portugal', ['portugal', 'pt']],
  ['NL', 'Pays-Bas', ['pays-bas', 'netherlands', 'the netherlands', 'nederland', 'holland', 'nl']],
  ['IE', 'Irlande', ['irlande', 'ireland', 'ie']],
  ['PL', 'Pologne', ['pologne', 'poland', 'polska', 'pl']],
  [
    'GB',
    'Royaume-Uni',
    ['royaume-uni', 'united kingdom', 'uk', 'great britain', 'england', 'scotland', 'wales', 'gb'],
  ],
  [
    'US',
    'États-Unis',
    ['états-unis', 'etats-unis', 'united states', 'united states of america', 'usa', 'us'],
  ],
  ['CA', 'Canada', ['canada', 'ca']],
  ['MC', 'Monaco', ['monaco', 'mc']],
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.\s]+$/, '')
    .trim();

function countryOf(line: string): { code: string; name: string } | null {
  const folded = fold(line);
  for (const [code, name, aliases] of COUNTRY_NAMES) {
    if (aliases.some((alias) => fold(alias) === folded)) return { code, name };
  }
  return null;
}

/** Labels of lines that only announce what follows (dropped), in the languages of the pages. */
const HEADINGS = [
  /^(adresse( de)? (livraison|d'?exp[ée]dition|postale)|livraison|livr[ée] [àa]|exp[ée]dier [àa]|envoyer [àa]|destinataire|coordonn[ée]es( de l'acheteur)?|informations? (de l'|sur l')?acheteur(se)?)\s*:?$/i,
  /^(ship(ping)? (to|address|details)|delivery address|deliver to|postal address|buyer('s)? (details|information|address)|recipient)\s*:?$/i,
  /^(lieferadresse|versandadresse|indirizzo( di spedizione)?|direcci[oó]n( de env[ií]o)?|morada)\s*:?$/i,
];

/** Lines about the order itself, never about the buyer. */
const ORDER_LINES = [
  /^(commande|order|transaction|bestellung|ordine|pedido|vente|sale|achat|purchase)\b.*(n[°o]|#|num|id|\d{4,})/i,
  /^(n[°o] de )?(suivi|tracking|colis|parcel)\b/i,
  /(€|eur\b|£|\$|\bgbp\b|\busd\b)/i,
  /^(total|prix|price|montant|frais|fees?|quantit[ée]|qty|article|item|taille|size|envoi|shipping( method| service)?|mode de livraison|point relais|mondial relay|colissimo|chronopost|relais colis|date|pay[ée]|paid|statut|status)\b/i,
  /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/,
];

/** A line that only names a marketplace (a page footer or a title). */
const PLATFORM_ONLY = /^(vinted|le ?bon ?coin|ebay|vestiaire collective|vestiaire)(\.[a-z.]+)?$/i;

/** "Vendu à camille.l", "Sold to jsmith": the buyer's login without a colon. */
const SOLD_TO =
  /^(?:vendu|sold|achet[ée]|bought|commande pass[ée]e)\s+(?:[àa]|to|par|by)\s+@?([\w.-]{2,64})/i;

const LABELLED = /^([\p{L}' .-]{2,40}?)\s*:\s*(.*)$/u;

type Label =
  | 'name'
  | 'firstName'
  | 'lastName'
  | 'account'
  | 'email'
  | 'phone'
  | 'address'
  | 'complement'
  | 'postalCode'
  | 'city'
  | 'country'
  | 'ignore';

const LABELS: ReadonlyArray<[Label, RegExp]> = [
  ['firstName', /^(pr[ée]nom|first ?name|given name|vorname|nome)$/i],
  ['lastName', /^(nom de famille|last ?name|surname|family name|nachname|cognome|apellidos?)$/i],
  ['name', /^(nom( complet)?|name|full name|nom et pr[ée]nom|destinataire|recipient)$/i],
  [
    'account',
    /^(acheteur|acheteuse|pseudo|membre|utilisateur|buyer|username|user ?id|member|käufer|kaufer|acquirente|comprador|profil|profile|vendu [àa]|sold to)$/i,
  ],
  ['email', /^(e-?mail|courriel|adresse e-?mail|mail)$/i],
  [
    'phone',
    /^(t[ée]l[ée]phone|t[ée]l|phone( number)?|mobile|portable|telefon|telefono|tel[ée]fono)$/i,
  ],
  ['address', /^(adresse|address( line 1)?|rue|street|stra(ss|ß)e|via|calle)$/i],
  ['complement', /^(compl[ée]ment( d'adresse)?|address line 2|adresszusatz|suite|apt)$/i],
  ['postalCode', /^(code postal|cp|postal ?code|zip( code)?|postcode|plz|cap)$/i],
  ['city', /^(ville|city|town|stadt|citt[àa]|ciudad|localit[ée])$/i],
  ['country', /^(pays|country|land|paese|pa[ií]s)$/i],
  ['ignore', /^(commande|order|date|statut|status|article|item|total|prix|price|suivi|tracking)$/i],
];

function labelOf(text: string): Label | null {
  for (const [label, pattern] of LABELS) if (pattern.test(text.trim())) return label;
  return null;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE = /^(?:\+|00)?[\d][\d .()/-]{7,18}\d$/;
const URL_IN_TEXT = /\bhttps?:\/\/\S+|\bwww\.\S+/i;

/** Words that open an address complement rather than the street line. */
const COMPLEMENT =
  /^(app(ar)?t(ement)?\.?|appt|apt\.?|b[âa]t(iment)?\.?|bloc|escalier|esc\.?|[ée]tage|r[ée]sidence|r[ée]s\.?|porte|chez|c\/o|care of|flat|unit|suite|floor|apartment|building|lieu[- ]dit|bp|cs|boite|bo[iî]te|scala|interno|piso|puerta|stock|wohnung|\d+(er|e|ème|eme|st|nd|rd|th) ([ée]tage|floor))\b/i;

/** A street line: a number and a word, or a street word in one of the pages' languages. */
const STREET =
  /(^\d+[\s,]*(bis|ter|[a-z])?\b.*\p{L}{2,})|(\p{L}{2,}.*\s\d+[a-z]?$)|\b(rue|avenue|av\.|boulevard|bd|chemin|all[ée]e|impasse|place|quai|route|cours|square|street|st\.?|road|rd\.?|lane|drive|way|straße|strasse|str\.|weg|via|viale|piazza|calle|avenida|rua|plaza|straat|laan)\b/iu;

/** Postal code and city, in the orders of the countries the marketplaces serve. */
const POSTAL_LINES: ReadonlyArray<{
  pattern: RegExp;
  code: (m: RegExpExecArray) => string;
  city: (m: RegExpExecArray) => string;
  country?: string;
}> = [
  // Netherlands: 1012 AB Amsterdam.
  {
    pattern: /^(\d{4}\s?[A-Z]{2})\s+(\p{L}[\p{L}' .-]+)$/u,
    code: (m) => m[1]!.replace(/^(\d{4})\s?/, '$1 '),
    city: (m) => m[2]!,
    country: 'NL',
  },
  // France, Germany, Italy, Spain…: 75011 Paris, F-75011 Paris, 20121 Milano MI, 75008 PARIS CEDEX 08.
  {
    pattern: /^(?:[A-Z]{1,2}-)?(\d{5})\s*,?\s+(\p{L}[\p{L}\d' .()-]*?)(?:\s+\(?[A-Z]{2}\)?)?$/u,
    code: (m) => m[1]!,
    city: (m) => m[2]!,
  },
  // Belgium, Switzerland, Austria, Luxembourg, Denmark: 1000 Bruxelles, L-1234 Luxembourg.
  {
    pattern: /^(?:([A-Z])-)?(\d{4})\s+(\p{L}[\p{L}' .()-]*)$/u,
    code: (m) => m[2]!,
    city: (m) => m[3]!,
  },
  // Portugal: 1100-148 Lisboa.
  {
    pattern: /^(\d{4}-\d{3})\s+(\p{L}[\p{L}' .-]*)$/u,
    code: (m) => m[1]!,
    city: (m) => m[2]!,
    country: 'PT',
  },
  // United States: Springfield, IL 62704 or 62704-1234.
  {
    pattern: /^(\p{L}[\p{L}' .-]*?),?\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/u,
    code: (m) => m[3]!,
    city: (m) => `${m[1]!}, ${m[2]!}`,
    country: 'US',
  },
  // City then code: Paris 75011, Paris, 75011.
  {
    pattern: /^(\p{L}[\p{L}' .-]*?),?\s+(\d{5})$/u,
    code: (m) => m[2]!,
    city: (m) => m[1]!,
  },
  // United Kingdom: London NW1 6XE.
  {
    pattern: /^(\p{L}[\p{L}' .-]*?),?\s+([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/u,
    code: (m) => m[2]!.replace(/^(\S+?)\s*(\d[A-Z]{2})$/, '$1 $2'),
    city: (m) => m[1]!,
    country: 'GB',
  },
];

/** A UK postcode alone on its line, the city on the line above it. */
const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/;

const PLATFORM_HINTS: ReadonlyArray<[PastedPlatform, RegExp]> = [
  ['MAIN_MARKETPLACE', /\bvinted\b/i],
  ['LEBONCOIN', /\ble ?bon ?coin\b/i],
  ['EBAY', /\bebay\b/i],
  ['VESTIAIRE_COLLECTIVE', /\bvestiaire\b/i],
];

/** Which marketplace a profile address belongs to, and the account it names. */
function profileOf(url: string): { platform: PastedPlatform; account: string; url: string } | null {
  const vinted = parseMarketplaceProfile(url);
  if (vinted)
    return {
      platform: 'MAIN_MARKETPLACE',
      account: vinted.login || vinted.memberId,
      url: vinted.url,
    };
  let address: URL;
  try {
    address = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
  } catch {
    return null;
  }
  const host = address.hostname.toLowerCase().replace(/^www\./, '');
  const path = address.pathname.split('/').filter(Boolean);
  const clean = `https://${address.hostname.toLowerCase()}${address.pathname.replace(/\/$/, '')}`;
  if (/^leboncoin\.fr$/.test(host) && path[0] === 'profil' && path[1])
    return { platform: 'LEBONCOIN', account: path[1], url: clean };
  if (/^ebay\.[a-z.]+$/.test(host) && path[0] === 'usr' && path[1])
    return { platform: 'EBAY', account: path[1], url: clean };
  if (/^vestiairecollective\.com$/.test(host) && path.includes('profile')) {
    const id = path[path.indexOf('profile') + 1];
    if (id) return { platform: 'VESTIAIRE_COLLECTIVE', account: id, url: clean };
  }
  return null;
}

const CIVILITY: ReadonlyArray<[RegExp, 'MAN' | 'WOMAN']> = [
  [/^(m\.|mr\.?|monsieur|herr|sig\.|sr\.)\s+/i, 'MAN'],
  [/^(mme\.?|mlle\.?|madame|mademoiselle|mrs\.?|ms\.?|miss|frau|sig\.ra|sra\.)\s+/i, 'WOMAN'],
];

/** A line that can be a person's name: two to five words of letters, no digits. */
const NAME_LINE = /^[\p{L}][\p{L}'’. -]{0,80}$/u;

function splitName(raw: string): { first: string; last: string; gender: 'MAN' | 'WOMAN' | '' } {
  let text = raw.trim().replace(/\s+/g, ' ');
  let gender: 'MAN' | 'WOMAN' | '' = '';
  for (const [pattern, g] of CIVILITY) {
    if (pattern.test(text)) {
      text = text.replace(pattern, '');
      gender = g;
    }
  }
  const words = text.split(' ').filter(Boolean);
  if (words.length === 1) return { first: words[0]!, last: '', gender };
  // "DUPONT Marie": the capitalised words are the family name, wherever they stand.
  const upper = words.filter((w) => w.length > 1 && w === w.toUpperCase() && /\p{Lu}/u.test(w));
  if (upper.length > 0 && upper.length < words.length) {
    return {
      first: words.filter((w) => !upper.includes(w)).join(' '),
      last: upper.join(' '),
      gender,
    };
  }
  return { first: words[0]!, last: words.slice(1).join(' '), gender };
}

const isNameLike = (line: string) => {
  const words = line.trim().split(/\s+/);
  return NAME_LINE.test(line.trim()) && words.length >= 1 && words.length <= 5;
};

const titleCaseCity = (city: string) =>
  city === city.toUpperCase()
    ? city
        .toLowerCase()
        .replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
    : city;

/** The most a field of the contract holds (buyer.proto): longer values are cut, never refused. */
const cut = (value: string, max: number) => value.trim().slice(0, max);

/**
 * Parses a pasted text. `platformHint` is the marketplace the vendor picked (empty for "let the
 * text tell").
 */
export function parsePastedBuyer(
  text: string,
  platformHint: PastedPlatform | '' = '',
): PastedBuyerResult {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) =>
      l
        .replace(/[\t\u00a0]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  if (lines.length === 0) return { ok: false, reason: 'BUYER_TEXT_EMPTY' };

  let platform: PastedPlatform | '' = platformHint;
  if (!platform) platform = PLATFORM_HINTS.find(([, p]) => p.test(text))?.[0] ?? '';

  const found = {
    firstName: '',
    lastName: '',
    name: '',
    account: '',
    profile: '',
    email: '',
    phone: '',
    address: '',
    complements: [] as string[],
    postalCode: '',
    city: '',
    country: null as { code: string; name: string } | null,
  };
  const rest: string[] = [];

  for (const line of lines) {
    const url = URL_IN_TEXT.exec(line)?.[0];
    if (url) {
      const profile = profileOf(url.replace(/[),.;]+$/, ''));
      if (profile) {
        found.profile ||= profile.url;
        found.account ||= profile.account;
        platform ||= profile.platform;
      }
      continue;
    }
    if (PLATFORM_ONLY.test(line)) continue;
    const soldTo = SOLD_TO.exec(line);
    if (soldTo) {
      found.account ||= soldTo[1]!;
      continue;
    }
    const email = EMAIL.exec(line)?.[0];
    const labelled = LABELLED.exec(line);
    const label = labelled ? labelOf(labelled[1]!) : null;
    if (labelled && label) {
      const value = labelled[2]!.trim();
      if (label === 'ignore' || !value) continue;
      if (label === 'email' || (email && label !== 'account')) {
        found.email ||= email ?? '';
        continue;
      }
      if (label === 'name') found.name ||= value;
      else if (label === 'firstName') found.firstName ||= value;
      else if (label === 'lastName') found.lastName ||= value;
      else if (label === 'account')
        found.account ||= value.replace(/^@/, '').replace(/\s*\(\d+\)$/, '');
      else if (label === 'phone') found.phone ||= value;
      else if (label === 'address') rest.push(value);
      else if (label === 'complement') found.complements.push(value);
      else if (label === 'postalCode') found.postalCode ||= value.toUpperCase();
      else if (label === 'city') found.city ||= value;
      else if (label === 'country') found.country ||= countryOf(value) ?? { code: '', name: value };
      continue;
    }
    if (email) {
      found.email ||= email;
      continue;
    }
    if (HEADINGS.some((h) => h.test(line)) || ORDER_LINES.some((p) => p.test(line))) continue;
    if (PHONE.test(line) && line.replace(/\D/g, '').length >= 9) {
      found.phone ||= line;
      continue;
    }
    rest.push(line);
  }

  // The country: a line that is only a country's name (the last one, as addresses end with it).
  for (let i = rest.length - 1; i >= 0; i--) {
    const country = countryOf(rest[i]!);
    if (country && rest[i]!.length > 2) {
      found.country ||= country;
      rest.splice(i, 1);
      break;
    }
  }

  // Postal code and city.
  let postalIndex = -1;
  if (!found.postalCode) {
    for (let i = 0; i < rest.length && postalIndex < 0; i++) {
      const line = rest[i]!;
      const uk = UK_POSTCODE.exec(line);
      if (uk && i > 0) {
        found.postalCode = `${uk[1]} ${uk[2]}`;
        found.city = rest[i - 1]!;
        found.country ||= { code: 'GB', name: 'Royaume-Uni' };
        rest.splice(i - 1, 2);
        postalIndex = i - 1;
        break;
      }
      for (const shape of POSTAL_LINES) {
        const m = shape.pattern.exec(line);
        if (!m || STREET.test(line.replace(m[0], ''))) continue;
        found.postalCode = shape.code(m);
        found.city = shape.city(m).trim();
        if (shape.country && !found.country)
          found.country = COUNTRY_NAMES.filter(([c]) => c === shape.country).map(
            ([code, name]) => ({ code, name }),
          )[0]!;
        rest.splice(i, 1);
        postalIndex = i;
        break;
      }
    }
  } else {
    postalIndex = rest.length;
  }

  // What stands before the postal line is name, street and complements; after it, nothing we keep.
  const before = postalIndex >= 0 ? rest.slice(0, postalIndex) : rest;
  const streetIndex = before.findIndex(
    (l) => STREET.test(l) && /\d/.test(l) && !COMPLEMENT.test(l),
  );
  const addressIndex =
    streetIndex >= 0 ? streetIndex : before.findIndex((l) => STREET.test(l) && !COMPLEMENT.test(l));
  let nameLine = '';
  before.forEach((line, i) => {
    if (i === addressIndex) found.address ||= line;
    else if (COMPLEMENT.test(line) || (addressIndex >= 0 && i > addressIndex))
      found.complements.push(line);
    else if (!nameLine && isNameLike(line) && !countryOf(line)) nameLine = line;
    else if (addressIndex < 0 && /\d/.test(line)) found.address ||= line;
  });

  const named = splitName(found.name || nameLine);
  const firstName = found.firstName || named.first;
  const lastName = found.lastName || (found.firstName ? found.name : named.last);
  const postalCode = found.postalCode;
  const country =
    found.country ??
    // French marketplaces ship within France unless the text says otherwise.
    (/^\d{5}$/.test(postalCode) && platform !== 'EBAY' ? { code: 'FR', name: 'France' } : null);

  const reachable = (postalCode && found.city && found.address) || found.email || found.account;
  if (!firstName && !lastName) return { ok: false, reason: 'BUYER_TEXT_UNREADABLE' };
  if (!reachable) return { ok: false, reason: 'BUYER_TEXT_UNREADABLE' };

  return {
    ok: true,
    buyer: {
      firstName: cut(firstName, 255),
      lastName: cut(lastName, 255),
      gender: named.gender,
      email: cut(found.email.toLowerCase(), 254),
      phoneNumber: cut(found.phone, 32),
      address: cut(found.address, 255),
      addressComplement: cut(found.complements.join(', '), 255),
      postalCode: cut(postalCode, 16),
      city: cut(titleCaseCity(found.city), 255),
      countryCode: country?.code ?? '',
      countryName: cut(country?.name ?? '', 255),
      marketplaceAccountId: cut(found.account, 64),
      marketplaceProfile: cut(found.profile, 2048),
      platform,
    },
  };
}
