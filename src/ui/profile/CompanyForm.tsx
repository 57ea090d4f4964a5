import { Button, Callout, Card, FormGroup, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { CompanyField } from '../../domain/company/companyRules.ts';
import { COMPANY_TEXT_FIELDS, draftInvoiceAddress } from '../../machines/company/companyForm.ts';
import type { companyMachine } from '../../machines/company/companyMachine.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { ProofOfRegistration } from './ProofOfRegistration.tsx';

type CompanyActor = ActorRefFrom<typeof companyMachine>;
type TextField = (typeof COMPANY_TEXT_FIELDS)[number];

const REQUIRED: ReadonlySet<TextField> = new Set([
  'title',
  'siret',
  'negociatedPourcentageOnPrice',
]);
const INPUT_TYPE: Partial<Record<TextField, string>> = { websiteLink: 'url' };
const INPUT_MODE: Partial<Record<TextField, 'numeric'>> = {
  siret: 'numeric',
  negociatedPourcentageOnPrice: 'numeric',
  postalCode: 'numeric',
};
const fieldId = (field: CompanyField) => `company-${field}`;

/**
 * The company form, for its administrator or for a vendor creating one: the rules and the
 * server's refusals come from the machine, which also says which field takes the focus.
 */
export function CompanyForm({ actor }: { actor: CompanyActor }) {
  const { t } = useTranslation();
  const draft = useSelector(actor, (s) => s.context.draft);
  const creating = useSelector(actor, (s) => s.context.record === null);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const touched = useSelector(actor, (s) => s.context.touched);
  const focus = useSelector(actor, (s) => s.context.focus);
  const saveError = useSelector(actor, (s) => s.context.saveError);
  const vendorAddress = useSelector(actor, (s) => s.context.vendorAddress);
  const saving = useSelector(actor, (s) => s.hasTag('busy'));
  const record = useSelector(actor, (s) => s.context.record);
  const uploadingProof = useSelector(actor, (s) => s.matches('uploadingProof'));
  const proofRefusal = useSelector(actor, (s) => s.context.proofRefusal);
  const proofErrorCode = useSelector(actor, (s) => s.context.proofErrorCode);

  useEffect(() => {
    if (focus) document.getElementById(fieldId(focus.field))?.focus();
  }, [focus]);

  if (!draft || !vendorAddress) return null;
  const change = (field: CompanyField, value: string | boolean) =>
    actor.send({ type: 'company.change', field, value });
  const errorOf = (field: CompanyField) => {
    const reason = touched.includes(field) ? errors[field] : undefined;
    return reason ? t(labelKey('company.error', reason)) : undefined;
  };
  const invoice = draftInvoiceAddress(draft, vendorAddress);
  const invoiceLine = [invoice.address.address, invoice.address.postalCode, invoice.address.city]
    .filter((v) => v.trim() !== '')
    .join(', ');

  return (
    <Card>
      {creating && (
        <Callout icon="office" title={t('company.createTitle')}>
          {t('company.createIntro')}
        </Callout>
      )}
      <form
        data-testid="company-form"
        noValidate
        aria-label={t('company.formLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'company.save' });
        }}
      >
        {COMPANY_TEXT_FIELDS.map((field) => {
          const error = errorOf(field);
          const required = REQUIRED.has(field);
          return (
            <FormGroup
              key={field}
              label={t(`company.${field}`)}
              labelFor={fieldId(field)}
              labelInfo={t(required ? 'company.required' : 'company.optional')}
              helperText={error ?? (field === 'siret' ? t('company.siretHelp') : undefined)}
              intent={error ? Intent.DANGER : Intent.NONE}
            >
              <InputGroup
                id={fieldId(field)}
                data-testid={fieldId(field)}
                type={INPUT_TYPE[field] ?? 'text'}
                inputMode={INPUT_MODE[field]}
                value={draft[field]}
                intent={error ? Intent.DANGER : Intent.NONE}
                aria-invalid={error !== undefined}
                aria-required={required}
                placeholder={field === 'websiteLink' ? t('company.websitePlaceholder') : undefined}
                onValueChange={(value) => change(field, value)}
              />
            </FormGroup>
          );
        })}
        <Switch
          id="company-taxEligible"
          label={t('company.taxEligible')}
          checked={draft.taxEligible}
          onChange={(e) => change('taxEligible', e.currentTarget.checked)}
        />
        <Switch
          id="company-useVendorAddress"
          label={t('company.useVendorAddress')}
          checked={draft.useVendorAddressAsFacturationAddress}
          onChange={(e) => change('useVendorAddressAsFacturationAddress', e.currentTarget.checked)}
        />
        <p data-testid="company-invoice-address" aria-live="polite">
          {t(
            invoice.source === 'company'
              ? 'company.invoiceAddressCompany'
              : 'company.invoiceAddressVendor',
            { address: invoiceLine },
          )}
        </p>
        {record && (
          <ProofOfRegistration
            company={record.uuid}
            stored={record.proofRegistration !== ''}
            onUpload={(file) => actor.send({ type: 'company.proof.upload', file })}
            uploading={uploadingProof}
            refusal={proofRefusal}
            errorCode={proofErrorCode}
          />
        )}
        {saveError && (
          <Callout intent={Intent.DANGER} role="alert" data-testid="company-save-failed">
            {t(`errors.${saveError}`)}
          </Callout>
        )}
        <div className="seconde-form-actions">
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={t(creating ? 'company.create' : 'company.save')}
            loading={saving}
            data-testid="company-save"
          />
        </div>
      </form>
    </Card>
  );
}
