import { enGB, fr } from 'date-fns/locale';
import { DATE_TIME_ZONE, displayOf, valueOfDate, valueOfDisplay } from '../../../domain/dates.ts';

/**
 * What the Blueprint pickers share: the calendar's language (French by default, British English
 * for the DD/MM order), the Paris time zone and the DD/MM/YYYY text of the input.
 */
export function pickerProps(language: string) {
  return {
    locale: language === 'en' ? enGB : fr,
    timezone: DATE_TIME_ZONE,
    formatDate: (date: Date) => displayOf(valueOfDate(date)),
    parseDate: (text: string) => {
      const value = valueOfDisplay(text);
      return value === null ? false : new Date(`${value}T00:00:00`);
    },
  };
}
