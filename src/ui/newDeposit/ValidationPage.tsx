import { Button, Card, H1, Icon, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNewDepositActor } from './newDepositContext.ts';
import { flowBase } from './paths.ts';
import { useLocation } from 'react-router';

/** End of the flow (/nouveau-depot-seconde-main-validation): the request is on its way. */
export function ValidationPage() {
  const { t } = useTranslation();
  const actor = useNewDepositActor();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Card
      className="seconde-new-deposit-card seconde-new-deposit-validation"
      data-testid="new-deposit-validation"
    >
      <Icon icon="tick-circle" intent={Intent.SUCCESS} size={48} />
      <H1>{t('newDeposit.validationTitle')}</H1>
      <p>{t('newDeposit.validationText')}</p>
      <Button
        text={t('newDeposit.newRequest')}
        onClick={() => {
          actor.send({ type: 'newDeposit.restart' });
          void navigate(flowBase(pathname));
        }}
      />
    </Card>
  );
}
