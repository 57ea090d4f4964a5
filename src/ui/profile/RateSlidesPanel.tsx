import {
  Button,
  Callout,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SLIDE_FIELDS, type SlideField } from '../../domain/income/rateSlides.ts';
import { rateSlidesLogic, type RateOwner } from '../../machines/profile/editProfileLists.ts';
import { firstWrongField, previewOf } from '../../machines/profile/rateSlidesForm.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { formatPrice } from '../components/format.ts';

const LABELS: Record<SlideField, string> = {
  priceStart: 'profile.priceStart',
  priceEnd: 'profile.priceEnd',
  commission: 'profile.commissionPercent',
  providerCommission: 'profile.providerCommissionPercent',
};

/**
 * The slides of one owner (a vendor, a company or a deposit) with their form and a live preview of
 * the split of a sale price; `canEdit` false shows them read-only.
 */
export function RateSlidesPanel({ owner, canEdit }: { owner: RateOwner; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const key = Object.values(owner).join();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the owner
  const logic = useMemo(() => rateSlidesLogic(clients, owner), [clients, key]);
  const kind = 'vendor' in owner ? 'vendor' : 'company' in owner ? 'company' : 'deposit';
  const actor = useActorRef(logic, { input: { owner: kind, canEdit } });
  const slides = useSelector(actor, (s) => s.context.slides);
  const editing = useSelector(actor, (s) => s.context.editing);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const refusals = useSelector(actor, (s) => s.context.refusals);
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canAdd = useSelector(actor, (s) => s.can({ type: 'rates.new' }));
  const canSave = useSelector(actor, (s) => s.can({ type: 'rates.save' }));
  const previewPrice = useSelector(actor, (s) => s.context.previewPrice);
  const preview = useSelector(
    actor,
    (s) => previewOf(s.context.previewPrice, s.context.slides, s.context.owner, s.context.editing),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const id = useId();
  const inputs = useRef<Partial<Record<SlideField, HTMLInputElement | null>>>({});
  useEffect(() => {
    const field = firstWrongField(fieldErrors);
    if (refusals > 0 && field) inputs.current[field]?.focus();
    // Focus moves on a refusal only, not while the user types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals]);

  const price = (value: number) => formatPrice(value, i18n.language);
  const percent = (value: number) => t('profile.percent', { value });
  if (failed)
    return (
      <NonIdealState
        icon="error"
        title={t(errorKey ?? 'errors.unexpected')}
        action={
          <Button text={t('session.retry')} onClick={() => actor.send({ type: 'rates.retry' })} />
        }
      />
    );
  return (
    <div data-testid="rate-slides">
      {slides.length === 0 ? (
        <p className="bp6-text-muted">{t('profile.noRates')}</p>
      ) : (
        <HTMLTable striped className="seconde-table" data-testid="rate-list">
          <caption className="seconde-sr-only">{t('profile.ratesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('profile.priceRange')}</th>
              <th scope="col">{t('profile.commission')}</th>
              <th scope="col">{t('profile.providerCommission')}</th>
              {canEdit && <th scope="col">{t('profile.rateActions')}</th>}
            </tr>
          </thead>
          <tbody>
            {slides.map((r) => (
              <tr key={r.uuid} data-testid="rate-row">
                <td>
                  {t('profile.priceRangeValue', {
                    start: price(r.priceStart),
                    end: price(r.priceEnd),
                  })}
                </td>
                <td>{percent(r.commission)}</td>
                <td>{percent(r.providerCommission)}</td>
                {canEdit && (
                  <td>
                    <Button
                      variant="minimal"
                      text={t('profile.rateEdit')}
                      disabled={busy || editing !== null}
                      onClick={() => actor.send({ type: 'rates.edit', uuid: r.uuid })}
                    />
                    <Button
                      variant="minimal"
                      intent={Intent.DANGER}
                      text={t('profile.rateDelete')}
                      disabled={busy || editing !== null}
                      onClick={() => actor.send({ type: 'rates.delete', uuid: r.uuid })}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {errorKey && !editing && <Callout intent={Intent.DANGER}>{t(errorKey)}</Callout>}
      {editing ? (
        <form
          aria-label={t('profile.rateFormTitle')}
          data-testid="rate-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'rates.save' });
          }}
        >
          {errorKey && <Callout intent={Intent.DANGER}>{t(errorKey)}</Callout>}
          {SLIDE_FIELDS.map((field) => {
            const error = fieldErrors[field];
            const inputId = `${id}-${field}`;
            return (
              <FormGroup
                key={field}
                label={t(LABELS[field])}
                labelFor={inputId}
                intent={error ? Intent.DANGER : Intent.NONE}
                helperText={
                  error && (
                    <span id={`${inputId}-error`} data-testid={`rate-error-${field}`}>
                      {t(error.key, {
                        start: error.start === undefined ? '' : price(error.start),
                        end: error.end === undefined ? '' : price(error.end),
                      })}
                    </span>
                  )
                }
              >
                <InputGroup
                  id={inputId}
                  inputMode="decimal"
                  inputRef={(el) => {
                    inputs.current[field] = el;
                  }}
                  value={editing.values[field]}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(e) =>
                    actor.send({ type: 'rates.change', field, value: e.target.value })
                  }
                />
              </FormGroup>
            );
          })}
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            text={t('profile.rateSave')}
            disabled={!canSave}
            loading={busy}
          />
          <Button
            text={t('profile.rateCancel')}
            onClick={() => actor.send({ type: 'rates.cancel' })}
          />
        </form>
      ) : (
        canEdit && (
          <Button
            icon="add"
            text={t('profile.rateAdd')}
            disabled={!canAdd}
            onClick={() => actor.send({ type: 'rates.new' })}
          />
        )
      )}
      <FormGroup label={t('profile.previewPrice')} labelFor={`${id}-preview`}>
        <InputGroup
          id={`${id}-preview`}
          inputMode="decimal"
          value={previewPrice}
          onChange={(e) => actor.send({ type: 'rates.preview', price: e.target.value })}
        />
      </FormGroup>
      <p aria-live="polite" data-testid="rate-preview">
        {preview
          ? t('profile.preview', {
              price: price(preview.priceCents / 100),
              customer: price(preview.customerCents / 100),
              vendor: price(preview.vendorCents / 100),
              provider: price(preview.providerCents / 100),
            })
          : t('profile.previewInvalid')}
      </p>
    </div>
  );
}
