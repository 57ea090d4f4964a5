import type { PublisherName } from '../../../src/domain/publishing/channels.ts';

/**
 * Texts the OAuth returns put in the address they send the browser back to (successfull_message,
 * error_message): the connectors page shows them as given, so they are written here, in the
 * language the page asked for with a `lang` parameter on its return address (French otherwise).
 */
export type OauthLang = 'fr' | 'en';

const fr = {
  connected: 'Connexion réussie : {channel}.',
  refused: 'L’autorisation a été refusée sur la page de {channel}.',
  stateInvalid:
    'L’autorisation a expiré ou ne correspond pas à cette demande. Relancez la connexion.',
  failed: 'La connexion à {channel} a échoué : {error}',
};

const en: typeof fr = {
  connected: '{channel} is connected.',
  refused: 'The authorisation was refused on the {channel} page.',
  stateInvalid:
    'The authorisation expired or does not match this request. Start the connection again.',
  failed: 'Connecting {channel} failed: {error}',
};

const CHANNELS: Record<OauthLang, Record<PublisherName, string>> = {
  fr: { SECONDE_STOREFRONT: 'Boutique Seconde', EBAY: 'eBay', SHOPIFY: 'Shopify' },
  en: { SECONDE_STOREFRONT: 'The Seconde shop', EBAY: 'eBay', SHOPIFY: 'Shopify' },
};

export type OauthText = keyof typeof fr;

/** The language a return address asks for (`lang=en`), French by default. */
export function langOf(returnUri: string): OauthLang {
  try {
    return new URL(returnUri).searchParams.get('lang') === 'en' ? 'en' : 'fr';
  } catch {
    return 'fr';
  }
}

export function oauthText(
  lang: OauthLang,
  key: OauthText,
  publisher: PublisherName,
  error = '',
): string {
  const texts = lang === 'en' ? en : fr;
  return texts[key].replace('{channel}', CHANNELS[lang][publisher]).replace('{error}', error);
}
