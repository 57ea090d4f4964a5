import { Button, Callout, Card, Classes, H2, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { labelKey } from '../../machines/people/labels.ts';
import { dressingLogic } from '../../machines/people/peopleLists.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { useAppServices } from '../app/servicesContext.ts';
import { formatDate } from '../../domain/dates.ts';
import { formatPrice } from '../components/format.ts';
import { ownerOf, type OwnerRef } from './owner.ts';

/**
 * A dressing: the person's deposits, and inside it the deposit named by the route
 * (`…/dressing/:depositUuid`) with its items. `basePath` is the dressing's own path.
 */
export function DressingPanel({ owner, basePath }: { owner: OwnerRef; basePath: string }) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const { depositUuid } = useParams();
  const { kind, uuid } = owner;
  const logic = useMemo(() => dressingLogic(clients, ownerOf(kind, uuid)), [clients, kind, uuid]);
  const actor = useActorRef(logic);
  const deposits = useSelector(actor, (s) => s.context.deposits);
  const depositCount = useSelector(actor, (s) => s.context.depositCount);
  const products = useSelector(actor, (s) => s.context.products);
  const openDeposit = useSelector(actor, (s) => s.context.openDeposit);
  const loadingDeposits = useSelector(actor, (s) => s.matches('loadingDeposits'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const isOpen = useSelector(actor, (s) => s.hasTag('open'));
  const missing = useSelector(actor, (s) => s.hasTag('missing'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  useEffect(() => {
    actor.send(
      depositUuid ? { type: 'dressing.open', uuid: depositUuid } : { type: 'dressing.close' },
    );
  }, [actor, depositUuid]);

  if (loadingDeposits)
    return <PageState testId="dressing-loading" icon={<Spinner />} title={t('people.loading')} />;
  const retry = () => actor.send({ type: 'dressing.retry' });
  if (failed && !isOpen)
    return (
      <FailedState
        testId="dressing-failed"
        title={t('people.loadFailed')}
        errorCode={errorCode}
        retryText={t('people.retry')}
        onRetry={retry}
      />
    );
  const opened = deposits.find((d) => d.uuid === openDeposit);

  return (
    <div className="seconde-dressing" data-testid="dressing" aria-busy={busy}>
      {deposits.length === 0 ? (
        <PageState testId="dressing-empty" icon="inbox" title={t('people.noDeposits')} />
      ) : (
        <nav aria-label={t('people.dressingDeposits')}>
          <ul className="seconde-deposit-cards">
            {deposits.map((d) => (
              <li key={d.uuid}>
                <Card
                  className={d.uuid === openDeposit ? 'seconde-card-open' : undefined}
                  data-testid="dressing-deposit"
                >
                  <Link
                    to={`${basePath}/${d.uuid}`}
                    aria-current={d.uuid === openDeposit ? 'page' : undefined}
                  >
                    {d.name}
                  </Link>
                  <p className={Classes.TEXT_MUTED}>
                    {formatDate(d.createdAt, i18n.language)} ·{' '}
                    {t(labelKey('peopleEnum.family', d.family))}
                  </p>
                  <Tag minimal>{t(labelKey('peopleEnum.depositStatus', d.status))}</Tag>
                </Card>
              </li>
            ))}
          </ul>
          {depositCount > deposits.length && (
            <p className={Classes.TEXT_MUTED}>
              {t('people.moreDeposits', { shown: deposits.length, count: depositCount })}
            </p>
          )}
        </nav>
      )}
      {missing && (
        <Callout intent="warning" data-testid="dressing-missing">
          {t('people.depositNotFound')} <Link to={basePath}>{t('people.backToDressing')}</Link>
        </Callout>
      )}
      {isOpen && (
        <section aria-labelledby="dressing-open-title" data-testid="dressing-open">
          <H2 id="dressing-open-title">{opened?.name}</H2>
          <Link to={basePath}>{t('people.backToDressing')}</Link>
          {failed ? (
            <Callout intent="danger">
              {t(`errors.${errorCode ?? 'unexpected'}`)}{' '}
              <Button icon="refresh" text={t('people.retry')} onClick={retry} />
            </Callout>
          ) : busy ? (
            <Spinner aria-label={t('people.loading')} />
          ) : products.length === 0 ? (
            <p data-testid="dressing-no-items">{t('people.noItems')}</p>
          ) : (
            <HTMLTable striped className="seconde-table">
              <caption className="seconde-sr-only">
                {t('people.itemsOf', { name: opened?.name ?? '' })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('people.photo')}</th>
                  <th scope="col">{t('people.reference')}</th>
                  <th scope="col">{t('people.itemName')}</th>
                  <th scope="col">{t('people.saleStatus')}</th>
                  <th scope="col">{t('people.price')}</th>
                </tr>
              </thead>
              <tbody>
                {products.map((p) => (
                  <tr key={p.uuid} data-testid="dressing-item">
                    <td>
                      {p.imageUrl && (
                        <img src={p.imageUrl} alt={p.name} width={48} height={48} loading="lazy" />
                      )}
                    </td>
                    <td>{p.reference}</td>
                    <td>{p.name}</td>
                    <td>{t(labelKey('peopleEnum.saleStatus', p.saleStatus))}</td>
                    <td>{formatPrice(p.selledPrice ?? p.suggestedPrice, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </section>
      )}
    </div>
  );
}
