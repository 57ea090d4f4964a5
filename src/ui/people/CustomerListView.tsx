import { H1, HTMLTable } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { selectViewerIsAdminLevel } from '../../machines/deposit/viewer.ts';
import { customerExport } from '../../machines/export/exportFilters.ts';
import { customerListLogic } from '../../machines/people/peopleLists.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { describeCustomers } from '../exports/describeFilters.ts';
import { ExportButton } from '../exports/ExportButton.tsx';
import { ImportButton } from '../imports/ImportButton.tsx';
import { useOnTasksCompleted } from '../tasks/tasksCompleted.ts';
import { ListFrame } from './ListFrame.tsx';
import { usePagedList } from './usePagedList.ts';

/** The vendor's contacts (customers): search, pages, and a link to each customer's page. */
export function CustomerListView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => customerListLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: {} });
  const list = usePagedList(actor);
  // A finished customers import adds contacts: the list loads again by itself.
  useOnTasksCompleted(() => actor.send({ type: 'list.reload' }));
  const isAdminLevel = useSession(selectViewerIsAdminLevel);

  return (
    <section aria-labelledby="customers-title" className="seconde-page">
      <H1 id="customers-title">{t('people.customersTitle')}</H1>
      {/* A vendor imports their own contacts; staff do it for a vendor through the API. */}
      {!isAdminLevel && <ImportButton target={{ kind: 'customers', vendor: '' }} />}
      <ExportButton
        request={customerExport(list.search)}
        filters={describeCustomers(t, list.search)}
      />
      <ListFrame
        list={list}
        testId="customer-list"
        searchLabel={t('people.searchCustomers')}
        emptyTitle={t('people.noCustomers')}
      >
        <HTMLTable striped interactive className="seconde-table">
          <caption className="seconde-sr-only">{t('people.customersTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('people.name')}</th>
              <th scope="col">{t('people.email')}</th>
              <th scope="col">{t('people.phone')}</th>
              <th scope="col">{t('people.city')}</th>
              <th scope="col">{t('people.deposits')}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((c) => (
              <tr key={c.uuid} data-testid="customer-row">
                <td>
                  <Link to={`/contact/${c.uuid}`}>
                    {t('people.fullName', { firstName: c.firstName, lastName: c.lastName })}
                  </Link>
                </td>
                <td>{c.email}</td>
                <td>{c.phoneNumber}</td>
                <td>{t('people.cityLine', { postalCode: c.postalCode, city: c.city })}</td>
                <td>{c.depositNumber}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </ListFrame>
    </section>
  );
}
