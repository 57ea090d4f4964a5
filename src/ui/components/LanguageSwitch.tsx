import { Button, ButtonGroup } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../i18n/index.ts';
import { languagePreferenceLogic } from '../../machines/language/languagePreferenceLogic.ts';
import { selectCustomerUuid, selectVendorUuid } from '../../machines/people/access.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';

const NAME_KEYS: Record<Language, string> = { fr: 'language.frName', en: 'language.enName' };
const SHORT_KEYS: Record<Language, string> = { fr: 'language.fr', en: 'language.en' };

/**
 * FR / EN toggle; the current language is pressed. A signed-in user's choice is also kept on
 * their own record (their documents follow it), quietly: the switch never waits for the save.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const vendorUuid = useSession(selectVendorUuid);
  const customerUuid = useSession(selectCustomerUuid);
  const logic = useMemo(() => languagePreferenceLogic(clients), [clients]);
  const preference = useActorRef(logic);
  const current = i18n.resolvedLanguage;
  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    if (language !== current)
      preference.send({ type: 'language.chosen', language, owner: { vendorUuid, customerUuid } });
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
