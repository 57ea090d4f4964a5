import { useTranslation } from 'react-i18next';
import { SortHeader } from './SortHeader.tsx';
import type { QueryListState } from './useQueryList.ts';

/**
 * The sortable column headers of a query list: `sortable(key, labelKey)` renders the header that
 * orders by `key`, with the test id `<testPrefix>-<key>`.
 */
export function useSortHeader<Key extends string>(
  list: Pick<QueryListState, 'direction' | 'sort'>,
  testPrefix: string,
) {
  const { t } = useTranslation();
  return (key: Key, label: string) => (
    <SortHeader
      label={t(label)}
      sortLabel={t('pages.sortBy', { column: t(label) })}
      direction={list.direction(key)}
      onSort={() => list.sort(key)}
      testId={`${testPrefix}-${key}`}
    />
  );
}
