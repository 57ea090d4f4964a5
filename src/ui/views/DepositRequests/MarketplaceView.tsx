import { Button, Callout, Card, Classes, H1, H2, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { selectVendorUuid } from '../../../machines/people/access.ts';
import { labelKey } from '../../../machines/people/labels.ts';
import { pageCount } from '../../../machines/people/pagedListMachine.ts';
import { marketplaceLogic } from '../../../machines/marketplace/marketplaceLogic.ts';
import type {
  AvailableRow,
  marketplaceMachine,
} from '../../../machines/marketplace/marketplaceMachine.ts';
import { REFUSAL_FIXES, refusalKey, type Refusal } from '../../../machines/marketplace/refusals.ts';
import { PageState } from '../../components/PageState.tsx';
import { showToast } from '../../components/toaster.ts';
import { useAppServices } from '../../app/servicesContext.ts';
import { useSession } from '../../app/sessionContext.ts';
import { formatDate } from '../People/format.ts';
import { Pager } from '../People/Pager.tsx';

type MarketplaceActor = ActorRefFrom<typeof marketplaceMachine>;

/** The refusal's text and, where there is one, the link to the screen that lifts it. */
function RefusalNote({ refusal, id }: { refusal: Refusal; id: string }) {
  const { t } = useTranslation();
  const fix = REFUSAL_FIXES[refusal];
  return (
    <p id={id} className="seconde-refusal" data-testid="refusal" data-refusal={refusal}>
      {t(refusalKey(refusal))} {fix && <Link to={fix.to}>{t(fix.labelKey)}</Link>}
    </p>
  );
}

function DepositCard({ actor, row }: { actor: MarketplaceActor; row: AvailableRow }) {
  const { t, i18n } = useTranslation();
  const canTake = useSelector(actor, (s) => s.can({ type: 'marketplace.take', uuid: row.uuid }));
  const taking = useSelector(actor, (s) => s.context.taking === row.uuid);
  // A reason for every deposit (subscription, profile...) is also this deposit's reason.
  const vendorRefusal = useSelector(actor, (s) => s.context.vendorRefusal);
  const refusal = row.refusal ?? vendorRefusal;
  const titleId = `deposit-${row.uuid}-title`;
  const reasonId = `deposit-${row.uuid}-reason`;
  return (
    <Card data-testid="available-deposit" aria-labelledby={titleId} role="article">
      <H2 id={titleId} className={Classes.HEADING}>
        {row.name}
      </H2>
      <p className={Classes.TEXT_MUTED}>
        {t('marketplace.department', { department: row.department })} ·{' '}
        {t(labelKey('peopleEnum.family', row.family))} · {formatDate(row.createdAt, i18n.language)}
      </p>
      {row.description && <p>{row.description}</p>}
      {refusal && <RefusalNote refusal={refusal} id={reasonId} />}
      {row.alreadyRequested ? (
        <Tag intent={Intent.SUCCESS} data-testid="already-requested">
          {t('marketplace.alreadyRequested')}
        </Tag>
      ) : (
        <Button
          intent={Intent.PRIMARY}
          icon="hand-right"
          text={t('marketplace.take')}
          disabled={!canTake}
          loading={taking}
          aria-describedby={refusal ? reasonId : undefined}
          onClick={() => actor.send({ type: 'marketplace.take', uuid: row.uuid })}
          data-testid="take-deposit"
        />
      )}
    </Card>
  );
}

/** `/marketplace`: deposits open near the vendor, each with why they could not take it. */
export function MarketplaceView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const vendorUuid = useSession(selectVendorUuid);
  const logic = useMemo(() => marketplaceLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { vendorUuid } });
  const rows = useSelector(actor, (s) => s.context.rows);
  const count = useSelector(actor, (s) => s.context.count);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const vendorRefusal = useSelector(actor, (s) => s.context.vendorRefusal);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canPrevious = useSelector(actor, (s) =>
    s.can({ type: 'marketplace.page', page: s.context.page - 1 }),
  );
  const canNext = useSelector(actor, (s) =>
    s.can({ type: 'marketplace.page', page: s.context.page + 1 }),
  );

  useEffect(() => {
    const subs = [
      actor.on('marketplace.taken', (e) =>
        showToast('success', t('marketplace.taken', { name: e.name })),
      ),
      actor.on('marketplace.refused', (e) => showToast('danger', t(refusalKey(e.refusal)))),
      actor.on('marketplace.takeFailed', (e) => showToast('danger', t(`errors.${e.code}`))),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, t]);

  let body;
  if (failed)
    body = (
      <PageState
        testId="marketplace-failed"
        icon="error"
        title={t('marketplace.loadFailed')}
        description={t(`errors.${errorCode ?? 'unexpected'}`)}
        action={
          <Button
            icon="refresh"
            text={t('marketplace.retry')}
            onClick={() => actor.send({ type: 'marketplace.retry' })}
          />
        }
      />
    );
  else if (loading && rows.length === 0)
    body = (
      <PageState testId="marketplace-loading" icon={<Spinner />} title={t('marketplace.loading')} />
    );
  else if (rows.length === 0)
    body = <PageState testId="marketplace-empty" icon="inbox" title={t('marketplace.empty')} />;
  else
    body = (
      <>
        <div className="seconde-card-grid">
          {rows.map((row) => (
            <DepositCard key={row.uuid} actor={actor} row={row} />
          ))}
        </div>
        <Pager
          page={page}
          pages={pageCount(count, pageSize)}
          count={count}
          canPrevious={canPrevious}
          canNext={canNext}
          onPage={(p) => actor.send({ type: 'marketplace.page', page: p })}
        />
      </>
    );

  return (
    <section aria-labelledby="marketplace-title" className="seconde-page" data-testid="marketplace">
      <H1 id="marketplace-title">{t('marketplace.title')}</H1>
      <p className={Classes.TEXT_MUTED}>{t('marketplace.intro')}</p>
      {vendorRefusal && (
        <Callout
          intent={Intent.WARNING}
          title={t('marketplace.blockedTitle')}
          data-testid="vendor-refusal"
        >
          <RefusalNote refusal={vendorRefusal} id="vendor-refusal-reason" />
        </Callout>
      )}
      {!vendorUuid && !loading && (
        <Callout intent={Intent.PRIMARY} data-testid="no-vendor-record">
          {t('marketplace.noVendorRecord')}
        </Callout>
      )}
      {body}
    </section>
  );
}
