import './onboarding.css';
import { Callout, Classes, H1, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** `/onboarding/vendor-onboarding`: what the vendor questionnaire asks, then the way in. */
export function VendorIntroView() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="vendor-intro-title"
      className="seconde-onboarding"
      data-testid="vendor-onboarding-intro"
    >
      <H1 id="vendor-intro-title">{t('onboarding.vendorIntroTitle')}</H1>
      <p>{t('onboarding.vendorIntroText')}</p>
      <ol className="seconde-onboarding-steps-list">
        <li>{t('onboarding.vendorIntroActivity')}</li>
        <li>{t('onboarding.vendorIntroStock')}</li>
        <li>{t('onboarding.vendorIntroDiscovery')}</li>
      </ol>
      <Callout intent={Intent.SUCCESS} icon="time">
        {t('onboarding.vendorIntroTrial')}
      </Callout>
      <div className="seconde-onboarding-actions">
        <span />
        <Link
          to="/onboarding/vendor-onboarding-steps"
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE}`}
          data-testid="vendor-onboarding-start"
        >
          {t('onboarding.start')}
        </Link>
      </div>
    </section>
  );
}
