import { Button } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportRequest, FilterDescription } from '../../machines/export/exportTypes.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useStartExport } from './exportsState.ts';

export interface ExportButtonProps {
  /** The page's rows: its filters header and ordering (see exportFilters.ts). */
  readonly request: ExportRequest;
  /** The page's filters, translated, for the file's second sheet. */
  readonly filters: readonly FilterDescription[];
}

/**
 * "Export": the page's filtered rows into a spreadsheet, in the background. The export's worker
 * starts with the button (and again on pointing at it once used), so a click streams at once.
 */
export function ExportButton({ request, filters }: ExportButtonProps) {
  const { t } = useTranslation();
  const start = useStartExport();
  const { warmExport } = useAppServices();
  useEffect(() => warmExport?.(), [warmExport]);
  return (
    <Button
      icon="export"
      text={t('exports.button')}
      title={t('exports.buttonHint')}
      onClick={() => start(request, filters)}
      onPointerEnter={warmExport}
      onFocus={warmExport}
      data-testid={`export-${request.kind}`}
    />
  );
}
