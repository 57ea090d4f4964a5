import { Callout, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { selectCanEdit } from '../../machines/deposit/depositSelectors.ts';
import { RateSlidesPanel } from '../profile/RateSlidesPanel.tsx';
import { useDeposit } from './depositContext.ts';

/**
 * `rates`: the deposit's own commission brackets with the preview. Only who may edit the deposit
 * (its vendor, staff) gets the panel; the server's rate_slide scope says the same.
 */
export function DepositRates() {
  const { t } = useTranslation();
  const { depositUuid = '' } = useParams();
  const canEdit = useDeposit(selectCanEdit);
  if (!canEdit) return null;
  return (
    <section
      className="seconde-deposit-stack"
      aria-labelledby="deposit-rates-title"
      data-testid="deposit-rates"
    >
      <H2 id="deposit-rates-title">{t('depositRates.title')}</H2>
      <Callout intent="primary" icon="info-sign">
        <p>{t('depositRates.hint')}</p>
        <p>{t('depositRates.previewHint')}</p>
      </Callout>
      <RateSlidesPanel key={depositUuid} owner={{ deposit: depositUuid }} canEdit />
    </section>
  );
}
