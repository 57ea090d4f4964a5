import { Checkbox, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RECOVERY_MODES, validateInfo } from '../../domain/newDeposit/depositForm.ts';
import { AddressForm } from '../components/address/AddressForm.tsx';
import { ChoiceRadios, Field } from './fields.tsx';
import { useNewDeposit, useNewDepositActor } from './newDepositContext.ts';
import { StepFrame, useBusy, useStepErrors } from './StepFrame.tsx';

/** Step 3: where the items are, how they are handed over, and a word about them. */
export function InfoStep() {
  const { t } = useTranslation();
  const actor = useNewDepositActor();
  const info = useNewDeposit((s) => s.context.info);
  const address = useNewDeposit((s) => s.children.address);
  const showErrors = useNewDeposit((s) => s.context.showErrors);
  const busy = useBusy();
  const errors = useStepErrors((c) => validateInfo(c.info, c.addressPicked || c.addressManual));

  return (
    <StepFrame step="info">
      {address && <AddressForm address={address} showErrors={showErrors} disabled={busy} />}
      <ChoiceRadios
        id="info-depositRecovery"
        label={t('newDepositField.depositRecovery')}
        area="newDepositRecovery"
        choices={RECOVERY_MODES}
        value={info.depositRecovery}
        error={errors.depositRecovery}
        disabled={busy}
        onChange={(value) =>
          actor.send({ type: 'newDeposit.editInfo', field: 'depositRecovery', value })
        }
      />
      <Checkbox
        label={t('newDepositField.acceptHomeTakeAway')}
        checked={info.acceptHomeTakeAway}
        onChange={(e) =>
          actor.send({
            type: 'newDeposit.setFlag',
            field: 'acceptHomeTakeAway',
            value: e.currentTarget.checked,
          })
        }
      />
      <Checkbox
        label={t('newDepositField.acceptSendPostal')}
        checked={info.acceptSendPostal}
        onChange={(e) =>
          actor.send({
            type: 'newDeposit.setFlag',
            field: 'acceptSendPostal',
            value: e.currentTarget.checked,
          })
        }
      />
      <Field
        id="info-description"
        label={t('newDepositField.description')}
        error={errors.description}
        optional
      >
        <TextArea
          id="info-description"
          fill
          autoResize
          placeholder={t('newDepositField.descriptionPlaceholder')}
          value={info.description}
          onChange={(e) =>
            actor.send({
              type: 'newDeposit.editInfo',
              field: 'description',
              value: e.currentTarget.value,
            })
          }
        />
      </Field>
    </StepFrame>
  );
}
