/**
 * The 27 countries (France first, then the 26 other EU countries; 2-business-data.md §2, §9): the
 * reference table is seeded from this list (server/db/seed/reference.ts) and the country selector
 * shows it as is, so the public form needs no call to show them.
 */
export interface Country {
  readonly code: string;
  readonly nameFr: string;
  readonly nameEn: string;
  readonly flag: string;
}

const LIST: ReadonlyArray<[code: string, fr: string, en: string]> = [
  ['FR', 'France', 'France'],
  ['DE', 'Allemagne', 'Germany'],
  ['AT', 'Autriche', 'Austria'],
  ['BE', 'Belgique', 'Belgium'],
  ['BG', 'Bulgarie', 'Bulgaria'],
  ['CY', 'Chypre', 'Cyprus'],
  ['HR', 'Croatie', 'Croatia'],
  ['DK', 'Danemark', 'Denmark'],
  ['ES', 'Espagne', 'Spain'],
  ['EE', 'Estonie', 'Estonia'],
  ['FI', 'Finlande', 'Finland'],
  ['GR', 'Grèce', 'Greece'],
  ['HU', 'Hongrie', 'Hungary'],
  ['IE', 'Irlande', 'Ireland'],
  ['IT', 'Italie', 'Italy'],
  ['LV', 'Lettonie', 'Latvia'],
  ['LT', 'Lituanie', 'Lithuania'],
  ['LU', 'Luxembourg', 'Luxembourg'],
  ['MT', 'Malte', 'Malta'],
  ['NL', 'Pays-Bas', 'Netherlands'],
  ['PL', 'Pologne', 'Poland'],
  ['PT', 'Portugal', 'Portugal'],
  ['CZ', 'Tchéquie', 'Czechia'],
  ['RO', 'Roumanie', 'Romania'],
  ['SK', 'Slovaquie', 'Slovakia'],
  ['SI', 'Slovénie', 'Slovenia'],
  ['SE', 'Suède', 'Sweden'],
];

/** Regional-indicator letters: the flag emoji of a two-letter code. */
function flagOf(code: string): string {
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export const COUNTRIES: readonly Country[] = LIST.map(([code, nameFr, nameEn]) => ({
  code,
  nameFr,
  nameEn,
  flag: flagOf(code),
}));
