import { Button, ButtonGroup, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  readonly page: number;
  readonly pages: number;
  readonly count: number;
  readonly canPrevious: boolean;
  readonly canNext: boolean;
  readonly onPage: (page: number) => void;
}

/** Previous / next with "page x of y"; the machine decides whether each move is possible. */
export function Pager({ page, pages, count, canPrevious, canNext, onPage }: PagerProps) {
  const { t } = useTranslation();
  return (
    <nav className="seconde-pager" aria-label={t('people.pagination')}>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t('people.previousPage')}
          disabled={!canPrevious}
          onClick={() => onPage(page - 1)}
        />
        <Button
          icon="chevron-right"
          aria-label={t('people.nextPage')}
          disabled={!canNext}
          onClick={() => onPage(page + 1)}
        />
      </ButtonGroup>
      <span className={Classes.TEXT_MUTED} aria-live="polite" data-testid="pager-status">
        {t('people.pageOf', { page, pages, count })}
      </span>
    </nav>
  );
}
