import {
  Button,
  Callout,
  Card,
  Checkbox,
  FormGroup,
  H2,
  HTMLSelect,
  InputGroup,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  FIELD_GROUPS,
  type FieldGroup,
  type FieldSpec,
  type FieldValue,
} from '../../machines/deposit/depositFields.ts';
import {
  selectCanEdit,
  selectCanSave,
  selectDraftSize,
  selectFieldValues,
  selectIsBusy,
} from '../../machines/deposit/depositSelectors.ts';
import { DEPOSIT_ENUMS, enumI18nKey, enumLabels } from '../../machines/deposit/enums.ts';
import { useDeposit, useDepositActor } from './depositContext.ts';

const GROUP_TITLES: Record<FieldGroup, string> = {
  identity: 'deposit.groupIdentity',
  customer: 'deposit.groupCustomer',
  logistics: 'deposit.groupLogistics',
  criteria: 'deposit.groupCriteria',
  dates: 'deposit.groupDates',
};
const sameValues = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/** `details`: every shown field by group, editable where the role may, saved with row_version. */
export function DepositDetails() {
  const { t } = useTranslation();
  const actor = useDepositActor();
  const canEdit = useDeposit(selectCanEdit);
  const canSave = useDeposit(selectCanSave);
  const draftSize = useDeposit(selectDraftSize);
  const busy = useDeposit(selectIsBusy);
  return (
    <div className="seconde-deposit-stack" data-testid="deposit-details">
      {!canEdit && <Callout intent="primary">{t('deposit.readOnly')}</Callout>}
      <div className="seconde-field-groups">
        {(Object.keys(FIELD_GROUPS) as FieldGroup[]).map((group) => (
          <Card key={group}>
            <H2>{t(GROUP_TITLES[group])}</H2>
            {FIELD_GROUPS[group].map((spec) => (
              <Field key={spec.name} spec={spec} editable={canEdit && !spec.readOnly} />
            ))}
          </Card>
        ))}
      </div>
      {canEdit && (
        <div>
          <Button
            intent="primary"
            icon="floppy-disk"
            text={t('deposit.save')}
            disabled={!canSave}
            loading={busy && canSave}
            data-testid="deposit-save"
            onClick={() => actor.send({ type: 'deposit.save' })}
          />{' '}
          <Button
            text={t('deposit.discard')}
            disabled={draftSize === 0}
            onClick={() => actor.send({ type: 'deposit.discardDraft' })}
          />{' '}
          {draftSize > 0 && <span>{t('deposit.unsaved', { count: draftSize })}</span>}
        </div>
      )}
    </div>
  );
}

function Field({ spec, editable }: { spec: FieldSpec; editable: boolean }) {
  const { t } = useTranslation();
  const actor = useDepositActor();
  const values = useDeposit(selectFieldValues, sameValues);
  const value = values[spec.name] ?? null;
  const id = `field-${spec.name}`;
  const label = t(`depositsField.${spec.name}`);
  const edit = (next: FieldValue) =>
    actor.send({ type: 'deposit.editField', name: spec.name, value: next });

  if (spec.kind === 'bool')
    return (
      <Switch
        id={id}
        label={label}
        checked={Boolean(value)}
        disabled={!editable}
        onChange={(e) => edit(e.currentTarget.checked)}
      />
    );
  if (spec.kind === 'enumList') {
    const chosen = (value as readonly string[] | null) ?? [];
    const labels = enumLabels(DEPOSIT_ENUMS[spec.enumName!].values);
    return (
      <FormGroup label={label}>
        {labels.map((l) => (
          <Checkbox
            key={l}
            inline
            label={t(enumI18nKey(spec.enumName!, l))}
            checked={chosen.includes(l)}
            disabled={!editable}
            onChange={(e) =>
              edit(labels.filter((x) => (x === l ? e.currentTarget.checked : chosen.includes(x))))
            }
          />
        ))}
      </FormGroup>
    );
  }
  return (
    <FormGroup label={label} labelFor={id}>
      {spec.kind === 'enum' ? (
        <HTMLSelect
          id={id}
          value={String(value ?? '')}
          disabled={!editable}
          onChange={(e) => edit(e.currentTarget.value)}
        >
          <option value="">{t('deposit.notSet')}</option>
          {enumLabels(DEPOSIT_ENUMS[spec.enumName!].values).map((l) => (
            <option key={l} value={l}>
              {t(enumI18nKey(spec.enumName!, l))}
            </option>
          ))}
        </HTMLSelect>
      ) : spec.kind === 'longText' ? (
        <TextArea
          id={id}
          fill
          value={String(value ?? '')}
          disabled={!editable}
          onChange={(e) => edit(e.currentTarget.value)}
        />
      ) : (
        <InputGroup
          id={id}
          type={spec.kind === 'number' ? 'number' : spec.kind === 'date' ? 'date' : 'text'}
          value={value === null ? '' : String(value)}
          disabled={!editable}
          onValueChange={(text) =>
            edit(spec.kind === 'number' && text !== '' ? Number(text) : text)
          }
        />
      )}
    </FormGroup>
  );
}
