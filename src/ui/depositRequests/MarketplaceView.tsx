import { Button, Callout, Card, Classes, H1, H2, Intent, Tag } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { selectVendorUuid } from '../../machines/people/access.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { marketplaceLogic } from '../../machines/marketplace/marketplaceLogic.ts';
import type {
  AvailableRow,
  marketplaceMachine,
} from '../../machines/marketplace/marketplaceMachine.ts';
import { REFUSAL_FIXES, refusalKey, type Refusal } from '../../machines/marketplace/refusals.ts';
import { showToast } from '../components/toaster.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { formatDate } from '../../domain/dates.ts';
import { CardPages, useCardPages } from './CardPages.tsx';

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
  const list = useCardPages(actor, 'marketplace.page');
  const vendorRefusal = useSelector(actor, (s) => s.context.vendorRefusal);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));

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
      <CardPages
        testId="marketplace"
        list={list}
        failed={failed}
        loading={loading}
        area="marketplace"
        emptyIcon="inbox"
        onRetry={() => actor.send({ type: 'marketplace.retry' })}
      >
        {list.rows.map((row) => (
          <DepositCard key={row.uuid} actor={actor} row={row} />
        ))}
      </CardPages>
    </section>
  );
}
