/**
 * A product name from its attributes, in French (the catalogue's language): category singular
 * name, brand, main colour agreed with the noun, size, then the condition after a dash, e.g.
 * "Robe Zara bleue taille M – Très bon état". Missing parts are left out.
 */

export interface NameParts {
  /** The category's singular name ("Robe"); the manual category or "Article" otherwise. */
  readonly noun: string;
  readonly brand?: string | null;
  /** The main colour's title as the catalogue spells it ("Bleu", "Bleu marine"). */
  readonly color?: string | null;
  readonly size?: string | null;
  /** Quality label as stored (VERY_GOOD...). */
  readonly quality?: string | null;
}

export const QUALITY_LABELS_FR: Readonly<Record<string, string>> = {
  NEW_WITH_TICKET: 'Neuf avec étiquette',
  NEW_WITHOUT_TICKET: 'Neuf sans étiquette',
  VERY_GOOD: 'Très bon état',
  GOOD: 'Bon état',
  SATISFYING: 'État satisfaisant',
};

/** Feminine nouns among the catalogue's singular names and common items; the rest are masculine. */
const FEMININE_NOUNS = new Set([
  'robe',
  'chemise',
  'jupe',
  'chaussure',
  'veste',
  'pièce',
  'montre',
  'casquette',
  'ceinture',
  'écharpe',
  'blouse',
  'tunique',
  'combinaison',
  'salopette',
  'doudoune',
  'parka',
  'paire',
  'lampe',
  'console',
  'poupée',
  'chemisette',
  'marinière',
  'polaire',
  'sandale',
  'botte',
  'basket',
  'pochette',
  'valise',
  'tasse',
  'assiette',
]);

/** Colour adjectives that change in the feminine; the others (rose, marron, kaki...) do not. */
const FEMININE_COLORS: Readonly<Record<string, string>> = {
  noir: 'noire',
  blanc: 'blanche',
  gris: 'grise',
  bleu: 'bleue',
  vert: 'verte',
  violet: 'violette',
  doré: 'dorée',
  argenté: 'argentée',
};

export function isFeminine(noun: string): boolean {
  const head = noun.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return FEMININE_NOUNS.has(head);
}

/** "Bleu" after "Robe" reads "bleue"; compound colours ("Bleu marine") stay invariable. */
export function agreeColor(color: string, feminine: boolean): string {
  const lower = color.trim().toLowerCase();
  if (!feminine || lower.includes(' ')) return lower;
  return FEMININE_COLORS[lower] ?? lower;
}

export function productName(parts: NameParts): string {
  const noun = parts.noun.trim() || 'Article';
  const words = [noun];
  if (parts.brand?.trim()) words.push(parts.brand.trim());
  if (parts.color?.trim()) words.push(agreeColor(parts.color, isFeminine(noun)));
  if (parts.size?.trim()) words.push(`taille ${parts.size.trim()}`);
  const quality = parts.quality ? QUALITY_LABELS_FR[parts.quality] : undefined;
  return quality ? `${words.join(' ')} – ${quality}` : words.join(' ');
}
