import { InputGroup, Spinner, SpinnerSize } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailedState, PageState } from '../components/PageState.tsx';
import { Pager } from './Pager.tsx';
import type { usePagedList } from './usePagedList.ts';

type ListState = ReturnType<typeof usePagedList<{ readonly uuid: string }>>;

export interface ListFrameProps {
  readonly list: ListState;
  readonly testId: string;
  /** Label of the search box; no search box when omitted. */
  readonly searchLabel?: string;
  readonly emptyTitle: string;
  readonly children: ReactNode;
}

/**
 * What every paged list shares: the search box, loading, failure with retry, empty, and the
 * pager. The table itself is the caller's.
 */
export function ListFrame({ list, testId, searchLabel, emptyTitle, children }: ListFrameProps) {
  const { t } = useTranslation();
  const firstLoad = list.busy && list.rows.length === 0;
  return (
    <div className="seconde-list" data-testid={testId} aria-busy={list.busy}>
      {searchLabel !== undefined && (
        <InputGroup
          type="search"
          leftIcon="search"
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={list.search}
          onValueChange={list.setSearch}
          rightElement={list.busy ? <Spinner size={SpinnerSize.SMALL} /> : undefined}
          data-testid={`${testId}-search`}
        />
      )}
      {list.failed ? (
        <FailedState
          testId={`${testId}-failed`}
          title={t('people.loadFailed')}
          errorCode={list.errorCode}
          retryText={t('people.retry')}
          onRetry={list.retry}
        />
      ) : firstLoad ? (
        <PageState testId={`${testId}-loading`} icon={<Spinner />} title={t('people.loading')} />
      ) : list.rows.length === 0 ? (
        <PageState testId={`${testId}-empty`} icon="inbox" title={emptyTitle} />
      ) : (
        <>
          {children}
          <Pager
            page={list.page}
            pages={list.pages}
            count={list.count}
            canPrevious={list.canPrevious}
            canNext={list.canNext}
            onPage={list.goTo}
          />
        </>
      )}
    </div>
  );
}
