import { Classes, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ThanksPicture } from './BrandLogo.tsx';
import { PublicLayout } from './PublicLayout.tsx';

/** Where the payment provider sends a vendor back after subscribing: thanks, then the dashboard. */
export function SubscriptionConfirmedView() {
  const { t } = useTranslation();
  return (
    <PublicLayout picture={<ThanksPicture label={t('publicPages.thanksImage')} />}>
      <div data-testid="subscription-confirmed">
        <H1>{t('publicPages.thanksTitle')}</H1>
        <p className={Classes.TEXT_LARGE}>{t('publicPages.thanksDescription')}</p>
        <p className={Classes.TEXT_MUTED}>{t('publicPages.thanksReceipt')}</p>
        <Link
          to="/"
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE}`}
          data-testid="subscription-confirmed-dashboard"
        >
          {t('publicPages.thanksDashboard')}
        </Link>
      </div>
    </PublicLayout>
  );
}
