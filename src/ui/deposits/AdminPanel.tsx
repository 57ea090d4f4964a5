import { Button, Card, FormGroup, H2, HTMLSelect, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  selectAdmin,
  selectCanSaveAdmin,
  selectIsBusy,
} from '../../machines/deposit/depositSelectors.ts';
import { DEPOSIT_ENUMS, enumI18nKey, enumLabels } from '../../machines/deposit/enums.ts';
import { useDeposit, useDepositActor } from './depositContext.ts';

/** Admin notes and qualification status, read and written through the admin-only calls. */
export function AdminPanel() {
  const { t } = useTranslation();
  const actor = useDepositActor();
  const admin = useDeposit(selectAdmin);
  const canSave = useDeposit(selectCanSaveAdmin);
  const busy = useDeposit(selectIsBusy);
  return (
    <Card data-testid="admin-panel">
      <H2>{t('deposit.admin')}</H2>
      <FormGroup label={t('deposit.adminNotes')} labelFor="admin-notes">
        <TextArea
          id="admin-notes"
          fill
          value={admin?.adminNotes ?? ''}
          onChange={(e) =>
            actor.send({ type: 'deposit.editAdmin', adminNotes: e.currentTarget.value })
          }
        />
      </FormGroup>
      <FormGroup label={t('deposit.qualification')} labelFor="admin-qualification">
        <HTMLSelect
          id="admin-qualification"
          value={admin?.qualification ?? ''}
          onChange={(e) =>
            actor.send({ type: 'deposit.editAdmin', qualification: e.currentTarget.value })
          }
        >
          {enumLabels(DEPOSIT_ENUMS.qualification.values).map((label) => (
            <option key={label} value={label}>
              {t(enumI18nKey('qualification', label))}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <Button
        intent="primary"
        text={t('deposit.adminSave')}
        disabled={!canSave}
        loading={busy && canSave}
        data-testid="admin-save"
        onClick={() => actor.send({ type: 'deposit.saveAdmin' })}
      />
    </Card>
  );
}
