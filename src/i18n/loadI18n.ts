import i18next, { type BackendModule, type i18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from './languages.ts';

/**
 * One language's texts, loaded on demand: the app's first load carries only the language it
 * shows, the other comes when the user switches to it.
 */
export function loadTexts(language: Language): Promise<ResourceKey> {
  return language === 'en'
    ? import('./en.ts').then((m) => m.en)
    : import('./fr.ts').then((m) => m.fr);
}

/** i18next's loading hook over `load`: a language's texts arrive before it is switched to. */
function textsBackend(load: (language: Language) => Promise<ResourceKey>): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language, _namespace, callback) {
      load(language as Language).then(
        (texts) => callback(null, texts),
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}

/**
 * A ready i18next instance holding `language`'s texts, loaded first, so the first render has
 * them; switching language loads the other's before the page changes (changeLanguage waits for
 * it). No fallback language: both carry every key (the i18n test checks), so none is loaded for
 * nothing. React escapes output itself, hence no escaping here.
 */
export async function loadI18n(
  language: Language,
  load: (language: Language) => Promise<ResourceKey> = loadTexts,
): Promise<i18n> {
  const texts = await load(language);
  const instance = i18next.createInstance();
  await instance
    .use(textsBackend(load))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: LANGUAGES,
      resources: { [language]: { translation: texts } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
    });
  return instance;
}
