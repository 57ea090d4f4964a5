import {
  Button,
  Callout,
  Classes,
  FormGroup,
  H2,
  HTMLSelect,
  Intent,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { labelKey } from '../../machines/people/labels.ts';
import { TICKET_STATUSES, type TicketStatus } from '../../machines/messaging/messagingTypes.ts';
import { formatDate } from '../../domain/dates.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { useMessagingActor } from './messagingContext.ts';
import { StatusTag } from './StatusTag.tsx';

interface Bubble {
  readonly key: string;
  readonly author: string;
  readonly fromSupport: boolean;
  readonly at: number | null;
  readonly content: string;
}

function Message({ bubble }: { bubble: Bubble }) {
  const { t, i18n } = useTranslation();
  return (
    <li
      className={`seconde-message${bubble.fromSupport ? ' seconde-message-support' : ''}`}
      data-testid="ticket-message"
    >
      <p className={Classes.TEXT_MUTED}>
        {bubble.fromSupport ? `${bubble.author} · ${t('messaging.support')}` : bubble.author} ·{' '}
        {formatDate(bubble.at, i18n.language, true)}
      </p>
      <p className="seconde-message-text">{bubble.content}</p>
    </li>
  );
}

/** The answer box: text, and for support the ticket's status. */
function ReplyForm() {
  const { t } = useTranslation();
  const actor = useMessagingActor();
  const reply = useSelector(actor, (s) => s.context.reply);
  const status = useSelector(actor, (s) => s.context.status);
  const isSupport = useSelector(actor, (s) => s.context.isSupport);
  const editable = useSelector(actor, (s) => s.hasTag('replyEditable'));
  const sending = useSelector(actor, (s) => s.matches({ conversation: 'replying' }));
  const failed = useSelector(actor, (s) => s.hasTag('replyError'));
  const errorCode = useSelector(actor, (s) => s.context.ticketErrorCode);
  const canSend = useSelector(actor, (s) => s.can({ type: 'messaging.send' }));
  return (
    <form
      className="seconde-reply"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'messaging.send' });
      }}
    >
      {failed && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="reply-failed">
          {t('messaging.replyFailed')} {t(`errors.${errorCode ?? 'unexpected'}`)}
        </Callout>
      )}
      <FormGroup label={t('messaging.reply')} labelFor="ticket-reply">
        <TextArea
          id="ticket-reply"
          fill
          rows={4}
          value={reply}
          disabled={!editable}
          onChange={(e) => actor.send({ type: 'messaging.editReply', value: e.target.value })}
        />
      </FormGroup>
      <div className="seconde-reply-actions">
        {isSupport && (
          <FormGroup label={t('messaging.status')} labelFor="ticket-status" inline>
            <HTMLSelect
              id="ticket-status"
              value={status ?? ''}
              disabled={!editable}
              onChange={(e) =>
                actor.send({ type: 'messaging.setStatus', value: e.target.value as TicketStatus })
              }
              options={TICKET_STATUSES.map((value) => ({
                value,
                label: t(labelKey('messaging.status', value)),
              }))}
            />
          </FormGroup>
        )}
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="send-message"
          text={t('messaging.send')}
          disabled={!canSend}
          loading={sending}
          data-testid="reply-send"
        />
      </div>
    </form>
  );
}

/** The opened ticket: its opening message and answers, oldest first, then the answer box. */
export function Conversation() {
  const { t } = useTranslation();
  const actor = useMessagingActor();
  const selected = useSelector(actor, (s) => s.context.selected);
  const ticket = useSelector(actor, (s) => s.context.ticket);
  const isSupport = useSelector(actor, (s) => s.context.isSupport);
  const failed = useSelector(actor, (s) => s.hasTag('ticketError') && s.context.ticket === null);
  const errorCode = useSelector(actor, (s) => s.context.ticketErrorCode);

  if (!selected)
    return (
      <PageState
        testId="messaging-choose"
        icon="comment"
        title={t('messaging.chooseTitle')}
        description={t('messaging.chooseDescription')}
      />
    );
  if (failed)
    return (
      <FailedState
        testId="ticket-failed"
        title={t('messaging.ticketFailed')}
        errorCode={errorCode}
        retryText={t('messaging.retry')}
        onRetry={() => actor.send({ type: 'messaging.retryOpen' })}
      />
    );
  if (!ticket) return <Spinner />;
  const bubbles: Bubble[] = [
    {
      key: ticket.uuid,
      author: ticket.authorName,
      fromSupport: false,
      at: ticket.createdAt,
      content: ticket.content,
    },
    ...ticket.messages.map((m) => ({
      key: m.uuid,
      author: m.authorName,
      fromSupport: m.fromSupport,
      at: m.createdAt,
      content: m.content,
    })),
  ];
  const closedForAuthor = !isSupport && ticket.status === 'CLOSED';
  return (
    <article aria-labelledby="ticket-title" className="seconde-conversation" data-testid="ticket">
      <Button
        variant="minimal"
        icon="arrow-left"
        text={t('messaging.back')}
        className="seconde-conversation-back"
        onClick={() => actor.send({ type: 'messaging.close' })}
      />
      <header className="seconde-conversation-head">
        <H2 id="ticket-title">{ticket.title}</H2>
        <StatusTag status={ticket.status} />
      </header>
      <ol className="seconde-messages" aria-live="polite">
        {bubbles.map((bubble) => (
          <Message key={bubble.key} bubble={bubble} />
        ))}
      </ol>
      {closedForAuthor ? (
        <Callout intent={Intent.NONE} data-testid="ticket-closed">
          {t('messaging.closedNote')}
        </Callout>
      ) : (
        <ReplyForm />
      )}
    </article>
  );
}
