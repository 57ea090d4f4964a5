import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DATE_SHORTCUTS, shortcutRange, type DateShortcut } from '../../domain/dates.ts';
import type { DateRange } from '../../machines/stats/figuresMachine.ts';

export interface DateRangeFilterProps {
  readonly range: DateRange;
  readonly onChange: (range: Partial<DateRange>) => void;
  /** Whether the period can go back to "all time" (the machine says). */
  readonly canClear: boolean;
  /** What the dates choose, e.g. "deposits created in the period". */
  readonly legend: string;
  readonly idPrefix: string;
  /** The two dates' labels; the deposit list's "created from / until" unless told. */
  readonly fromLabel?: string;
  readonly toLabel?: string;
}

/**
 * A period: two dates and the deposit list's shortcuts (last 7 days, 30 days, 6 months, since
 * the start of the year, this month), with the same texts, and a way back to "all time".
 */
export function DateRangeFilter({
  range,
  onChange,
  canClear,
  legend,
  idPrefix,
  fromLabel,
  toLabel,
}: DateRangeFilterProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="seconde-pages-filters" data-testid={`${idPrefix}-range`}>
      <legend>{legend}</legend>
      <FormGroup label={fromLabel ?? t('deposits.dateFrom')} labelFor={`${idPrefix}-from`}>
        <InputGroup
          id={`${idPrefix}-from`}
          type="date"
          value={range.dateFrom}
          onValueChange={(dateFrom) => onChange({ dateFrom })}
        />
      </FormGroup>
      <FormGroup label={toLabel ?? t('deposits.dateTo')} labelFor={`${idPrefix}-to`}>
        <InputGroup
          id={`${idPrefix}-to`}
          type="date"
          value={range.dateTo}
          onValueChange={(dateTo) => onChange({ dateTo })}
        />
      </FormGroup>
      <FormGroup label={t('deposits.shortcuts')} labelFor={`${idPrefix}-shortcut`}>
        <HTMLSelect
          id={`${idPrefix}-shortcut`}
          value=""
          onChange={(e) =>
            e.currentTarget.value &&
            onChange(shortcutRange(e.currentTarget.value as DateShortcut, new Date()))
          }
        >
          <option value="">—</option>
          {DATE_SHORTCUTS.map((s) => (
            <option key={s} value={s}>
              {t(`deposits.${s}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <Button
        icon="filter-remove"
        text={t('pages.allTime')}
        disabled={!canClear}
        onClick={() => onChange({ dateFrom: '', dateTo: '' })}
      />
    </fieldset>
  );
}
