import { Callout, Card, Classes, H2, Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEPOSIT_STATUSES, SALE_STATUSES } from '../../domain/deposit/statuses.ts';
import { depositStatusI18nKey, saleStatusI18nKey } from '../../machines/deposit/enums.ts';
import type { DashboardFigures } from '../../machines/dashboard/dashboardMachine.ts';
import { formatPrice } from '../components/format.ts';

/** Whose figures the page shows: staff see everything, the others their own. */
export type DashboardAudience = 'staff' | 'vendor' | 'companyAdmin' | 'customer';

/** A titled card of the dashboard, named by its heading for screen readers. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="seconde-dashboard-panel" data-testid={`panel-${id}`}>
      <section aria-labelledby={`panel-${id}-title`}>
        <H2 id={`panel-${id}-title`} className={Classes.HEADING}>
          {title}
        </H2>
        {children}
      </section>
    </Card>
  );
}

/** One key figure; a link when there is a page behind it. */
function Figure({
  id,
  label,
  value,
  to,
}: {
  id: string;
  label: string;
  value: string;
  to?: string;
}) {
  return (
    <div className="seconde-figure" data-testid={`figure-${id}`}>
      <dt className={Classes.TEXT_MUTED}>{to ? <Link to={to}>{label}</Link> : label}</dt>
      <dd className={Classes.TEXT_LARGE} data-testid={`figure-${id}-value`}>
        {value}
      </dd>
    </div>
  );
}

/** Counts in the statuses' own order, with a link per status when `linkOf` gives one. */
function StatusCounts({
  testId,
  counts,
  statuses,
  labelOf,
  linkOf,
  emptyKey,
}: {
  testId: string;
  counts: Readonly<Record<string, number>>;
  statuses: readonly string[];
  labelOf: (status: string) => string;
  linkOf?: (status: string) => string;
  emptyKey: string;
}) {
  const { t } = useTranslation();
  const shown = statuses.filter((s) => (counts[s] ?? 0) > 0);
  if (shown.length === 0) return <p className={Classes.TEXT_MUTED}>{t(emptyKey)}</p>;
  return (
    <ul className="seconde-status-counts">
      {shown.map((status) => (
        <li key={status} data-testid={`${testId}-${status}`}>
          {linkOf ? (
            <Link to={linkOf(status)}>{labelOf(status)}</Link>
          ) : (
            <span>{labelOf(status)}</span>
          )}
          <Tag round minimal intent={Intent.PRIMARY}>
            {counts[status]}
          </Tag>
        </li>
      ))}
    </ul>
  );
}

export interface FiguresViewProps {
  readonly audience: DashboardAudience;
  readonly figures: DashboardFigures;
  /** Whole days left of the free trial, 0 when not in trial. */
  readonly trialDaysLeft: number;
}

/** The figures of one audience, once loaded. */
export function FiguresView({ audience, figures, trialDaysLeft }: FiguresViewProps) {
  const { t, i18n } = useTranslation();
  const number = (n: number) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR').format(n);
  const staff = audience === 'staff';
  const customer = audience === 'customer';
  const depositLink = (status: string) => `/deposits?status=${status}`;

  return (
    <div className="seconde-dashboard-panels" data-testid={`dashboard-${audience}`}>
      {trialDaysLeft > 0 && (
        <Callout
          className="seconde-dashboard-wide"
          intent={Intent.PRIMARY}
          icon="time"
          data-testid="trial-days-left"
        >
          {trialDaysLeft === 1
            ? t('dashboard.trialLastDay')
            : t('dashboard.trialDaysLeft', { count: trialDaysLeft })}
        </Callout>
      )}
      <Panel id="key-figures" title={t('dashboard.keyFigures')}>
        <dl className="seconde-figures">
          {!customer && (
            <Figure
              id="turnover"
              label={t('dashboard.soldTurnover')}
              value={formatPrice(figures.soldTurnover, i18n.language)}
            />
          )}
          {!customer && (
            <Figure
              id="customers"
              label={t('dashboard.customerCount')}
              value={number(figures.customerCount)}
              to={staff ? undefined : '/contacts'}
            />
          )}
          {(staff || audience === 'companyAdmin') && (
            <Figure
              id="vendors"
              label={t(staff ? 'dashboard.vendorCount' : 'dashboard.companyVendorCount')}
              value={number(figures.vendorCount)}
              to={staff ? '/vendors' : undefined}
            />
          )}
          {staff && (
            <Figure
              id="requests"
              label={t('dashboard.openDepositRequests')}
              value={number(figures.openDepositRequests)}
              to="/deposit-requests"
            />
          )}
          <Figure
            id="tickets"
            label={t('dashboard.openSupportTickets')}
            value={number(figures.openSupportTickets)}
            to="/messaging"
          />
        </dl>
        {customer && (
          <p>
            <Link to="/dressing" data-testid="dressing-link">
              {t('dashboard.openDressing')}
            </Link>
          </p>
        )}
      </Panel>
      <Panel
        id="deposits"
        title={t(customer ? 'dashboard.myDeposits' : 'dashboard.depositsByStatus')}
      >
        <StatusCounts
          testId="deposit-status"
          counts={figures.depositsByStatus}
          statuses={DEPOSIT_STATUSES}
          labelOf={(s) => t(depositStatusI18nKey(s as (typeof DEPOSIT_STATUSES)[number]))}
          linkOf={depositLink}
          emptyKey="dashboard.noDeposits"
        />
      </Panel>
      <Panel
        id="products"
        title={t(customer ? 'dashboard.myItems' : 'dashboard.productsBySaleStatus')}
      >
        <StatusCounts
          testId="sale-status"
          counts={figures.productsBySaleStatus}
          statuses={SALE_STATUSES}
          labelOf={(s) => t(saleStatusI18nKey(s as (typeof SALE_STATUSES)[number]))}
          emptyKey="dashboard.noItems"
        />
      </Panel>
    </div>
  );
}
