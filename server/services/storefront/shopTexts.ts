import type { IncomingMessage } from 'node:http';

/**
 * The public shop pages are rendered on the server for buyers who never load the web app, so their
 * texts live here rather than in the app's i18n areas. French first, English second; both hold the
 * same keys (the type makes a missing one a compile error).
 */
export type ShopLang = 'fr' | 'en';

const fr = {
  shopTitle: 'Boutique de {name}',
  shopDescription: '{count} articles de seconde main à vendre par {name}, à réserver en ligne.',
  emptyShop: 'Aucun article en vente pour le moment. Revenez bientôt !',
  articles: 'Articles en vente',
  pageOf: 'Page {page} sur {pages}',
  previous: 'Page précédente',
  next: 'Page suivante',
  pagination: 'Pagination',
  size: 'Taille',
  brand: 'Marque',
  condition: 'État',
  price: 'Prix',
  description: 'Description',
  photos: 'Photos',
  photoAlt: '{title}, photo {n}',
  noPhoto: 'Pas de photo',
  reserved: 'Réservé',
  reservedNotice: 'Cet article est déjà réservé par un autre acheteur.',
  backToShop: 'Retour à la boutique de {name}',
  reserveTitle: 'Réserver cet article',
  reserveIntro:
    'Laissez vos coordonnées : {name} vous contactera pour convenir du paiement et de la remise. Les champs marqués * sont obligatoires.',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'Adresse e-mail',
  phone: 'Téléphone',
  message: 'Message au vendeur (facultatif)',
  honeypot: 'Ne pas remplir ce champ',
  submit: 'Réserver',
  errorSummary: 'Le formulaire contient {count} erreur(s) :',
  required: 'Ce champ est obligatoire',
  emailInvalid: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr',
  phoneInvalid: 'Saisissez un numéro de téléphone valide, par exemple 06 12 34 56 78',
  tooLong: 'Ce texte est trop long ({max} caractères au plus)',
  alreadyReserved: 'Désolé, cet article vient d’être réservé par un autre acheteur.',
  notAvailable: 'Désolé, cet article n’est plus disponible.',
  tooManyRequests: 'Trop de demandes depuis votre connexion. Réessayez dans quelques minutes.',
  confirmedTitle: 'Réservation enregistrée',
  confirmedText:
    'Merci ! Votre réservation est enregistrée. {name} a été prévenu et vous contactera très vite pour finaliser l’achat.',
  notFoundTitle: 'Page introuvable',
  notFoundText: 'Cette boutique ou cet article n’existe pas, ou n’est plus en ligne.',
  poweredBy: 'Boutique propulsée par Seconde',
  language: 'English',
  conditionNEW_WITH_TICKET: 'Neuf avec étiquette',
  conditionNEW_WITHOUT_TICKET: 'Neuf sans étiquette',
  conditionVERY_GOOD: 'Très bon état',
  conditionGOOD: 'Bon état',
  conditionSATISFYING: 'État satisfaisant',
  conditionREFUSED: 'État non précisé',
};

export type ShopTextKey = keyof typeof fr;

const en: Record<ShopTextKey, string> = {
  shopTitle: '{name}’s shop',
  shopDescription: '{count} second-hand items for sale by {name}, to reserve online.',
  emptyShop: 'No item for sale right now. Come back soon!',
  articles: 'Items for sale',
  pageOf: 'Page {page} of {pages}',
  previous: 'Previous page',
  next: 'Next page',
  pagination: 'Pagination',
  size: 'Size',
  brand: 'Brand',
  condition: 'Condition',
  price: 'Price',
  description: 'Description',
  photos: 'Photos',
  photoAlt: '{title}, photo {n}',
  noPhoto: 'No photo',
  reserved: 'Reserved',
  reservedNotice: 'This item is already reserved by another buyer.',
  backToShop: 'Back to {name}’s shop',
  reserveTitle: 'Reserve this item',
  reserveIntro:
    'Leave your contact details: {name} will contact you to arrange payment and hand-over. Fields marked * are required.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail address',
  phone: 'Phone',
  message: 'Message to the seller (optional)',
  honeypot: 'Leave this field empty',
  submit: 'Reserve',
  errorSummary: 'The form has {count} error(s):',
  required: 'This field is required',
  emailInvalid: 'Enter a valid e-mail address, for example name@example.com',
  phoneInvalid: 'Enter a valid phone number, for example +33 6 12 34 56 78',
  tooLong: 'This text is too long ({max} characters at most)',
  alreadyReserved: 'Sorry, this item has just been reserved by another buyer.',
  notAvailable: 'Sorry, this item is no longer available.',
  tooManyRequests: 'Too many requests from your connection. Try again in a few minutes.',
  confirmedTitle: 'Reservation recorded',
  confirmedText:
    'Thank you! Your reservation is recorded. {name} has been told and will contact you soon to complete the purchase.',
  notFoundTitle: 'Page not found',
  notFoundText: 'This shop or item does not exist, or is no longer online.',
  poweredBy: 'Shop powered by Seconde',
  language: 'Français',
  conditionNEW_WITH_TICKET: 'New with tags',
  conditionNEW_WITHOUT_TICKET: 'New without tags',
  conditionVERY_GOOD: 'Very good condition',
  conditionGOOD: 'Good condition',
  conditionSATISFYING: 'Satisfactory condition',
  conditionREFUSED: 'Condition not stated',
};

const TEXTS: Record<ShopLang, Record<ShopTextKey, string>> = { fr, en };

/** The text of `key` with its `{placeholders}` filled. */
export function shopText(
  lang: ShopLang,
  key: ShopTextKey,
  values: Record<string, string | number> = {},
): string {
  return TEXTS[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The condition's label, or null for a quality the shop does not know. */
export function conditionText(lang: ShopLang, quality: string | null): string | null {
  if (!quality) return null;
  const key = `condition${quality}`;
  return key in fr ? shopText(lang, key as ShopTextKey) : null;
}

/** `?lang=` first (a buyer's explicit choice), then the browser's Accept-Language, else French. */
export function pickLang(req: IncomingMessage, url: URL): ShopLang {
  const asked = url.searchParams.get('lang');
  if (asked === 'fr' || asked === 'en') return asked;
  const header = req.headers['accept-language'] ?? '';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((l) => l.tag && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('fr')) return 'fr';
    if (tag.startsWith('en')) return 'en';
  }
  return 'fr';
}
