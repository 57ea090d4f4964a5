import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { labelKey } from '../../machines/people/labels.ts';
import type { TicketStatus } from '../../machines/messaging/messagingTypes.ts';

const INTENTS: Record<TicketStatus, Intent> = {
  OPEN: Intent.PRIMARY,
  PENDING: Intent.WARNING,
  RESOLVED: Intent.SUCCESS,
  CLOSED: Intent.NONE,
};

/** A ticket's status, coloured. */
export function StatusTag({ status }: { status: TicketStatus | null }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={status ? INTENTS[status] : Intent.NONE} data-testid="ticket-status">
      {t(labelKey('messaging.status', status))}
    </Tag>
  );
}
