import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  ADDRESS_MIN_CHARS,
  departmentOf,
  isFrenchAddress,
  validateAddress,
  type AddressField,
  type FieldErrors,
} from '../../../domain/newDeposit/depositForm.ts';
import type { addressMachine } from '../../../machines/newDeposit/addressMachine.ts';
import { CountrySelect } from './CountrySelect.tsx';
import { StreetCombobox } from './StreetCombobox.tsx';

interface AddressFormProps {
  readonly address: ActorRefFrom<typeof addressMachine>;
  /** The parent asks for every message (the visitor tried to go on). */
  readonly showErrors: boolean;
  readonly disabled?: boolean;
}

const same = (a: FieldErrors, b: FieldErrors) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The address form of 2-business-data.md §2 over an address actor: country, street (a lookup for
 * France, plain text elsewhere), complement, city, postal code (numeric for France) and the
 * department the postal code falls in. When the address service fails or is too slow, the form
 * says so under the street, in words that stay, and takes the street as typed; the department is
 * then read from the postal code alone when the geography service is down too.
 */
export function AddressForm({ address, showErrors, disabled }: AddressFormProps) {
  const { t } = useTranslation();
  const value = useSelector(address, (s) => s.context.value);
  const proposals = useSelector(address, (s) => s.context.proposals);
  const searching = useSelector(address, (s) => s.hasTag('searching'));
  const touched = useSelector(address, (s) => s.context.streetTouched);
  const minChars = useSelector(address, (s) => s.context.minChars);
  const lookup = useSelector(address, (s) => s.context.lookup);
  const departments = useSelector(address, (s) => s.context.departments);
  const errors = useSelector(
    address,
    (s) => validateAddress(s.context.value, s.context.picked || s.context.lookup !== 'available'),
    same,
  );
  const french = isFrenchAddress(value.country);
  const manual = french && lookup !== 'available';

  const shown = (field: AddressField) =>
    showErrors || (field === 'street' && touched) ? errors[field] : undefined;
  const message = (field: AddressField) => {
    const error = shown(field);
    return error ? (
      <span id={`address-${field}-error`} role="alert" data-testid={`address-${field}-error`}>
        {t(`newDepositError.${error}`)}
      </span>
    ) : undefined;
  };
  const edit = (field: 'street' | 'complement' | 'city' | 'postalCode', text: string) =>
    address.send({ type: 'address.edit', field, value: text });
  const department = french ? departmentOf(value.postalCode) : null;
  const departmentName = departments.find((d) => d.code === department)?.name;
  const streetDescribedBy =
    [shown('street') && 'address-street-error', manual && 'address-lookup-down']
      .filter(Boolean)
      .join(' ') || undefined;

  const group = (field: AddressField, label: string, control: ReactNode, helper?: string) => (
    <FormGroup
      label={label}
      labelFor={`address-${field}`}
      labelInfo={field === 'complement' ? t('newDeposit.optional') : undefined}
      intent={shown(field) ? Intent.DANGER : Intent.NONE}
      helperText={message(field) ?? helper}
    >
      {control}
    </FormGroup>
  );
  const text = (field: 'street' | 'complement' | 'city' | 'postalCode', autoComplete: string) => (
    <InputGroup
      id={`address-${field}`}
      value={value[field]}
      disabled={disabled}
      autoComplete={autoComplete}
      inputMode={field === 'postalCode' && french ? 'numeric' : undefined}
      pattern={field === 'postalCode' && french ? '[0-9]*' : undefined}
      aria-invalid={shown(field) !== undefined}
      aria-describedby={shown(field) ? `address-${field}-error` : undefined}
      onValueChange={(v) =>
        edit(field, field === 'postalCode' && french ? v.replace(/\D/g, '') : v)
      }
    />
  );

  return (
    <div className="seconde-address-form" data-testid="address-form">
      <CountrySelect
        id="address-country"
        value={value.country}
        disabled={disabled}
        onChange={(code) => address.send({ type: 'address.selectCountry', code })}
      />
      {group(
        'street',
        t('addressForm.street'),
        french ? (
          <>
            <StreetCombobox
              id="address-street"
              value={value.street}
              proposals={proposals}
              searching={searching}
              manual={manual}
              invalid={shown('street') !== undefined}
              describedBy={streetDescribedBy}
              onType={(text) => address.send({ type: 'address.typeStreet', text })}
              onPick={(index) => address.send({ type: 'address.pick', index })}
              onClear={() => address.send({ type: 'address.clearStreet' })}
              onClose={() => address.send({ type: 'address.closeProposals' })}
              onBlur={() => address.send({ type: 'address.blurStreet' })}
            />
            {manual && (
              <Callout
                id="address-lookup-down"
                className="seconde-address-lookup-down"
                intent="warning"
                compact
                data-testid="address-lookup-down"
              >
                {t(
                  lookup === 'timedOut' ? 'addressForm.lookupTimedOut' : 'addressForm.lookupFailed',
                )}{' '}
                <Button
                  variant="minimal"
                  size="small"
                  text={t('addressForm.lookupRetry')}
                  disabled={disabled}
                  onClick={() => address.send({ type: 'address.retryLookup' })}
                />
              </Callout>
            )}
          </>
        ) : (
          text('street', 'address-line1')
        ),
        french && !manual
          ? t('addressForm.streetSearchHint', { count: Math.max(minChars, ADDRESS_MIN_CHARS) + 1 })
          : undefined,
      )}
      {group('complement', t('addressForm.complement'), text('complement', 'address-line2'))}
      {group(
        'postalCode',
        t('addressForm.postalCode'),
        text('postalCode', 'postal-code'),
        department
          ? departmentName
            ? t('addressForm.department', { code: department, name: departmentName })
            : t('addressForm.departmentCode', { code: department })
          : undefined,
      )}
      {group('city', t('addressForm.city'), text('city', 'address-level2'))}
    </div>
  );
}
