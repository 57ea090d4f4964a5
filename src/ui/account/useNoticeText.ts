import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveNotice } from '../../machines/liveNotices/liveNoticesMachine.ts';
import { noticeMessage } from '../../machines/liveNotices/noticeMessage.ts';
import { formatPrice } from '../components/format.ts';

type SessionView = {
  context: { user: { vendorUuid: string | null; customerUuid: string | null } | null };
};
/** A depositor's sale notice is their share; a vendor's (even one who also deposits) the price. */
export const selectIsDepositor = (s: SessionView) =>
  Boolean(s.context.user?.customerUuid) && !s.context.user?.vendorUuid;

/** A notice as the reader reads it: translated from its kind and fields, never a server text. */
export interface NoticeText {
  readonly title: string;
  readonly text: string;
  readonly intent: 'success' | 'primary' | 'warning';
  readonly href: string | null;
}

/** Writes a notice in the reader's language: the toast of a live notice and the panel's rows. */
export function useNoticeText(): (notice: LiveNotice) => NoticeText {
  const { t, i18n } = useTranslation();
  return useCallback(
    (notice: LiveNotice) => {
      const message = noticeMessage(notice);
      const values: Record<string, string> = { ...message.values };
      if (message.fallback) values[message.fallback.name] = t(message.fallback.key);
      if (message.amountCents !== null)
        values.amount = formatPrice(message.amountCents / 100, i18n.language);
      if (message.methodKey) values.method = t(message.methodKey);
      return {
        title: t(message.titleKey),
        text: t(message.textKey, values),
        intent: message.intent,
        href: message.href,
      };
    },
    [t, i18n.language],
  );
}
