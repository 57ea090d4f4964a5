import './messaging.css';
import { Button, Classes, H1, Intent } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { messagingLogic } from '../../machines/messaging/messagingLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { showToast } from '../components/toaster.ts';
import { selectCanWriteToSupport, selectIsSupport } from '../shell/shellSelectors.ts';
import { useSupportTicketActor } from '../shell/supportTicketContext.ts';
import { Conversation } from './Conversation.tsx';
import { MessagingContext } from './messagingContext.ts';
import { TicketList } from './TicketList.tsx';

/**
 * `/messaging`: the support inbox. Vendors and customers see their own conversations with
 * support and start new ones; support sees every conversation, answers and sets its status.
 */
export function MessagingView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const isSupport = useSession(selectIsSupport);
  const canWrite = useSession(selectCanWriteToSupport);
  const logic = useMemo(() => messagingLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { isSupport } });
  const support = useSupportTicketActor();
  const open = useSelector(actor, (s) => s.context.selected !== null);

  useEffect(() => {
    const subs = [
      support.on('support.sent', () => actor.send({ type: 'messaging.refresh' })),
      actor.on('messaging.replied', () => showToast('success', t('messaging.replied'))),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [actor, support, t]);

  return (
    <MessagingContext.Provider value={actor}>
      <section
        aria-labelledby="messaging-title"
        className={`seconde-page seconde-messaging${open ? ' seconde-messaging-open' : ''}`}
        data-testid="messaging"
      >
        <header className="seconde-messaging-head">
          <div>
            <H1 id="messaging-title">{t('messaging.title')}</H1>
            <p className={Classes.TEXT_MUTED}>
              {t(isSupport ? 'messaging.introSupport' : 'messaging.intro')}
            </p>
          </div>
          {canWrite && (
            <Button
              intent={Intent.PRIMARY}
              icon="new-text-box"
              text={t('messaging.newMessage')}
              onClick={() => support.send({ type: 'support.open' })}
              data-testid="new-message"
            />
          )}
        </header>
        <div className="seconde-messaging-panes">
          <div className="seconde-messaging-list">
            <TicketList />
          </div>
          <div className="seconde-messaging-conversation">
            <Conversation />
          </div>
        </div>
      </section>
    </MessagingContext.Provider>
  );
}
