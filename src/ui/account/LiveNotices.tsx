import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liveNoticesLogic } from '../../machines/liveNotices/liveNoticesLogic.ts';
import { noticeMessage } from '../../machines/liveNotices/noticeMessage.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { formatPrice } from '../components/format.ts';
import { NotificationsContext } from './notificationsContext.ts';

type SessionView = {
  hasTag(tag: string): boolean;
  context: { user: { vendorUuid: string | null; customerUuid: string | null } | null };
};
const selectSignedIn = (s: SessionView) => s.hasTag('ready') && s.context.user !== null;
const selectIsDepositor = (s: SessionView) =>
  Boolean(s.context.user?.customerUuid) && !s.context.user?.vendorUuid;

/**
 * The tab's live notices (one stream while signed in, stopped at sign-out), each shown in the
 * notification stack in the reader's language. Renders nothing; loaded apart from the first route.
 */
export default function LiveNotices() {
  const { clients } = useAppServices();
  const { t, i18n } = useTranslation();
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
      const message = noticeMessage(notice);
      const values: Record<string, string> = { ...message.values };
      if (message.fallback) values[message.fallback.name] = t(message.fallback.key);
      if (message.amountCents !== null)
        values.amount = formatPrice(message.amountCents / 100, i18n.language);
      if (message.methodKey) values.method = t(message.methodKey);
      stack.send({
        type: 'notifications.show',
        notification: {
          title: t(message.titleKey),
          text: t(message.textKey, values),
          intent: message.intent,
          ...(message.href && { action: { text: t('notices.open'), href: message.href } }),
        },
      });
    });
    return () => subscription.unsubscribe();
  }, [actor, stack, t, i18n]);

  return null;
}
