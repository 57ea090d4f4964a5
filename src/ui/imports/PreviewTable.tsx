import { FormGroup, HTMLSelect, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadyPreview } from '../../machines/sheetImport/sheetImportTypes.ts';
import {
  previewLines,
  type PreviewFilter,
} from '../../machines/sheetImport/sheetImportSelectors.ts';
import { TablePager } from '../components/TablePager.tsx';
import { issueText } from './issueText.ts';

/** Rows per page of the preview: a long sheet is read page by page. */
export const PREVIEW_PAGE_SIZE = 25;

const FILTERS: readonly { value: PreviewFilter; key: string }[] = [
  { value: 'refused', key: 'imports.filterRefused' },
  { value: 'notices', key: 'imports.filterNotices' },
  { value: 'all', key: 'imports.filterAll' },
];

const PAGER_LABELS = {
  pageOf: 'imports.pageOf',
  previous: 'imports.previous',
  next: 'imports.next',
  navigation: 'imports.navigation',
};

/** The sheet's rows with their problems, refused ones first shown, page by page. */
export function PreviewTable({ preview }: { readonly preview: ReadyPreview }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<PreviewFilter>(
    preview.preview.refusedCount > 0 ? 'refused' : 'notices',
  );
  const [page, setPage] = useState(1);
  const lines = useMemo(() => previewLines(preview, filter), [preview, filter]);
  const pages = Math.max(1, Math.ceil(lines.length / PREVIEW_PAGE_SIZE));
  const shown = lines.slice((page - 1) * PREVIEW_PAGE_SIZE, page * PREVIEW_PAGE_SIZE);
  const kind = preview.kind === 'products' ? 'Products' : 'Customers';

  return (
    <div className="seconde-import-preview">
      <FormGroup label={t('imports.filter')} labelFor="import-filter" inline>
        <HTMLSelect
          id="import-filter"
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value as PreviewFilter);
            setPage(1);
          }}
          options={FILTERS.map((f) => ({ value: f.value, label: t(f.key) }))}
          data-testid="import-filter"
        />
      </FormGroup>
      {lines.length === 0 ? (
        <p data-testid="import-all-good">{t('imports.allGood')}</p>
      ) : (
        <div className="seconde-scroll-x">
          <HTMLTable compact striped className="seconde-table" data-testid="import-preview-table">
            <caption className="seconde-sr-only">{t('imports.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('imports.row')}</th>
                <th scope="col">{t(`imports.key${kind}`)}</th>
                <th scope="col">{t(`imports.label${kind}`)}</th>
                <th scope="col">{t('imports.problems')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((line) => (
                <tr
                  key={line.row}
                  data-testid="import-preview-row"
                  data-row={line.row}
                  data-refused={line.refused}
                >
                  <th scope="row" className="seconde-number">
                    {line.row}
                  </th>
                  <td>{line.key}</td>
                  <td className="seconde-import-label">{line.label}</td>
                  <td>
                    {line.refused && (
                      <Tag minimal intent={Intent.DANGER}>
                        {t('imports.refusedTag')}
                      </Tag>
                    )}
                    <ul className="seconde-import-issues">
                      {line.issues.map((issue, i) => (
                        <li
                          key={i}
                          data-code={issue.code}
                          className={issue.level === 'error' ? 'seconde-import-error' : undefined}
                        >
                          {issue.level === 'warning'
                            ? t('imports.notice', { text: issueText(t, issue) })
                            : issueText(t, issue)}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <TablePager
        page={Math.min(page, pages)}
        pages={pages}
        onPage={setPage}
        labels={PAGER_LABELS}
        testId="import-pager"
      />
    </div>
  );
}
