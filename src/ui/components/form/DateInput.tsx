import { DateInput as BpDateInput } from '@blueprintjs/datetime';
import { useTranslation } from 'react-i18next';
import {
  dateOfValue,
  DISPLAY_FORMAT,
  isDayValue,
  valueOfDate,
  type DayLimits,
  type DayValue,
} from '../../../domain/dates.ts';
import { pickerProps } from './pickerLocale.ts';

export interface DateInputProps extends DayLimits {
  readonly id: string;
  /** `YYYY-MM-DD`, or null when empty. */
  readonly value: DayValue | null;
  readonly onChange: (value: DayValue | null) => void;
  readonly disabled?: boolean;
  /** Ids of the field's help or error text. */
  readonly describedBy?: string;
}

/**
 * A day field over Blueprint's DateInput: typed or picked as DD/MM/YYYY, kept as YYYY-MM-DD in
 * Paris; days outside min/max or refused by `isAllowed` cannot be picked.
 */
export function DateInput({
  id,
  value,
  onChange,
  min,
  max,
  isAllowed,
  disabled,
  describedBy,
}: DateInputProps) {
  const { t, i18n } = useTranslation();
  return (
    <BpDateInput
      {...pickerProps(i18n.language)}
      value={value}
      onChange={(next) =>
        onChange(next && isDayValue(next.slice(0, 10)) ? next.slice(0, 10) : null)
      }
      minDate={min ? dateOfValue(min) : undefined}
      maxDate={max ? dateOfValue(max) : undefined}
      dayPickerProps={
        isAllowed ? { disabled: (day: Date) => !isAllowed(valueOfDate(day)) } : undefined
      }
      disabled={disabled}
      placeholder={DISPLAY_FORMAT}
      invalidDateMessage={t('forms.dateInvalid')}
      outOfRangeMessage={t('forms.dateOutOfRange')}
      clearButtonText={t('forms.clear')}
      todayButtonText={t('forms.today')}
      showActionsBar
      inputProps={{ id, 'aria-describedby': describedBy, autoComplete: 'off' }}
    />
  );
}
