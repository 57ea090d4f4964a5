import { Button, Callout, H1, HTMLTable, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { buyersLogic } from '../../machines/buyers/buyersLogic.ts';
import type { buyersMachine } from '../../machines/buyers/buyersMachine.ts';
import { buyerName } from '../../machines/buyers/buyerTypes.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { BuyerDialog } from './BuyerDialog.tsx';
import { PasteDialog } from './PasteDialog.tsx';
import './buyers.css';

export type BuyersActor = ActorRefFrom<typeof buyersMachine>;

/** `/buyers`: the vendor's buyers, typed in or read from a marketplace's order text. */
export function BuyersView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => buyersLogic(clients), [clients]);
  const actor = useActorRef(logic);
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canAdd = useSelector(actor, (s) => s.can({ type: 'buyers.new' }));

  return (
    <section aria-labelledby="buyers-title" className="seconde-page" data-testid="buyers-page">
      <H1 id="buyers-title">{t('buyers.pageTitle')}</H1>
      <p>{t('buyers.intro')}</p>
      <div className="seconde-buyers-toolbar">
        <SearchField actor={actor} />
        <Button
          icon="clipboard"
          intent={Intent.PRIMARY}
          text={t('buyers.paste')}
          disabled={!canAdd}
          onClick={() => actor.send({ type: 'buyers.paste' })}
          data-testid="buyers-paste"
        />
        <Button
          icon="add"
          text={t('buyers.new')}
          disabled={!canAdd}
          onClick={() => actor.send({ type: 'buyers.new' })}
          data-testid="buyers-new"
        />
      </div>
      {failed ? (
        <FailedState
          testId="buyers-failed"
          title={t('buyers.loadFailed')}
          errorCode={errorCode}
          retryText={t('buyers.retry')}
          onRetry={() => actor.send({ type: 'buyers.retry' })}
        />
      ) : (
        <BuyerTable actor={actor} />
      )}
      <BuyerDialog actor={actor} />
      <PasteDialog actor={actor} />
    </section>
  );
}

function SearchField({ actor }: { actor: BuyersActor }) {
  const { t } = useTranslation();
  const search = useSelector(actor, (s) => s.context.search);
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const value = new FormData(e.currentTarget).get('search');
        actor.send({ type: 'buyers.search', search: typeof value === 'string' ? value : '' });
      }}
    >
      <InputGroup
        name="search"
        type="search"
        leftIcon="search"
        defaultValue={search}
        aria-label={t('buyers.search')}
        placeholder={t('buyers.search')}
        data-testid="buyers-search"
      />
    </form>
  );
}

function BuyerTable({ actor }: { actor: BuyersActor }) {
  const { t } = useTranslation();
  const buyers = useSelector(actor, (s) => s.context.buyers);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const savedUuid = useSelector(actor, (s) => s.context.savedUuid);
  const canEdit = useSelector(actor, (s) => s.matches('ready'));
  if (loading && buyers.length === 0)
    return <PageState testId="buyers-loading" icon={<Spinner />} title={t('buyers.loading')} />;
  if (buyers.length === 0)
    return (
      <PageState
        testId="buyers-empty"
        icon="people"
        title={t('buyers.empty')}
        description={t('buyers.emptyHint')}
      />
    );
  return (
    <>
      {savedUuid && (
        <Callout intent={Intent.SUCCESS} role="status" data-testid="buyer-saved">
          {t('buyers.saved', {
            name: buyerName(
              buyers.find((b) => b.uuid === savedUuid) ?? { firstName: '', lastName: '' },
            ),
          })}
        </Callout>
      )}
      <div className="seconde-table-scroll">
        <HTMLTable striped className="seconde-table" aria-busy={loading} data-testid="buyers-table">
          <caption className="seconde-sr-only">{t('buyers.pageTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('buyers.name')}</th>
              <th scope="col">{t('buyers.place')}</th>
              <th scope="col">{t('buyers.email')}</th>
              <th scope="col">{t('buyers.account')}</th>
              <th scope="col">
                <span className="seconde-sr-only">{t('buyers.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {buyers.map((b) => (
              <tr key={b.uuid} data-testid="buyer-row">
                <td>{buyerName(b) || t('buyers.unnamed')}</td>
                <td>{[b.postalCode, b.city, b.countryName].filter(Boolean).join(' ')}</td>
                <td>{b.email}</td>
                <td>{b.marketplaceAccountId}</td>
                <td>
                  <Button
                    minimal
                    icon="edit"
                    disabled={!canEdit}
                    aria-label={t('buyers.edit', { name: buyerName(b) })}
                    onClick={() => actor.send({ type: 'buyers.edit', uuid: b.uuid })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}
