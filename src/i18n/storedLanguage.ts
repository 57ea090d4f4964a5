import type { i18n } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';

const LANGUAGE_KEY = 'seconde.language';

/** localStorage may be unavailable (private windows, blocked storage): the choice is optional. */
export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function rememberLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembered across visits; the switch still works for this one.
  }
}

/** The page's language follows `i18n` (the `lang` attribute) and is kept for the next visit. */
export function followLanguage(instance: i18n): void {
  document.documentElement.lang = instance.language;
  instance.on('languageChanged', rememberLanguage);
}
