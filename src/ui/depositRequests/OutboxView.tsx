import { Classes, Dialog, DialogBody, H1, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  outboxLogic,
  outboxStatus,
  type OutboxRow,
} from '../../machines/depositRequests/depositRequestsLogic.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { formatDate } from '../../domain/dates.ts';
import { ListFrame } from '../people/ListFrame.tsx';
import { usePagedList } from '../people/usePagedList.ts';

const STATUS_INTENT = { sent: Intent.SUCCESS, notSent: Intent.NONE, error: Intent.DANGER } as const;

function StatusTag({ row }: { row: OutboxRow }) {
  const { t } = useTranslation();
  const status = outboxStatus(row);
  return (
    <Tag
      intent={STATUS_INTENT[status]}
      minimal
      data-testid="mail-status"
      title={row.error || undefined}
    >
      {t(labelKey('outbox.status', status))}
    </Tag>
  );
}

/** `/outbox` (staff): the mails the product sent, newest first; a mail opens with its body. */
export function OutboxView() {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => outboxLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: {} });
  const list = usePagedList(actor);
  const open = list.rows.find((r) => r.uuid === list.selected);

  return (
    <section aria-labelledby="outbox-title" className="seconde-page" data-testid="outbox">
      <H1 id="outbox-title">{t('outbox.title')}</H1>
      <ListFrame list={list} testId="outbox-list" emptyTitle={t('outbox.empty')}>
        <HTMLTable striped interactive className="seconde-table">
          <caption className="seconde-sr-only">{t('outbox.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('outbox.date')}</th>
              <th scope="col">{t('outbox.kind')}</th>
              <th scope="col">{t('outbox.recipient')}</th>
              <th scope="col">{t('outbox.subject')}</th>
              <th scope="col">{t('outbox.status')}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.uuid} data-testid="mail-row">
                <td>{formatDate(row.createdAt, i18n.language, true)}</td>
                <td>{t(labelKey('outbox.kind', row.kind))}</td>
                <td>{row.recipient}</td>
                <td>
                  <button
                    type="button"
                    className={`${Classes.BUTTON} ${Classes.MINIMAL} seconde-link-button`}
                    onClick={() => list.open(row.uuid)}
                    aria-haspopup="dialog"
                  >
                    {row.subject}
                  </button>
                </td>
                <td>
                  <StatusTag row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </ListFrame>
      <Dialog
        isOpen={open !== undefined}
        onClose={list.close}
        title={open?.subject ?? ''}
        icon="envelope"
      >
        {open && (
          <DialogBody>
            <p className={Classes.TEXT_MUTED}>
              {t('outbox.to', { recipient: open.recipient })} ·{' '}
              {formatDate(open.sentAt ?? open.createdAt, i18n.language, true)}
            </p>
            {open.error && (
              <p className={Classes.INTENT_DANGER}>
                {t('outbox.errorText', { error: open.error })}
              </p>
            )}
            <pre className="seconde-mail-body" data-testid="mail-body">
              {open.body}
            </pre>
          </DialogBody>
        )}
      </Dialog>
    </section>
  );
}
