import type { i18n } from 'i18next';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { createI18nWith, DEFAULT_LANGUAGE, type Language } from './languages.ts';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages.ts';

/** The app's texts in both languages, ready before the first render. */
export function createI18n(language: Language = DEFAULT_LANGUAGE): i18n {
  return createI18nWith({ fr, en }, language);
}
