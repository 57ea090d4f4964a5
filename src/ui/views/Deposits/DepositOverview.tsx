import { Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { selectIsAdminLevel } from '../../../machines/deposit/depositSelectors.ts';
import { AdminPanel } from './AdminPanel.tsx';
import { useDeposit } from './depositContext.ts';
import { DepositProducts } from './DepositProducts.tsx';
import { InlineOfferDialog, ReasonDialog } from './StatusDialogs.tsx';
import { StatusSteps } from './StatusSteps.tsx';

/** The deposit's index tab: its lifecycle, its products and, for staff, the admin-only data. */
export function DepositOverview() {
  const { t } = useTranslation();
  const isAdminLevel = useDeposit(selectIsAdminLevel);
  return (
    <div className="seconde-deposit-columns">
      <Card>
        <H2>{t('deposit.transitions')}</H2>
        <StatusSteps />
      </Card>
      <div className="seconde-deposit-stack">
        <DepositProducts />
        {isAdminLevel && <AdminPanel />}
      </div>
      <ReasonDialog />
      <InlineOfferDialog />
    </div>
  );
}
