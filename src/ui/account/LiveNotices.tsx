import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveNoticesLogic } from '../../machines/liveNotices/liveNoticesLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { NotificationsContext } from './notificationsContext.ts';
import { selectIsDepositor, useNoticeText } from './useNoticeText.ts';

type SessionView = {
  hasTag(tag: string): boolean;
  context: { user: { vendorUuid: string | null; customerUuid: string | null } | null };
};
const selectSignedIn = (s: SessionView) => s.hasTag('ready') && s.context.user !== null;

/**
 * The tab's live notices (one stream while signed in, stopped at sign-out), each shown in the
 * notification stack in the reader's language. Renders nothing; loaded apart from the first route.
 */
export default function LiveNotices() {
  const { clients } = useAppServices();
  const { t } = useTranslation();
  const write = useNoticeText();
  const signedIn = useSession(selectSignedIn);
  const isDepositor = useSession(selectIsDepositor);
  const depositor = useRef(isDepositor);
  useEffect(() => {
    depositor.current = isDepositor;
  }, [isDepositor]);
  const [logic] = useState(() => liveNoticesLogic(clients, () => depositor.current));
  const actor = useActorRef(logic);
  const stack = NotificationsContext.useActorRef();

  useEffect(() => {
    actor.send({ type: signedIn ? 'session.signedIn' : 'session.signedOut' });
  }, [actor, signedIn]);

  useEffect(() => {
    const subscription = actor.on('notice.arrived', ({ notice }) => {
      const { title, text, intent, href } = write(notice);
      stack.send({
        type: 'notifications.show',
        notification: {
          title,
          text,
          intent,
          ...(href && { action: { text: t('notices.open'), href } }),
        },
      });
    });
    return () => subscription.unsubscribe();
  }, [actor, stack, t, write]);

  return null;
}
