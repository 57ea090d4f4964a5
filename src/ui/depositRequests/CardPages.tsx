import { Spinner, type IconName } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import { pageCount } from '../../machines/shared/pagedListMachine.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { Pager } from '../people/Pager.tsx';

type PageEvent<T extends string> = { type: T; page: number };

/** What a machine showing cards page by page holds: its rows, where it is, and why it failed. */
type PagedSnapshot<Row, T extends string> = Snapshot<unknown> & {
  readonly context: {
    readonly rows: readonly Row[];
    readonly count: number;
    readonly page: number;
    readonly pageSize: number;
    readonly errorCode: string | null;
  };
  can(event: PageEvent<T>): boolean;
};

/** Narrow reads of such a machine, one selector per value, and the move to another page. */
export function useCardPages<Row, T extends string, Emitted extends EventObject>(
  actor: ActorRef<PagedSnapshot<Row, T>, PageEvent<T>, Emitted>,
  pageEvent: T,
) {
  const rows = useSelector(actor, (s) => s.context.rows);
  const count = useSelector(actor, (s) => s.context.count);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canPrevious = useSelector(actor, (s) =>
    s.can({ type: pageEvent, page: s.context.page - 1 }),
  );
  const canNext = useSelector(actor, (s) => s.can({ type: pageEvent, page: s.context.page + 1 }));
  return {
    rows,
    errorCode,
    pager: {
      page,
      pages: pageCount(count, pageSize),
      count,
      canPrevious,
      canNext,
      onPage: (target: number) => actor.send({ type: pageEvent, page: target }),
    },
  };
}

export interface CardPagesProps {
  /** Prefix of the states' test ids: `<testId>-failed`, `-loading`, `-empty`. */
  readonly testId: string;
  readonly list: ReturnType<typeof useCardPages>;
  readonly failed: boolean;
  readonly loading: boolean;
  /** The i18n area holding the states' texts: loadFailed, retry, loading, empty. */
  readonly area: 'depositRequests' | 'marketplace';
  readonly emptyIcon: IconName;
  readonly onRetry: () => void;
  /** The cards of the page. */
  readonly children: ReactNode;
}

/** Failure with retry, first load, nothing to show, or the page's cards in a grid and the pager. */
export function CardPages({
  testId,
  list,
  failed,
  loading,
  area,
  emptyIcon,
  onRetry,
  children,
}: CardPagesProps) {
  const { t } = useTranslation();
  if (failed)
    return (
      <FailedState
        testId={`${testId}-failed`}
        title={t(`${area}.loadFailed`)}
        errorCode={list.errorCode}
        retryText={t(`${area}.retry`)}
        onRetry={onRetry}
      />
    );
  if (loading && list.rows.length === 0)
    return (
      <PageState testId={`${testId}-loading`} icon={<Spinner />} title={t(`${area}.loading`)} />
    );
  if (list.rows.length === 0)
    return <PageState testId={`${testId}-empty`} icon={emptyIcon} title={t(`${area}.empty`)} />;
  return (
    <>
      <div className="seconde-card-grid">{children}</div>
      <Pager {...list.pager} />
    </>
  );
}
