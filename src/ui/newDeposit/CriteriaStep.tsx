import { Button, InputGroup, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AGE_RANGES,
  FAMILIES,
  GAMMES,
  PREPARATION_STATUSES,
  SEASONS,
  SELLING_MODES,
  validateCriteria,
} from '../../domain/newDeposit/depositForm.ts';
import type { CriteriaChoiceField } from '../../machines/newDeposit/newDepositTypes.ts';
import { choiceKey } from './choices.ts';
import { ChoiceRadios, ChoiceSelect, CheckList, Field } from './fields.tsx';
import { useNewDeposit, useNewDepositActor } from './newDepositContext.ts';
import { StepFrame, useBusy, useStepErrors } from './StepFrame.tsx';

const SELECTS: ReadonlyArray<[CriteriaChoiceField, string, readonly string[]]> = [
  ['family', 'newDepositFamily', FAMILIES],
  ['gamme', 'newDepositGamme', GAMMES],
  ['ageRange', 'newDepositAge', AGE_RANGES],
];

/** Step 2: what the visitor hands over; categories and brands come from the reference lists. */
export function CriteriaStep() {
  const { t } = useTranslation();
  const actor = useNewDepositActor();
  const send = (event: Parameters<typeof actor.send>[0]) => actor.send(event);
  const criteria = useNewDeposit((s) => s.context.criteria);
  const lists = useNewDeposit((s) => s.context.lists);
  const listsFailed = useNewDeposit((s) => s.matches({ criteria: 'listsFailed' }));
  const busy = useBusy();
  const errors = useStepErrors((c) => validateCriteria(c.criteria));
  const [brandFilter, setBrandFilter] = useState('');
  const edit = (field: CriteriaChoiceField, value: string) =>
    send({ type: 'newDeposit.editCriteria', field, value });

  if (listsFailed)
    return (
      <NonIdealState
        icon="error"
        title={t('newDeposit.listsFailedTitle')}
        action={
          <Button text={t('newDeposit.retry')} onClick={() => send({ type: 'newDeposit.retry' })} />
        }
      />
    );

  const categories = (lists?.categories ?? []).filter(
    (c) =>
      !criteria.family ||
      criteria.family === 'MIXED' ||
      c.family === '' ||
      c.family === criteria.family,
  );
  const filter = brandFilter.trim().toLowerCase();
  const brands = (lists?.brands ?? []).filter(
    (b) => !filter || b.name.toLowerCase().includes(filter) || criteria.brands.includes(b.uuid),
  );

  return (
    <StepFrame step="criteria">
      {SELECTS.map(([field, area, choices]) => (
        <ChoiceSelect
          key={field}
          id={`criteria-${field}`}
          label={t(`newDepositField.${field}`)}
          area={area}
          choices={choices}
          value={criteria[field]}
          error={errors[field]}
          disabled={busy}
          onChange={(value) => edit(field, value)}
        />
      ))}
      <CheckList
        id="criteria-seasons"
        legend={t('newDepositField.seasons')}
        inline
        items={SEASONS.map((s) => ({ value: s, label: t(choiceKey('newDepositSeason', s)) }))}
        selected={criteria.seasons}
        error={errors.seasons}
        disabled={busy}
        onToggle={(value) => send({ type: 'newDeposit.toggleChoice', field: 'seasons', value })}
      />
      <CheckList
        id="criteria-categories"
        legend={t('newDepositField.categories')}
        items={categories.map((c) => ({ value: c.uuid, label: c.name }))}
        selected={criteria.categories}
        error={errors.categories}
        disabled={busy}
        onToggle={(value) => send({ type: 'newDeposit.toggleChoice', field: 'categories', value })}
      />
      <CheckList
        id="criteria-brands"
        legend={t('newDepositField.brands')}
        optional
        items={brands.map((b) => ({ value: b.uuid, label: b.name }))}
        selected={criteria.brands}
        error={errors.brands}
        disabled={busy}
        onToggle={(value) => send({ type: 'newDeposit.toggleChoice', field: 'brands', value })}
      >
        <InputGroup
          type="search"
          leftIcon="search"
          aria-label={t('newDepositField.brandsFilter')}
          placeholder={t('newDepositField.brandsFilter')}
          value={brandFilter}
          onValueChange={setBrandFilter}
        />
        <p className="bp6-text-muted">
          {t('newDeposit.selected', { count: criteria.brands.length })}
        </p>
      </CheckList>
      <Field
        id="criteria-productNumber"
        label={t('newDepositField.productNumber')}
        error={errors.productNumber}
        hint={t('newDepositField.productNumberHint')}
      >
        <InputGroup
          id="criteria-productNumber"
          type="number"
          inputMode="numeric"
          min={1}
          max={10000}
          value={criteria.productNumber === null ? '' : String(criteria.productNumber)}
          aria-invalid={errors.productNumber !== undefined}
          aria-describedby={errors.productNumber ? 'criteria-productNumber-error' : undefined}
          onValueChange={(value) =>
            send({ type: 'newDeposit.editItemCount', value: value === '' ? null : Number(value) })
          }
        />
      </Field>
      <ChoiceRadios
        id="criteria-preparationStatus"
        label={t('newDepositField.preparationStatus')}
        area="newDepositPreparation"
        choices={PREPARATION_STATUSES}
        value={criteria.preparationStatus}
        error={errors.preparationStatus}
        disabled={busy}
        onChange={(value) => edit('preparationStatus', value)}
      />
      <ChoiceRadios
        id="criteria-sellingMode"
        label={t('newDepositField.sellingMode')}
        area="newDepositSelling"
        choices={SELLING_MODES}
        value={criteria.sellingMode}
        error={errors.sellingMode}
        disabled={busy}
        onChange={(value) => edit('sellingMode', value)}
      />
    </StepFrame>
  );
}
