import { Button, ButtonGroup, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface TablePagerProps {
  readonly page: number;
  readonly pages: number;
  readonly onPage: (page: number) => void;
  /** Translation keys of the texts (they differ per area). */
  readonly labels: { pageOf: string; previous: string; next: string; navigation: string };
  readonly testId?: string;
}

/** "Page 2 of 7" with previous and next buttons; hidden when everything fits on one page. */
export function TablePager({ page, pages, onPage, labels, testId }: TablePagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="seconde-table-pager" aria-label={t(labels.navigation)} data-testid={testId}>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t(labels.previous)}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        />
        <span className={Classes.TEXT_MUTED} aria-live="polite" data-testid="page-of">
          {t(labels.pageOf, { page, pages })}
        </span>
        <Button
          icon="chevron-right"
          aria-label={t(labels.next)}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        />
      </ButtonGroup>
    </nav>
  );
}
