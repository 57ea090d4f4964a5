import { Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailedState, PageState } from './PageState.tsx';
import { TablePager } from './TablePager.tsx';

export interface ListBodyProps {
  readonly list: {
    readonly count: number;
    readonly page: number;
    readonly pages: number;
    readonly loaded: boolean;
    readonly errorCode: string | null;
    goTo(page: number): void;
    retry(): void;
  };
  readonly testId: string;
  readonly emptyTitle: string;
  readonly children: ReactNode;
}

/**
 * What the lists of this area share below their filters: failure with retry, first load, empty,
 * or the table (scrolling sideways on a phone) with the result count and the pager.
 */
export function ListBody({ list, testId, emptyTitle, children }: ListBodyProps) {
  const { t } = useTranslation();
  if (list.errorCode)
    return (
      <FailedState
        testId={`${testId}-failed`}
        title={t('pages.loadFailed')}
        errorCode={list.errorCode}
        retryText={t('pages.retry')}
        onRetry={list.retry}
      />
    );
  if (!list.loaded)
    return <PageState testId={`${testId}-loading`} icon={<Spinner />} title={t('pages.loading')} />;
  if (list.count === 0)
    return (
      <PageState
        testId={`${testId}-empty`}
        icon="inbox"
        title={emptyTitle}
        description={t('pages.emptyHint')}
      />
    );
  return (
    <>
      <div className="seconde-scroll-x">{children}</div>
      <TablePager
        page={list.page}
        pages={list.pages}
        onPage={list.goTo}
        testId={`${testId}-pager`}
        labels={{
          pageOf: 'pages.pageOf',
          previous: 'pages.previousPage',
          next: 'pages.nextPage',
          navigation: 'pages.pagination',
        }}
      />
    </>
  );
}
