import { AnchorButton, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useConnectors } from './connectorsContext.ts';

/** The storefront's public page (opens in a new tab) and its figures, once it exists. */
export function StorefrontFacts({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  const shop = useConnectors((s) => s.context.shop);
  if (!connected || !shop?.url)
    return connected ? <p className={Classes.TEXT_MUTED}>{t('connectors.shopMissing')}</p> : null;
  return (
    <>
      <AnchorButton
        href={shop.url}
        target="_blank"
        rel="noopener noreferrer"
        icon="shop"
        endIcon="share"
        variant="outlined"
        data-testid="connector-shop-link"
        aria-label={`${t('connectors.shopLink')} ${t('connectors.opensInNewTab')}`}
        text={t('connectors.shopLink')}
      />
      <dl className="seconde-connector-facts">
        <dt>{t('connectors.shopOnline')}</dt>
        <dd>{shop.onlineCount}</dd>
        <dt>{t('connectors.pendingReservations')}</dt>
        <dd data-testid="connector-pending-reservations">{shop.pendingReservations}</dd>
      </dl>
    </>
  );
}
