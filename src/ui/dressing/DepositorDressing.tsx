import { Button, Classes, H2, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { depositsOf, filteredItems } from '../../machines/dressing/depositorDressingMachine.ts';
import { depositorDressingLogic } from '../../machines/dressing/depositorDressingLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { euros } from '../payouts/money.ts';
import { DressingCard } from './DressingCard.tsx';
import { DressingStatements } from './DressingStatements.tsx';
import './dressing.css';

export interface DepositorDressingProps {
  /** The depositor; the server refuses anyone but the caller's own (or their contact's). */
  readonly customer: string;
  /** The deposit the route names, or undefined for every item. */
  readonly deposit: string | undefined;
  /** The dressing's own path, which deposit links extend. */
  readonly basePath: string;
}

/**
 * The depositor's space: what is owed and paid, every item as a card (channels, timeline,
 * earning), narrowed to one deposit by the route, and the statements to download.
 */
export function DepositorDressing({ customer, deposit, basePath }: DepositorDressingProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { clients } = useAppServices();
  const logic = useMemo(() => depositorDressingLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { customer, deposit: deposit ?? null } });
  useEffect(() => {
    actor.send({ type: 'dressing.filter', deposit: deposit ?? null });
  }, [actor, deposit]);

  const items = useSelector(actor, (s) => s.context.items);
  const openDeposit = useSelector(actor, (s) => s.context.deposit);
  const shown = useSelector(actor, (s) => s.context.shown);
  const itemCount = useSelector(actor, (s) => s.context.itemCount);
  const owed = useSelector(actor, (s) => s.context.owedCents);
  const payable = useSelector(actor, (s) => s.context.payableCents);
  const paid = useSelector(actor, (s) => s.context.paidCents);
  const statements = useSelector(actor, (s) => s.context.statements);
  const downloading = useSelector(actor, (s) => s.context.downloading);
  const downloadError = useSelector(actor, (s) => s.context.downloadError);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canMore = useSelector(actor, (s) => s.can({ type: 'dressing.more' }));
  const filtered = useMemo(
    () => filteredItems({ items, deposit: openDeposit }),
    [items, openDeposit],
  );
  const deposits = useMemo(() => depositsOf(items), [items]);

  if (failed)
    return (
      <FailedState
        testId="dressing-failed"
        title={t('dressing.loadFailed')}
        errorCode={errorCode}
        retryText={t('dressing.retry')}
        onRetry={() => actor.send({ type: 'dressing.retry' })}
      />
    );
  if (loading && items.length === 0)
    return <PageState testId="dressing-loading" icon={<Spinner />} title={t('dressing.loading')} />;

  return (
    <div
      className="seconde-depositor-dressing"
      data-testid="depositor-dressing"
      aria-busy={loading}
    >
      <section aria-labelledby="dressing-totals-title">
        <H2 id="dressing-totals-title">{t('dressing.totals')}</H2>
        <dl className="seconde-dressing-totals">
          <div>
            <dt>{t('dressing.owed')}</dt>
            <dd data-testid="dressing-owed">{euros(owed, language)}</dd>
            <dd className={Classes.TEXT_MUTED}>
              {t('dressing.payable')} {euros(payable, language)}
            </dd>
          </div>
          <div>
            <dt>{t('dressing.paid')}</dt>
            <dd data-testid="dressing-paid">{euros(paid, language)}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="dressing-items-title">
        <H2 id="dressing-items-title">{t('dressing.items')}</H2>
        {deposits.length > 1 && (
          <nav aria-label={t('dressing.deposits')}>
            <ul className="seconde-dressing-deposits">
              <li>
                <Link to={basePath} aria-current={openDeposit === null ? 'page' : undefined}>
                  {t('dressing.allDeposits')}
                </Link>
              </li>
              {deposits.map((d) => (
                <li key={d.uuid}>
                  <Link
                    to={`${basePath}/${d.uuid}`}
                    aria-current={openDeposit === d.uuid ? 'page' : undefined}
                  >
                    {t('dressing.depositCount', { name: d.name, count: d.count })}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {filtered.length === 0 ? (
          <p data-testid="dressing-empty">
            {openDeposit ? t('dressing.noItemsInDeposit') : t('dressing.noItems')}
          </p>
        ) : (
          <>
            <p className={Classes.TEXT_MUTED}>
              {itemCount > items.length
                ? t('dressing.itemsCut', { shown: items.length, count: itemCount })
                : t('dressing.itemsCount', { count: filtered.length })}
            </p>
            <ul className="seconde-dressing-items">
              {filtered.slice(0, shown).map((item) => (
                <li key={item.uuid}>
                  <DressingCard item={item} />
                </li>
              ))}
            </ul>
            {canMore && (
              <Button
                icon="more"
                text={t('dressing.more')}
                onClick={() => actor.send({ type: 'dressing.more' })}
                data-testid="dressing-more"
              />
            )}
          </>
        )}
      </section>
      <DressingStatements
        statements={statements}
        downloading={downloading}
        downloadError={downloadError}
        onDownload={(uuid) => actor.send({ type: 'dressing.download', uuid })}
      />
    </div>
  );
}
