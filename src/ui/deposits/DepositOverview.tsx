import { Callout, Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isReturnable } from '../../domain/shipping/returnLabels.ts';
import {
  selectCanEdit,
  selectIsAdminLevel,
  selectStatus,
} from '../../machines/deposit/depositSelectors.ts';
import { DepositPhotos } from '../images/DepositPhotos.tsx';
import { RestitutionReceiptSection } from '../restitution/RestitutionReceiptSection.tsx';
import { ReturnLabelSection } from '../shipping/ReturnLabelSection.tsx';
import { AdminPanel } from './AdminPanel.tsx';
import { useDeposit } from './depositContext.ts';
import { DepositProducts } from './DepositProducts.tsx';
import { IdDocumentDialog } from './IdDocumentDialog.tsx';
import { InlineOfferDialog, ReasonDialog } from './StatusDialogs.tsx';
import { StatusSteps } from './StatusSteps.tsx';

/** The deposit's index tab: its lifecycle, its products and, for staff, the admin-only data. */
export function DepositOverview() {
  const { t } = useTranslation();
  const isAdminLevel = useDeposit(selectIsAdminLevel);
  // The photos are the vendor's and staff's work; read-only when the deposit cannot be edited.
  const isStaffOrVendor = useDeposit((s) => isAdminLevel || s.context.viewer.vendorUuid !== null);
  const depositUuid = useDeposit((s) => s.context.deposit?.uuid ?? '');
  const canEdit = useDeposit(selectCanEdit);
  const addressTyped = useDeposit((s) => s.context.deposit?.isAddressTyped === true);
  // A vendor sends the items back by post while the deposit is still theirs (before RESTITUED).
  const returnable = useDeposit(
    (s) =>
      s.context.viewer.vendorUuid !== null &&
      s.context.viewer.vendorUuid === s.context.deposit?.vendor &&
      isReturnable(selectStatus(s)),
  );
  // Once restituted, the receipt: the depositor (neither staff nor a vendor) accepts it here.
  const restituted = useDeposit((s) => selectStatus(s) === 'RESTITUED');
  const isDepositor = !isAdminLevel && !isStaffOrVendor;
  return (
    <div className="seconde-deposit-columns">
      {addressTyped && isStaffOrVendor && (
        <Callout
          className="seconde-deposit-wide"
          intent="warning"
          icon="map-marker"
          data-testid="deposit-address-typed"
        >
          {t('deposit.addressTyped')}
        </Callout>
      )}
      <Card>
        <H2>{t('deposit.transitions')}</H2>
        <StatusSteps />
      </Card>
      <div className="seconde-deposit-stack">
        <DepositProducts />
        {isStaffOrVendor && depositUuid && (
          <DepositPhotos key={depositUuid} deposit={depositUuid} canEdit={canEdit} />
        )}
        {restituted && depositUuid && (
          <RestitutionReceiptSection
            key={depositUuid}
            deposit={depositUuid}
            mayAccept={isDepositor}
          />
        )}
        {returnable && depositUuid && (
          <ReturnLabelSection key={depositUuid} deposit={depositUuid} />
        )}
        {isAdminLevel && <AdminPanel />}
      </div>
      <ReasonDialog />
      <IdDocumentDialog />
      <InlineOfferDialog />
    </div>
  );
}
