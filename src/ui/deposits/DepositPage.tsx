import './deposits.css';
import { Button, Callout, H1, Tab, TabPanel, Tabs, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { createDepositActors } from '../../machines/deposit/depositActors.ts';
import { depositMachine } from '../../machines/deposit/depositMachine.ts';
import {
  createDepositProductsActors,
  depositProductsMachine,
} from '../../machines/deposit/depositProductsMachine.ts';
import {
  selectErrorKey,
  selectHasDeposit,
  selectIsStale,
  selectLoadFailed,
  selectCanEdit,
  selectName,
  selectStatus,
} from '../../machines/deposit/depositSelectors.ts';
import { depositStatusI18nKey } from '../../machines/deposit/enums.ts';
import { selectViewerIsAdminLevel, selectViewerVendorUuid } from '../../machines/deposit/viewer.ts';
import { PageLoad } from '../components/PageLoad.tsx';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { DepositContext, useDeposit, useDepositActor } from './depositContext.ts';

/** `/deposit/:depositUuid`: one deposit's machine for the overview and details tabs. */
export function DepositPage() {
  const { clients } = useAppServices();
  const { depositUuid = '' } = useParams();
  const isAdminLevel = useSession(selectViewerIsAdminLevel);
  const vendorUuid = useSession(selectViewerVendorUuid);
  const logic = useMemo(
    () =>
      depositMachine.provide({
        actors: {
          ...createDepositActors(clients),
          products: depositProductsMachine.provide({
            actors: createDepositProductsActors(clients),
          }),
        },
      }),
    [clients],
  );
  return (
    <DepositContext.Provider
      key={depositUuid}
      logic={logic}
      options={{ input: { uuid: depositUuid, viewer: { isAdminLevel, vendorUuid } } }}
    >
      <DepositFrame />
    </DepositContext.Provider>
  );
}

const TABS_ID = 'deposit-tabs';

/** The tab a path shows: the last segment when it names one, the overview otherwise. */
function useDepositTab(): 'overview' | 'details' | 'rates' {
  const { pathname } = useLocation();
  if (pathname.endsWith('/details')) return 'details';
  return pathname.endsWith('/rates') ? 'rates' : 'overview';
}

function DepositFrame() {
  const actor = useDepositActor();
  const tab = useDepositTab();
  const hasDeposit = useDeposit(selectHasDeposit);
  const loadFailed = useDeposit(selectLoadFailed);
  const errorKey = useDeposit(selectErrorKey);

  return (
    <PageLoad
      testId="deposit"
      area="deposit"
      failed={loadFailed}
      loading={!hasDeposit}
      errorKey={errorKey}
      onRetry={() => actor.send({ type: 'deposit.retry' })}
    >
      <section
        className="seconde-deposit-page"
        aria-labelledby="deposit-title"
        data-testid="deposit-page"
      >
        <DepositHeader />
        <DepositNotice />
        {/* The tab's panel, so the selected tab's aria-controls names an element. */}
        <TabPanel id={tab} parentId={TABS_ID} selectedTabId={tab} panel={<Outlet />} />
      </section>
    </PageLoad>
  );
}

function DepositHeader() {
  const { t } = useTranslation();
  const name = useDeposit(selectName);
  const status = useDeposit(selectStatus);
  const navigate = useNavigate();
  const tab = useDepositTab();
  const { depositUuid = '' } = useParams();
  const canEdit = useDeposit(selectCanEdit);
  const base = `/deposit/${depositUuid}`;
  return (
    <header>
      <Link to="/deposits">{t('deposit.back')}</Link>
      <div className="seconde-deposit-header">
        <H1 id="deposit-title">{name}</H1>
        {status && (
          <Tag large intent="primary" data-testid="deposit-status">
            {t(depositStatusI18nKey(status))}
          </Tag>
        )}
      </div>
      <Tabs
        id={TABS_ID}
        selectedTabId={tab}
        onChange={(id) => void navigate(id === 'overview' ? base : `${base}/${String(id)}`)}
      >
        <Tab id="overview" title={t('deposit.overview')} />
        <Tab id="details" title={t('deposit.details')} />
        {canEdit && <Tab id="rates" title={t('depositRates.tab')} />}
      </Tabs>
    </header>
  );
}

/** A refused or failed change, or a stale version, said above the panels. */
function DepositNotice() {
  const { t } = useTranslation();
  const actor = useDepositActor();
  const errorKey = useDeposit(selectErrorKey);
  const stale = useDeposit(selectIsStale);
  if (!errorKey) return null;
  return stale ? (
    <Callout intent="warning" title={t('deposit.staleTitle')} data-testid="deposit-stale">
      <Button
        icon="refresh"
        text={t('deposit.reload')}
        onClick={() => actor.send({ type: 'deposit.reload' })}
      />
    </Callout>
  ) : (
    <Callout intent="danger" data-testid="deposit-error" role="alert">
      <p data-testid="deposit-error-text">{t(errorKey)}</p>
      <Button text={t('deposit.dismiss')} onClick={() => actor.send({ type: 'deposit.dismiss' })} />
    </Callout>
  );
}
