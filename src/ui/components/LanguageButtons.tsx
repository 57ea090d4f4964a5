import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../i18n/languages.ts';

const NAME_KEYS: Record<Language, string> = { fr: 'language.frName', en: 'language.enName' };
const SHORT_KEYS: Record<Language, string> = { fr: 'language.fr', en: 'language.en' };

/** FR / EN toggle; the current language is pressed. `onChosen` hears a change of language. */
export function LanguageButtons({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage;
  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    if (language !== current) onChosen?.(language);
  };
  return (
    <ButtonGroup role="group" aria-label={t('language.label')} data-testid="language-switch">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          variant="minimal"
          lang={language}
          text={t(SHORT_KEYS[language])}
          // The visible code first, so the spoken name contains what is seen (WCAG 2.5.3).
          aria-label={`${t(SHORT_KEYS[language])} ${t(NAME_KEYS[language])}`}
          aria-pressed={current === language}
          active={current === language}
          onClick={() => choose(language)}
        />
      ))}
    </ButtonGroup>
  );
}
