import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** French first (the default), English second (the fallback). */
export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A ready i18next instance over `texts` (one translation object a language). Resources are
 * bundled and initialisation is synchronous, so the first render already has its texts. React
 * escapes output itself, hence no escaping here.
 */
export function createI18nWith(
  texts: Readonly<Record<Language, Resource[string]['translation']>>,
  language: Language = DEFAULT_LANGUAGE,
): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    resources: { fr: { translation: texts.fr }, en: { translation: texts.en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
