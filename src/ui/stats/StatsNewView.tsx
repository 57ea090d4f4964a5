import '../components/pages.css';
import { Classes, H1, H2 } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { labelKey } from '../../machines/people/labels.ts';
import {
  acquisitionLogic,
  type AcquisitionFigures,
} from '../../machines/stats/acquisitionLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { RouteTabs } from '../shell/RouteTabs.tsx';
import { Figure, formatNumber } from './figures.tsx';
import { CountTable, PeriodFigures } from './PeriodFigures.tsx';

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
  return (
    <PeriodFigures logic={logic} id="acquisition" legend={t('pages.acquisitionPeriod')}>
      {(figures) => <AcquisitionFiguresView figures={figures} />}
    </PeriodFigures>
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
      <CountTable
        testId="plan-table"
        caption={t('pages.byPlan')}
        labelHeader={t('pages.plan')}
        countHeader={t('pages.vendors')}
        rows={[
          ...f.plans.map((p) => ({
            testId: `plan-${p.type}`,
            label: t(labelKey('profile.type', p.type)),
            count: n(p.count),
          })),
          { testId: 'plan-none', label: t('pages.noPlan'), count: n(f.withoutPlan) },
        ]}
      />
    </>
  );
}
