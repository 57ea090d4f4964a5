import './deposits.css';
import { Button, Classes, H1, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { createDepositListActors } from '../../machines/depositList/depositListActors.ts';
import { depositListMachine } from '../../machines/depositList/depositListMachine.ts';
import { selectViewerIsAdminLevel, selectViewerIsCustomer } from '../../machines/deposit/viewer.ts';
import { PageState } from '../components/PageState.tsx';
import { TablePager } from '../components/TablePager.tsx';
import { DepositsExportButton } from '../exports/DepositsExportButton.tsx';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { DepositFilterBar } from './DepositFilterBar.tsx';
import { DepositTable } from './DepositTable.tsx';
import { DepositListContext, useList, useListActor } from './listContext.ts';
import {
  selectCount,
  selectErrorKey,
  selectHasLoaded,
  selectIsBusy,
  selectPage,
  selectPages,
} from '../../machines/depositList/depositListSelectors.ts';

/** `/deposits`: the deposit list of the signed-in user, its filters kept in the URL. */
export function DepositListView() {
  const { clients } = useAppServices();
  const isAdminLevel = useSession(selectViewerIsAdminLevel);
  const isCustomer = useSession(selectViewerIsCustomer);
  const { search } = useLocation();
  const [logic] = useMemo(
    () => [depositListMachine.provide({ actors: createDepositListActors(clients) })],
    [clients],
  );
  const initialSearch = useRef(search).current;
  return (
    <DepositListContext.Provider
      logic={logic}
      options={{ input: { search: initialSearch, viewer: { isAdminLevel, isCustomer } } }}
    >
      <UrlSync />
      <DepositList />
    </DepositListContext.Provider>
  );
}

/** Writes the list's query to the URL, and hands the URL back when the user navigates. */
function UrlSync() {
  const actor = useListActor();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const subscription = actor.on('list.queryChanged', ({ query }) => {
      void navigate({ pathname, search: query ? `?${query}` : '' }, { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate, pathname]);
  useEffect(() => {
    actor.send({ type: 'list.locationChanged', search });
  }, [actor, search]);
  return null;
}

function DepositList() {
  const { t } = useTranslation();
  const actor = useListActor();
  const busy = useList(selectIsBusy);
  const loaded = useList(selectHasLoaded);
  const errorKey = useList(selectErrorKey);
  const count = useList(selectCount);
  const page = useList(selectPage);
  const pages = useList(selectPages);

  return (
    <section
      className="seconde-deposits"
      aria-labelledby="deposits-title"
      data-testid="deposit-list"
    >
      <header className="seconde-deposits-header">
        <H1 id="deposits-title">{t('deposits.title')}</H1>
        <span className={Classes.TEXT_MUTED} data-testid="deposit-count" aria-live="polite">
          {busy ? (
            <Spinner size={16} aria-label={t('deposits.loading')} />
          ) : (
            t('deposits.resultCount', { count })
          )}
        </span>
        <DepositsExportButton />
      </header>
      <DepositFilterBar />
      {errorKey ? (
        <PageState
          testId="deposit-list-failed"
          icon="error"
          title={t('deposits.failedTitle')}
          description={t(errorKey)}
          action={
            <Button
              icon="refresh"
              text={t('deposits.retry')}
              onClick={() => actor.send({ type: 'list.retry' })}
            />
          }
        />
      ) : !loaded ? (
        <PageState testId="deposit-list-loading" icon={<Spinner />} title={t('deposits.loading')} />
      ) : count === 0 ? (
        <PageState
          testId="deposit-list-empty"
          icon="inbox"
          title={t('deposits.emptyTitle')}
          description={t('deposits.emptyDescription')}
        />
      ) : (
        <>
          <DepositTable />
          <TablePager
            page={page}
            pages={pages}
            onPage={(p) => actor.send({ type: 'list.page', page: p })}
            testId="deposit-pager"
            labels={{
              pageOf: 'deposits.pageOf',
              previous: 'deposits.previousPage',
              next: 'deposits.nextPage',
              navigation: 'deposits.pagination',
            }}
          />
        </>
      )}
    </section>
  );
}
