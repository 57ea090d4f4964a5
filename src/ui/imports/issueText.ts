import type { TFunction } from 'i18next';
import type { FileIssue, RowIssue } from '../../domain/sheetImport/issues.ts';
import { columnI18nKey, issueI18nKey } from '../../machines/sheetImport/sheetImportSelectors.ts';

/** A row or file problem in the reader's language, its column named as the reader knows it. */
export function issueText(t: TFunction, issue: RowIssue | FileIssue): string {
  const params = (issue.params ?? {}) as Record<string, string | number>;
  const column = 'column' in issue && issue.column ? issue.column : params.column;
  return t(issueI18nKey(issue.code), {
    ...params,
    ...(typeof column === 'string' && { column: t(columnI18nKey(column)) }),
  });
}
