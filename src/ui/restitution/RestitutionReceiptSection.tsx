import { Card, H2 } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { depositReceiptLogic } from '../../machines/restitution/restitutionReceiptLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { ReceiptBody } from './ReceiptBody.tsx';
import './restitution.css';

/**
 * The deposit page's restitution receipt: its vendor and staff follow its status and download it;
 * the depositor, signed in, accepts it here.
 */
export function RestitutionReceiptSection({
  deposit,
  mayAccept,
}: {
  deposit: string;
  mayAccept: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => depositReceiptLogic(clients, () => i18n.language), [clients, i18n]);
  const actor = useActorRef(logic, { input: { source: deposit, mayAccept } });
  return (
    <Card>
      <section
        aria-labelledby="restitution-receipt-title"
        data-testid="deposit-restitution-receipt"
      >
        <H2 id="restitution-receipt-title">{t('restitutionReceipt.title')}</H2>
        <ReceiptBody actor={actor} headingLevel={2} />
      </section>
    </Card>
  );
}
