import { HTMLTable, Tag } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { labelKey } from '../../machines/people/labels.ts';
import { invoiceListLogic } from '../../machines/people/peopleLists.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { formatDate } from '../../domain/dates.ts';
import { formatPrice } from '../components/format.ts';
import { ListFrame } from './ListFrame.tsx';
import { ownerOf, type OwnerRef } from './owner.ts';
import { usePagedList } from './usePagedList.ts';

/** A person's invoices, newest first, read-only. */
export function InvoicesPanel({ owner }: { owner: OwnerRef }) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const { kind, uuid } = owner;
  const logic = useMemo(
    () => invoiceListLogic(clients, ownerOf(kind, uuid)),
    [clients, kind, uuid],
  );
  const actor = useActorRef(logic, { input: {} });
  const list = usePagedList(actor);
  return (
    <ListFrame list={list} testId="invoice-list" emptyTitle={t('people.noInvoices')}>
      <HTMLTable striped className="seconde-table">
        <caption className="seconde-sr-only">{t('people.tabInvoices')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('people.invoiceNumber')}</th>
            <th scope="col">{t('people.date')}</th>
            <th scope="col">{t('people.invoiceCategory')}</th>
            <th scope="col">{t('people.total')}</th>
            <th scope="col">{t('people.invoiceStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((inv) => (
            <tr key={inv.uuid} data-testid="invoice-row">
              <td>{inv.number}</td>
              <td>{formatDate(inv.createdAt, i18n.language)}</td>
              <td>{t(labelKey('peopleEnum.invoiceCategory', inv.category))}</td>
              <td>{formatPrice(inv.totalPrice, i18n.language)}</td>
              <td>
                <Tag minimal>{t(labelKey('peopleEnum.invoiceStatus', inv.status))}</Tag>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </ListFrame>
  );
}
