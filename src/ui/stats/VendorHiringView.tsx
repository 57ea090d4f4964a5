import '../components/pages.css';
import {
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Spinner,
  SpinnerSize,
  Tag,
} from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { labelKey } from '../../machines/people/labels.ts';
import {
  HIRING_FILTERS,
  HIRING_ORDERING,
  HIRING_SORTABLE,
  vendorHiringLogic,
  type HiringFilters,
  type HiringRow,
} from '../../machines/stats/vendorHiringLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { formatDate } from '../../domain/dates.ts';
import { answerKey } from './answerKeys.ts';
import { ListBody } from '../components/ListBody.tsx';
import { useQueryList } from '../components/useQueryList.ts';
import { useSortHeader } from '../components/useSortHeader.tsx';

const STAGES: readonly HiringFilters['stage'][] = ['inProgress', 'completed'];

/** `/stats-new/vendor-hiring`: the newest vendors, their onboarding answers, trial, plan and activity. */
export function VendorHiringView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => vendorHiringLogic(clients), [clients]);
  const list = useQueryList(logic, {
    filters: HIRING_FILTERS,
    ordering: HIRING_ORDERING,
    sortable: HIRING_SORTABLE,
  });
  const sortable = useSortHeader<(typeof HIRING_SORTABLE)[number]>(list, 'hiring-sort');
  return (
    <div className="seconde-pages" data-testid="vendor-hiring">
      <div className="seconde-pages-filters" role="search" aria-label={t('pages.hiringFilters')}>
        <InputGroup
          className="seconde-pages-search"
          type="search"
          leftIcon="search"
          aria-label={t('pages.hiringSearch')}
          placeholder={t('pages.hiringSearch')}
          value={list.filters.search}
          onValueChange={(search) => list.filter({ search })}
          rightElement={list.busy ? <Spinner size={SpinnerSize.SMALL} /> : undefined}
        />
        <FormGroup label={t('pages.onboarding')} labelFor="hiring-stage">
          <HTMLSelect
            id="hiring-stage"
            value={list.filters.stage}
            onChange={(e) =>
              list.filter({ stage: e.currentTarget.value as HiringFilters['stage'] })
            }
          >
            <option value="">{t('pages.anyStage')}</option>
            {STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {t(labelKey('pages.stage', stage))}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <span aria-live="polite" data-testid="hiring-count">
          {list.loaded && t('pages.vendorCount', { count: list.count })}
        </span>
      </div>
      <ListBody list={list} testId="hiring-list" emptyTitle={t('pages.noVendors')}>
        <HTMLTable striped compact className="seconde-table" data-testid="hiring-table">
          <caption className="seconde-sr-only">{t('pages.vendorHiringTab')}</caption>
          <thead>
            <tr>
              {sortable('last_name', 'pages.vendor')}
              {sortable('created_at', 'pages.joinedOn')}
              <th scope="col">{t('pages.onboarding')}</th>
              <th scope="col">{t('pages.sellingTime')}</th>
              <th scope="col">{t('pages.stockQuantity')}</th>
              <th scope="col">{t('pages.experience')}</th>
              <th scope="col">{t('pages.heardFrom')}</th>
              <th scope="col">{t('pages.trialEnd')}</th>
              <th scope="col">{t('pages.plan')}</th>
              <th scope="col">{t('pages.lastActivity')}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((v) => (
              <HiringLine key={v.uuid} vendor={v} />
            ))}
          </tbody>
        </HTMLTable>
      </ListBody>
    </div>
  );
}

function HiringLine({ vendor: v }: { vendor: HiringRow }) {
  const { t, i18n } = useTranslation();
  return (
    <tr data-testid="hiring-row" data-stage={v.stage}>
      <td>
        <Link to={`/vendor/${v.uuid}`}>
          {t('pages.fullName', { firstName: v.firstName, lastName: v.lastName })}
        </Link>
        <br />
        <small>{v.email}</small>
      </td>
      <td>{formatDate(v.createdAt, i18n.language)}</td>
      <td>
        <Tag minimal intent={v.stage === 'completed' ? 'success' : 'none'}>
          {t(labelKey('pages.stage', v.stage))}
        </Tag>
      </td>
      <td>{t(answerKey('sellingTime', v.sellingTime))}</td>
      <td>{t(answerKey('stockQuantity', v.stockQuantity))}</td>
      <td>{t(answerKey('experience', v.experience))}</td>
      <td>{v.heardFrom || t('pages.notAnswered')}</td>
      <td>{v.trialEnd === null ? '—' : formatDate(v.trialEnd, i18n.language)}</td>
      <td data-testid="hiring-plan">
        {v.plan
          ? t('pages.planStatus', {
              plan: t(labelKey('profile.type', v.plan.type)),
              status: t(labelKey('profile.status', v.plan.status)),
            })
          : t('pages.noPlan')}
      </td>
      <td>
        {v.lastActivity === null ? t('pages.never') : formatDate(v.lastActivity, i18n.language)}
      </td>
    </tr>
  );
}
