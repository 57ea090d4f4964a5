import './noticesInbox.css';
import { Button, Classes, H2, NonIdealState, Popover, Spinner, Tag } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { noticeInboxLogic } from '../../machines/liveNotices/noticeInboxLogic.ts';
import {
  isUnread,
  unreadCount,
  type NoticeInboxContext,
} from '../../machines/liveNotices/noticeInboxMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { selectIsDepositor, useNoticeText } from './useNoticeText.ts';

type InboxView = { context: NoticeInboxContext; hasTag(tag: string): boolean };
const selectOpen = (s: InboxView) => s.hasTag('open');
const selectCount = (s: InboxView) => unreadCount(s.context);
const selectNotices = (s: InboxView) => s.context.notices;
const selectReadSeq = (s: InboxView) => s.context.readSeq;
const selectBusy = (s: InboxView) => s.hasTag('busy');
const selectErrorCode = (s: InboxView) => (s.hasTag('open') ? s.context.errorCode : null);

/**
 * The top bar's notices button and panel: the user's latest notices, the unread ones marked, read
 * when the user says so. Loaded apart from the first route, once signed in; its machine reads the
 * list again on each opening and each live notice.
 */
export default function NoticesInbox() {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const isDepositor = useSession(selectIsDepositor);
  const depositor = useRef(isDepositor);
  useEffect(() => {
    depositor.current = isDepositor;
  }, [isDepositor]);
  const [logic] = useState(() => noticeInboxLogic(clients, () => depositor.current));
  const actor = useActorRef(logic);
  const open = useSelector(actor, selectOpen);
  const count = useSelector(actor, selectCount);
  const notices = useSelector(actor, selectNotices);
  const readSeq = useSelector(actor, selectReadSeq);
  const busy = useSelector(actor, selectBusy);
  const errorCode = useSelector(actor, selectErrorCode);
  const canMarkRead = useSelector(actor, (s) => s.can({ type: 'inbox.markRead' }));
  const write = useNoticeText();
  const close = () => actor.send({ type: 'inbox.close' });
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  let body;
  if (errorCode)
    body = (
      <NonIdealState
        icon="error"
        title={t('notices.inboxFailed')}
        description={t(`errors.${errorCode}`)}
        action={
          <Button
            icon="refresh"
            text={t('notices.inboxRetry')}
            onClick={() => actor.send({ type: 'inbox.retry' })}
          />
        }
      />
    );
  else if (notices.length === 0)
    body = busy ? (
      <Spinner size={24} />
    ) : (
      <NonIdealState icon="inbox" title={t('notices.inboxEmpty')} />
    );
  else
    body = (
      <ul className="seconde-notices-list" aria-busy={busy}>
        {notices.map((notice) => {
          const unread = isUnread({ readSeq }, notice);
          const { title, text, href } = write(notice);
          return (
            <li
              key={notice.seq}
              className={unread ? 'seconde-notice-unread' : undefined}
              data-testid="notice-row"
              data-unread={unread}
            >
              <div className="seconde-notice-head">
                <strong>{title}</strong>
                {unread && (
                  <Tag minimal intent="primary" data-testid="notice-unread">
                    {t('notices.unread')}
                  </Tag>
                )}
              </div>
              <p className={Classes.RUNNING_TEXT}>{text}</p>
              <div className="seconde-notice-foot">
                {notice.createdAt > 0 && (
                  <time dateTime={new Date(notice.createdAt).toISOString()}>
                    {dates.format(notice.createdAt)}
                  </time>
                )}
                {href && (
                  <Link to={href} onClick={close}>
                    {t('notices.open')}
                  </Link>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );

  const panel = (
    <section
      className="seconde-notices-panel"
      aria-labelledby="seconde-notices-title"
      data-testid="notices-panel"
    >
      <div className="seconde-notices-panel-head">
        <H2 id="seconde-notices-title" className={Classes.HEADING}>
          {t('notices.inboxTitle')}
        </H2>
        <Button
          size="small"
          variant="minimal"
          icon="tick"
          text={t('notices.markAllRead')}
          disabled={!canMarkRead}
          onClick={() => actor.send({ type: 'inbox.markRead' })}
          data-testid="notices-mark-read"
        />
      </div>
      {body}
    </section>
  );

  return (
    <Popover
      isOpen={open}
      onInteraction={(next) => {
        if (!next && open) close();
      }}
      content={panel}
      placement="bottom-end"
      autoFocus
      enforceFocus={false}
    >
      <Button
        variant="minimal"
        icon="inbox"
        aria-label={t('notices.inboxButton', { count })}
        title={t('notices.inboxTitle')}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => actor.send({ type: open ? 'inbox.close' : 'inbox.open' })}
        data-testid="topbar-notices"
      >
        {count > 0 && (
          <Tag round intent="danger" data-testid="notices-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </Tag>
        )}
      </Button>
    </Popover>
  );
}
