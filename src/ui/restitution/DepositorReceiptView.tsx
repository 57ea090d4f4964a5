import { H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RestitutionReceiptSection } from './RestitutionReceiptSection.tsx';

/**
 * `/restitution/:depositUuid`: the depositor, signed in, reads the receipt of their restituted
 * deposit and accepts it on the screen (the mail names this page beside its personal link).
 */
export function DepositorReceiptView() {
  const { t } = useTranslation();
  const { depositUuid = '' } = useParams();
  return (
    <section aria-labelledby="depositor-receipt-title" data-testid="depositor-receipt-page">
      <Link to="/dressing">{t('restitutionReceipt.backToDressing')}</Link>
      <H1 id="depositor-receipt-title">{t('restitutionReceipt.pageTitle')}</H1>
      <RestitutionReceiptSection key={depositUuid} deposit={depositUuid} mayAccept />
    </section>
  );
}
