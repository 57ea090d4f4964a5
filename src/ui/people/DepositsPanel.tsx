import { HTMLTable, Tag } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { labelKey } from '../../machines/people/labels.ts';
import { depositListLogic } from '../../machines/people/peopleLists.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { formatDate } from '../../domain/dates.ts';
import { ListFrame } from './ListFrame.tsx';
import { ownerOf, type OwnerRef } from './owner.ts';
import { usePagedList } from './usePagedList.ts';

/** A vendor's deposits, newest first, each linking to its deposit page. */
export function DepositsPanel({ owner }: { owner: OwnerRef }) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const { kind, uuid } = owner;
  const logic = useMemo(
    () => depositListLogic(clients, ownerOf(kind, uuid)),
    [clients, kind, uuid],
  );
  const actor = useActorRef(logic, { input: {} });
  const list = usePagedList(actor);
  return (
    <ListFrame list={list} testId="deposit-list" emptyTitle={t('people.noDeposits')}>
      <HTMLTable striped className="seconde-table">
        <caption className="seconde-sr-only">{t('people.tabDeposits')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('people.depositName')}</th>
            <th scope="col">{t('people.date')}</th>
            <th scope="col">{t('people.family')}</th>
            <th scope="col">{t('people.depositStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((d) => (
            <tr key={d.uuid} data-testid="deposit-row">
              <td>
                <Link to={`/deposit/${d.uuid}`}>{d.name}</Link>
              </td>
              <td>{formatDate(d.createdAt, i18n.language)}</td>
              <td>{t(labelKey('peopleEnum.family', d.family))}</td>
              <td>
                <Tag minimal>{t(labelKey('peopleEnum.depositStatus', d.status))}</Tag>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </ListFrame>
  );
}
