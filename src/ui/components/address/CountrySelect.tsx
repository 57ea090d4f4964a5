import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '../../../domain/countries.ts';

interface CountrySelectProps {
  readonly id: string;
  readonly value: string;
  readonly disabled?: boolean;
  readonly onChange: (code: string) => void;
}

/** The 27 countries with flag, name and code; no choice means France (2-business-data.md §2). */
export function CountrySelect({ id, value, disabled, onChange }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  return (
    <FormGroup label={t('addressForm.country')} labelFor={id}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        <option value="">{t('addressForm.noCountry')}</option>
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {`${c.flag} ${english ? c.nameEn : c.nameFr} (${c.code})`}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
