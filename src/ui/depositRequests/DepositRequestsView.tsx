import { Button, Callout, Card, Classes, H1, H2, Intent, Tag } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { depositRequestsLogic } from '../../machines/depositRequests/depositRequestsLogic.ts';
import {
  deadlineOf,
  type depositRequestsMachine,
  type RequestRow,
} from '../../machines/depositRequests/depositRequestsMachine.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { showToast } from '../components/toaster.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { formatDate } from '../../domain/dates.ts';
import { CardPages, useCardPages } from './CardPages.tsx';

type RequestsActor = ActorRefFrom<typeof depositRequestsMachine>;

/** Time left before the 48-hour deadline, or how late it is, from the machine's clock. */
function Deadline({ actor, dueAt }: { actor: RequestsActor; dueAt: number | null }) {
  const { t, i18n } = useTranslation();
  const now = useSelector(actor, (s) => s.context.now);
  const { overdue, minutes } = deadlineOf(dueAt, now);
  if (minutes === null) return null;
  const parts = { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
  return (
    <p data-testid="deadline" data-overdue={overdue}>
      <Tag intent={overdue ? Intent.DANGER : minutes < 6 * 60 ? Intent.WARNING : Intent.NONE} large>
        {t(overdue ? 'depositRequests.overdue' : 'depositRequests.timeLeft', parts)}
      </Tag>{' '}
      <span className={Classes.TEXT_MUTED}>
        {t('depositRequests.dueAt', { date: formatDate(dueAt, i18n.language, true) })}
      </span>
    </p>
  );
}

function RequestCard({ actor, row }: { actor: RequestsActor; row: RequestRow }) {
  const { t, i18n } = useTranslation();
  const assigning = useSelector(actor, (s) => s.context.assigning);
  const canAssign = useSelector(actor, (s) => s.matches('ready'));
  const titleId = `request-${row.uuid}-title`;
  return (
    <Card data-testid="deposit-request" role="article" aria-labelledby={titleId}>
      <H2 id={titleId} className={Classes.HEADING}>
        {row.name}
      </H2>
      <p className={Classes.TEXT_MUTED}>
        {t('depositRequests.postalCode', { postalCode: row.postalCode })} ·{' '}
        {t(labelKey('peopleEnum.family', row.family))} ·{' '}
        {t('depositRequests.requestedAt', {
          date: formatDate(row.requestedAt, i18n.language, true),
        })}
      </p>
      <Deadline actor={actor} dueAt={row.dueAt} />
      {row.candidates.length === 0 ? (
        <p>{t('depositRequests.noCandidates')}</p>
      ) : (
        <ul className="seconde-candidates" aria-label={t('depositRequests.candidates')}>
          {row.candidates.map((c) => (
            <li key={c.vendor} data-testid="candidate">
              <span>
                {c.vendorName}{' '}
                <span className={Classes.TEXT_MUTED}>
                  {t('depositRequests.wantedAt', {
                    date: formatDate(c.wantedAt, i18n.language, true),
                  })}
                </span>
              </span>
              <Button
                intent={Intent.PRIMARY}
                icon="tick"
                text={t('depositRequests.assign', { name: c.vendorName })}
                disabled={!canAssign}
                loading={assigning?.uuid === row.uuid && assigning.vendor === c.vendor}
                onClick={() =>
                  actor.send({ type: 'requests.assign', uuid: row.uuid, vendor: c.vendor })
                }
                data-testid="assign"
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** `/deposit-requests` (staff): requests to validate within 48 hours, and whom to give them to. */
export function DepositRequestsView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => depositRequestsLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: {} });
  const list = useCardPages(actor, 'requests.page');
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const stale = useSelector(actor, (s) => s.hasTag('stale'));

  useEffect(() => {
    const subs = [
      actor.on('requests.assigned', (e) =>
        showToast('success', t('depositRequests.assigned', { name: e.name, vendor: e.vendorName })),
      ),
      actor.on('requests.assignFailed', (e) => showToast('danger', t(`errors.${e.code}`))),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, t]);

  const reload = () => actor.send({ type: 'requests.reload' });
  return (
    <section
      aria-labelledby="requests-title"
      className="seconde-page"
      data-testid="deposit-requests"
    >
      <H1 id="requests-title">{t('depositRequests.title')}</H1>
      <p className={Classes.TEXT_MUTED}>{t('depositRequests.intro')}</p>
      {stale && (
        <Callout
          intent={Intent.WARNING}
          role="alert"
          title={t('depositRequests.staleTitle')}
          data-testid="requests-stale"
        >
          <p>{t('errors.changedBySomeoneElse')}</p>
          <Button icon="refresh" text={t('depositRequests.reload')} onClick={reload} />
        </Callout>
      )}
      <CardPages
        testId="requests"
        list={list}
        failed={failed}
        loading={loading}
        area="depositRequests"
        emptyIcon="tick-circle"
        onRetry={() => actor.send({ type: 'requests.retry' })}
      >
        {list.rows.map((row) => (
          <RequestCard key={row.uuid} actor={actor} row={row} />
        ))}
      </CardPages>
    </section>
  );
}
