import {
  Callout,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { generateInvoicesMachine } from '../../machines/invoices/generateInvoicesMachine.ts';
import { PERIOD_SHORTCUTS, type PeriodField } from '../../machines/invoices/invoicePeriods.ts';
import { FormDialogFooter } from '../components/FormDialogFooter.tsx';

type GenerateActor = ActorRefFrom<typeof generateInvoicesMachine>;
const PERIOD_FIELDS: readonly PeriodField[] = ['dateFrom', 'dateTo'];

/**
 * The "Generate invoices" dialog: the period (two days and the shortcuts), then one customer or,
 * for staff, one vendor. Refusals are said at their field, and the focus goes to the first one.
 */
export function GenerateInvoicesDialog({ actor }: { actor: GenerateActor }) {
  const { t } = useTranslation();
  const id = useId();
  const isOpen = useSelector(actor, (s) => !s.matches('closed'));
  const values = useSelector(actor, (s) => s.context.values);
  const parties = useSelector(actor, (s) => s.context.parties);
  const partiesFailed = useSelector(actor, (s) => s.context.partiesFailed);
  const isStaff = useSelector(actor, (s) => s.context.isStaff);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const refusals = useSelector(actor, (s) => s.context.refusals);
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const submitting = useSelector(actor, (s) => s.matches({ open: 'submitting' }));
  const loadingParties = useSelector(actor, (s) => s.matches({ open: 'loadingParties' }));
  const inputs = useRef<Partial<Record<PeriodField, HTMLInputElement | null>>>({});
  useEffect(() => {
    const field = PERIOD_FIELDS.find((f) => fieldErrors[f]);
    if (refusals > 0 && field) inputs.current[field]?.focus();
    // Focus moves on a refusal only, not while the user types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals]);

  const change = (field: PeriodField | 'customer' | 'vendor', value: string) =>
    actor.send({ type: 'generate.change', field, value });
  const close = () => actor.send({ type: 'generate.close' });

  return (
    <Dialog
      isOpen={isOpen}
      onClose={submitting ? undefined : close}
      title={t('invoices.generateTitle')}
      icon="document"
    >
      <form
        noValidate
        aria-label={t('invoices.generateTitle')}
        data-testid="invoice-generate-form"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'generate.submit' });
        }}
      >
        <DialogBody>
          <p>{t('invoices.generateIntro')}</p>
          {errorKey && (
            <Callout intent={Intent.DANGER} role="alert" data-testid="invoice-generate-error">
              {t(errorKey)}
            </Callout>
          )}
          <fieldset className="seconde-pages-filters">
            <legend>{t('invoices.period')}</legend>
            {PERIOD_FIELDS.map((field) => {
              const error = fieldErrors[field];
              const inputId = `${id}-${field}`;
              return (
                <FormGroup
                  key={field}
                  label={t(`invoices.${field}`)}
                  labelFor={inputId}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  helperText={
                    error && (
                      <span id={`${inputId}-error`} data-testid={`invoice-generate-${field}-error`}>
                        {t(error)}
                      </span>
                    )
                  }
                >
                  <InputGroup
                    id={inputId}
                    type="date"
                    required
                    value={values[field]}
                    inputRef={(el) => {
                      inputs.current[field] = el;
                    }}
                    intent={error ? Intent.DANGER : Intent.NONE}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                    onValueChange={(value) => change(field, value)}
                  />
                </FormGroup>
              );
            })}
            <FormGroup label={t('invoices.shortcut')} labelFor={`${id}-shortcut`}>
              <HTMLSelect
                id={`${id}-shortcut`}
                value=""
                onChange={(e) => {
                  const shortcut = PERIOD_SHORTCUTS.find((s) => s === e.currentTarget.value);
                  if (shortcut)
                    actor.send({ type: 'generate.shortcut', shortcut, now: new Date() });
                }}
              >
                <option value="">{t('invoices.shortcutNone')}</option>
                {PERIOD_SHORTCUTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`invoices.${s}`)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          </fieldset>
          {partiesFailed && (
            <Callout intent={Intent.WARNING}>{t('invoices.partiesFailed')}</Callout>
          )}
          <FormGroup
            label={t('invoices.customer')}
            labelFor={`${id}-customer`}
            helperText={isStaff ? t('invoices.partyHint') : undefined}
          >
            <HTMLSelect
              id={`${id}-customer`}
              value={values.customer}
              disabled={loadingParties}
              onChange={(e) => change('customer', e.currentTarget.value)}
            >
              <option value="">{t('invoices.everyCustomer')}</option>
              {parties.customers.map((p) => (
                <option key={p.uuid} value={p.uuid}>
                  {p.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {isStaff && (
            <FormGroup label={t('invoices.vendor')} labelFor={`${id}-vendor`}>
              <HTMLSelect
                id={`${id}-vendor`}
                value={values.vendor}
                disabled={loadingParties}
                onChange={(e) => change('vendor', e.currentTarget.value)}
              >
                <option value="">{t('invoices.everyVendor')}</option>
                {parties.vendors.map((p) => (
                  <option key={p.uuid} value={p.uuid}>
                    {p.label}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
        </DialogBody>
        <FormDialogFooter
          cancelText={t('invoices.cancel')}
          submitText={t('invoices.submit')}
          busy={submitting}
          onCancel={close}
          submitTestId="invoice-generate-submit"
        />
      </form>
    </Dialog>
  );
}
