import { DateRangeInput as BpDateRangeInput, type DateRange } from '@blueprintjs/datetime';
import { useTranslation } from 'react-i18next';
import {
  dateOfValue,
  DISPLAY_FORMAT,
  orderRange,
  RANGE_SHORTCUTS,
  shortcutRange,
  valueOfDate,
  type DayLimits,
  type DayRange,
} from '../../../domain/dates.ts';
import { pickerProps } from './pickerLocale.ts';

export interface DateRangeInputProps extends DayLimits {
  /** Prefix of the two inputs' ids (`<id>-start`, `<id>-end`). */
  readonly id: string;
  readonly value: DayRange;
  /** Always in order: the earlier day first. */
  readonly onChange: (value: DayRange) => void;
  /** "Now" for the shortcuts; the page's clock. */
  readonly now: Date;
  readonly disabled?: boolean;
}

const toDates = ([from, to]: DayRange): DateRange => [
  from ? dateOfValue(from) : null,
  to ? dateOfValue(to) : null,
];

/**
 * A range of days over Blueprint's DateRangeInput, with the four shortcuts of 1-app-shell.md §9
 * (last 7 days, last 30 days, last 6 months, since the start of the year); whatever the order the
 * two days are picked or typed in, the range comes out in order.
 */
export function DateRangeInput({
  id,
  value,
  onChange,
  now,
  min,
  max,
  isAllowed,
  disabled,
}: DateRangeInputProps) {
  const { t, i18n } = useTranslation();
  const shortcuts = RANGE_SHORTCUTS.map((shortcut) => {
    const { dateFrom, dateTo } = shortcutRange(shortcut, now);
    return { label: t(`forms.${shortcut}`), dateRange: toDates([dateFrom, dateTo]) };
  });
  return (
    <BpDateRangeInput
      {...pickerProps(i18n.language)}
      value={toDates(value)}
      onChange={([from, to]) =>
        onChange(orderRange([from ? valueOfDate(from) : null, to ? valueOfDate(to) : null]))
      }
      shortcuts={shortcuts}
      allowSingleDayRange
      minDate={min ? dateOfValue(min) : undefined}
      maxDate={max ? dateOfValue(max) : undefined}
      dayPickerProps={
        isAllowed ? { disabled: (day: Date) => !isAllowed(valueOfDate(day)) } : undefined
      }
      disabled={disabled}
      invalidDateMessage={t('forms.dateInvalid')}
      outOfRangeMessage={t('forms.dateOutOfRange')}
      overlappingDatesMessage={t('forms.dateOverlapping')}
      startInputProps={{
        id: `${id}-start`,
        placeholder: DISPLAY_FORMAT,
        'aria-label': t('forms.rangeStart'),
      }}
      endInputProps={{
        id: `${id}-end`,
        placeholder: DISPLAY_FORMAT,
        'aria-label': t('forms.rangeEnd'),
      }}
    />
  );
}
