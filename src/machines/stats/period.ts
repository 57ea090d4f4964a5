import type { Filters } from '../../rpc/interceptors/filters.ts';
import { filtersHeader } from '../depositList/depositListActors.ts';
import { EMPTY_FILTERS } from '../depositList/depositListQuery.ts';
import type { DateRange } from './figuresMachine.ts';

/**
 * Rows created in a period, as the deposit list's filters header says it (a `created_at` range
 * from the first day's midnight to the midnight after the last day); any table with `created_at`
 * reads it.
 */
export const periodHeader = (range: DateRange): Filters =>
  filtersHeader({ ...EMPTY_FILTERS, ...range });
