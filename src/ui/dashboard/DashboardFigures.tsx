import { Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { trialDaysLeft } from '../../domain/subscriptionAccess.ts';
import { dashboardLogic } from '../../machines/dashboard/dashboardLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { FiguresView, type DashboardAudience } from './DashboardPanels.tsx';

/** Staff see everything; a company admin is a vendor who also counts their company's vendors. */
export function audienceOf(role: string | null, isCompanyAdmin: boolean): DashboardAudience {
  if (role === 'Developer' || role === 'Admin') return 'staff';
  if (role === 'Customer') return 'customer';
  return isCompanyAdmin ? 'companyAdmin' : 'vendor';
}

/** The figures of the signed-in user, loaded by the dashboard machine. */
export function DashboardFigures() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => dashboardLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { now: Date.now() } });
  const figures = useSelector(actor, (s) => s.context.figures);
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const now = useSelector(actor, (s) => s.context.now);
  const role = useSession((s) => s.context.user?.role ?? null);
  const isCompanyAdmin = useSession((s) => s.context.user?.isCompanyAdmin ?? false);
  const trialStart = useSession((s) => s.context.user?.trialStart ?? null);
  const audience = audienceOf(role, isCompanyAdmin);
  const daysLeft =
    audience === 'staff' || audience === 'customer'
      ? 0
      : trialDaysLeft({ trialStart }, new Date(now));

  if (failed)
    return (
      <FailedState
        testId="dashboard-failed"
        title={t('dashboard.loadFailed')}
        errorCode={errorCode}
        retryText={t('dashboard.retry')}
        onRetry={() => actor.send({ type: 'dashboard.retry' })}
      />
    );
  if (!figures)
    return (
      <PageState
        testId="dashboard-loading"
        icon={<Spinner aria-label={t('dashboard.loading')} />}
      />
    );
  return <FiguresView audience={audience} figures={figures} trialDaysLeft={daysLeft} />;
}
