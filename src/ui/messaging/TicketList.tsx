import { Classes, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../../machines/shared/pagedListMachine.ts';
import { formatDate } from '../../domain/dates.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { TablePager } from '../components/TablePager.tsx';
import { useMessagingActor } from './messagingContext.ts';
import { StatusTag } from './StatusTag.tsx';

const PAGER_LABELS = {
  pageOf: 'messaging.pageOf',
  previous: 'messaging.previous',
  next: 'messaging.next',
  navigation: 'messaging.pages',
};

/** The inbox's list: each ticket with its status and last activity (and author, for support). */
export function TicketList() {
  const { t, i18n } = useTranslation();
  const actor = useMessagingActor();
  const rows = useSelector(actor, (s) => s.context.rows);
  const isSupport = useSelector(actor, (s) => s.context.isSupport);
  const selected = useSelector(actor, (s) => s.context.selected);
  const loading = useSelector(actor, (s) => s.hasTag('listBusy'));
  const failed = useSelector(actor, (s) => s.hasTag('listError'));
  const errorCode = useSelector(actor, (s) => s.context.listErrorCode);
  const page = useSelector(actor, (s) => s.context.page);
  const pages = useSelector(actor, (s) => pageCount(s.context.count, s.context.pageSize));

  if (failed)
    return (
      <FailedState
        testId="messaging-failed"
        title={t('messaging.loadFailed')}
        errorCode={errorCode}
        retryText={t('messaging.retry')}
        onRetry={() => actor.send({ type: 'messaging.retry' })}
      />
    );
  if (loading && rows.length === 0) return <Spinner aria-label={t('messaging.conversations')} />;
  if (rows.length === 0)
    return (
      <PageState
        testId="messaging-empty"
        icon="chat"
        title={t('messaging.emptyTitle')}
        description={t(isSupport ? 'messaging.emptySupport' : 'messaging.emptyDescription')}
      />
    );
  return (
    <div className="seconde-ticket-list" aria-busy={loading}>
      <ul aria-label={t('messaging.conversations')}>
        {rows.map((row) => (
          <li key={row.uuid}>
            <button
              type="button"
              className={`seconde-ticket-item${row.uuid === selected ? ' seconde-ticket-selected' : ''}`}
              aria-current={row.uuid === selected ? 'true' : undefined}
              onClick={() => actor.send({ type: 'messaging.open', uuid: row.uuid })}
              data-testid="ticket-row"
            >
              <span className="seconde-ticket-title">{row.title}</span>
              <StatusTag status={row.status} />
              {isSupport && (
                <span className={Classes.TEXT_MUTED}>
                  {t('messaging.from', { name: row.authorName })}
                </span>
              )}
              <span className={Classes.TEXT_MUTED}>
                {t('messaging.lastActivity', {
                  date: formatDate(row.lastMessageAt, i18n.language, true),
                })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <TablePager
        page={page}
        pages={pages}
        labels={PAGER_LABELS}
        onPage={(target) => actor.send({ type: 'messaging.page', page: target })}
      />
    </div>
  );
}
