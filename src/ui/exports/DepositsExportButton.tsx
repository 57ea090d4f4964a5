import { useTranslation } from 'react-i18next';
import {
  selectFilters,
  selectOptions,
  selectOrdering,
  selectViewer,
} from '../../machines/depositList/depositListSelectors.ts';
import { depositExport } from '../../machines/export/exportFilters.ts';
import { useList } from '../deposits/listContext.ts';
import { describeDeposits } from './describeFilters.ts';
import { ExportButton } from './ExportButton.tsx';

/** The deposit list's Export button, with the list's filters; vendors and staff only. */
export function DepositsExportButton() {
  const { t } = useTranslation();
  const filters = useList(selectFilters);
  const ordering = useList(selectOrdering);
  const options = useList(selectOptions);
  const viewer = useList(selectViewer);
  if (viewer.isCustomer) return null;
  return (
    <ExportButton
      request={depositExport(filters, ordering)}
      filters={describeDeposits(t, filters, options)}
    />
  );
}
