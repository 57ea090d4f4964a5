import { H1, HTMLTable, Tag } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { labelKey } from '../../machines/people/labels.ts';
import { vendorListLogic } from '../../machines/people/peopleLists.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { ListFrame } from './ListFrame.tsx';
import { usePagedList } from './usePagedList.ts';

/** Staff list of vendors: search, pages, availability and trial at a glance. */
export function VendorListView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => vendorListLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: {} });
  const list = usePagedList(actor);

  return (
    <section aria-labelledby="vendors-title" className="seconde-page">
      <H1 id="vendors-title">{t('people.vendorsTitle')}</H1>
      <ListFrame
        list={list}
        testId="vendor-list"
        searchLabel={t('people.searchVendors')}
        emptyTitle={t('people.noVendors')}
      >
        <HTMLTable striped interactive className="seconde-table">
          <caption className="seconde-sr-only">{t('people.vendorsTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('people.name')}</th>
              <th scope="col">{t('people.email')}</th>
              <th scope="col">{t('people.city')}</th>
              <th scope="col">{t('people.availability')}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((v) => (
              <tr key={v.uuid} data-testid="vendor-row">
                <td>
                  <Link to={`/vendor/${v.uuid}`}>
                    {t('people.fullName', { firstName: v.firstName, lastName: v.lastName })}
                  </Link>
                </td>
                <td>{v.email}</td>
                <td>{t('people.cityLine', { postalCode: v.postalCode, city: v.city })}</td>
                <td>
                  <Tag minimal>{t(labelKey('peopleEnum.availability', v.availability))}</Tag>{' '}
                  {v.onTrial && <Tag minimal>{t('people.onTrial')}</Tag>}{' '}
                  {v.disabled && <Tag minimal>{t('people.disabled')}</Tag>}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </ListFrame>
    </section>
  );
}
