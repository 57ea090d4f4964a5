import './pages.css';
import { Classes, H1, H2, HTMLTable, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { labelKey } from '../../../machines/people/labels.ts';
import {
  acquisitionLogic,
  type AcquisitionFigures,
} from '../../../machines/stats/acquisitionLogic.ts';
import { OPEN_RANGE } from '../../../machines/stats/figuresMachine.ts';
import { useAppServices } from '../../app/servicesContext.ts';
import { FailedState, PageState } from '../../components/PageState.tsx';
import { RouteTabs } from '../../shell/RouteTabs.tsx';
import { DateRangeFilter } from './DateRangeFilter.tsx';
import { Figure, formatNumber } from './figures.tsx';

/** `/stats-new` and its child: vendor acquisition figures, and the newest vendors one by one. */
export function StatsNewView() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="stats-new-title" className="seconde-pages" data-testid="stats-new">
      <H1 id="stats-new-title">{t('pages.statsNewTitle')}</H1>
      <RouteTabs
        label={t('pages.statsNewSections')}
        tabs={[
          { to: '/stats-new', label: t('pages.acquisitionTab'), end: true },
          { to: '/stats-new/vendor-hiring', label: t('pages.vendorHiringTab') },
        ]}
      />
      <Outlet />
    </section>
  );
}

/** The index of `/stats-new`: vendors who joined in a period, by onboarding stage and plan. */
export function AcquisitionView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => acquisitionLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: {} });
  const range = useSelector(actor, (s) => s.context.range);
  const figures = useSelector(actor, (s) => s.context.figures);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canClear = useSelector(actor, (s) =>
    s.can({ type: 'figures.setRange', range: OPEN_RANGE }),
  );
  return (
    <div className="seconde-pages" aria-busy={busy} data-testid="acquisition">
      <DateRangeFilter
        idPrefix="acquisition"
        legend={t('pages.acquisitionPeriod')}
        range={range}
        canClear={canClear}
        onChange={(patch) => actor.send({ type: 'figures.setRange', range: patch })}
      />
      {errorCode ? (
        <FailedState
          testId="acquisition-failed"
          title={t('pages.statsFailed')}
          errorCode={errorCode}
          retryText={t('pages.retry')}
          onRetry={() => actor.send({ type: 'figures.retry' })}
        />
      ) : figures === null ? (
        <PageState testId="acquisition-loading" icon={<Spinner />} title={t('pages.loading')} />
      ) : (
        <AcquisitionFiguresView figures={figures} />
      )}
    </div>
  );
}

function AcquisitionFiguresView({ figures: f }: { figures: AcquisitionFigures }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <>
      <dl className="seconde-figures" data-testid="acquisition-figures">
        <Figure id="joined" label={t('pages.joined')} value={n(f.joined)} />
        <Figure
          id="started"
          label={t('pages.onboardingStarted')}
          value={n(f.inProgress + f.completed)}
        />
        <Figure id="completed" label={t('pages.onboardingCompleted')} value={n(f.completed)} />
        <Figure id="inProgress" label={t('pages.onboardingInProgress')} value={n(f.inProgress)} />
        <Figure id="notStarted" label={t('pages.onboardingNotStarted')} value={n(f.notStarted)} />
        <Figure id="onTrial" label={t('pages.onTrial')} value={n(f.onTrial)} />
      </dl>
      <H2>{t('pages.byPlan')}</H2>
      <p className={Classes.TEXT_MUTED} data-testid="plan-sample">
        {f.planSample < f.joined
          ? t('pages.planSample', { sample: f.planSample, total: f.joined })
          : t('pages.planAll')}
      </p>
      <div className="seconde-scroll-x">
        <HTMLTable compact striped className="seconde-table" data-testid="plan-table">
          <caption className="seconde-sr-only">{t('pages.byPlan')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pages.plan')}</th>
              <th scope="col" className="seconde-number">
                {t('pages.vendors')}
              </th>
            </tr>
          </thead>
          <tbody>
            {f.plans.map((p) => (
              <tr key={p.type} data-testid={`plan-${p.type}`}>
                <th scope="row">{t(labelKey('profile.type', p.type))}</th>
                <td className="seconde-number">{n(p.count)}</td>
              </tr>
            ))}
            <tr data-testid="plan-none">
              <th scope="row">{t('pages.noPlan')}</th>
              <td className="seconde-number">{n(f.withoutPlan)}</td>
            </tr>
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}
