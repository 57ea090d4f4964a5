import { H1 } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { linkReceiptLogic } from '../../machines/restitution/restitutionReceiptLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { ThanksPicture } from '../public/BrandLogo.tsx';
import { PublicLayout } from '../public/PublicLayout.tsx';
import { ReceiptBody } from './ReceiptBody.tsx';
import './restitution.css';

/**
 * `/restitution-receipt/:token`: the page the receipt's mail links to. Whoever holds the link
 * reads, accepts and downloads that one receipt without signing in; a wrong or expired link is
 * said so.
 */
export function RestitutionReceiptLinkView() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const { clients } = useAppServices();
  const logic = useMemo(() => linkReceiptLogic(clients, () => i18n.language), [clients, i18n]);
  const actor = useActorRef(logic, { input: { source: token, mayAccept: true } });
  return (
    <PublicLayout picture={<ThanksPicture label={t('publicPages.thanksImage')} />}>
      <div data-testid="restitution-receipt-page">
        <H1>{t('restitutionReceipt.pageTitle')}</H1>
        <ReceiptBody actor={actor} headingLevel={1} />
      </div>
    </PublicLayout>
  );
}
