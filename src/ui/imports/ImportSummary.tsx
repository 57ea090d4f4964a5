import { Callout, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ImportSummary as Summary } from '../../machines/sheetImport/sheetImportSelectors.ts';

/** What the preview found: how many rows go in, how many are refused, and what else happens. */
export function ImportSummary({
  summary,
  fileName,
}: {
  readonly summary: Summary;
  readonly fileName: string;
}) {
  const { t } = useTranslation();
  const counts = [
    { key: 'imports.refused', count: summary.refusedCount, testId: 'import-refused-count' },
    { key: 'imports.notices', count: summary.noticeCount, testId: 'import-notice-count' },
    { key: 'imports.skipped', count: summary.skippedCount, testId: 'import-skipped-count' },
  ].filter((c) => c.count > 0);
  return (
    <div className="seconde-import-summary" data-testid="import-summary">
      <p className={Classes.TEXT_MUTED}>{t('imports.file', { name: fileName })}</p>
      <ul className="seconde-import-counts">
        <li>
          <strong data-testid="import-valid-count" data-count={summary.validCount}>
            {t('imports.valid', { count: summary.validCount })}
          </strong>
        </li>
        {counts.map((c) => (
          <li key={c.key} data-testid={c.testId} data-count={c.count}>
            {t(c.key, { count: c.count })}
          </li>
        ))}
      </ul>
      {summary.createsDeposit && summary.validCount > 0 && (
        <p data-testid="import-new-deposit">
          {t('imports.newDeposit', { name: summary.sheetName })}
        </p>
      )}
      {summary.ignoredColumns.length > 0 && (
        <p className={Classes.TEXT_MUTED}>
          {t('imports.ignoredColumns', { columns: summary.ignoredColumns.join(', ') })}
        </p>
      )}
      {summary.validCount === 0 && (
        <Callout intent={Intent.WARNING}>{t('imports.nothingToImport')}</Callout>
      )}
    </div>
  );
}
