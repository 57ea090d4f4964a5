import { HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { depositStatusI18nKey, enumI18nKey } from '../../machines/deposit/enums.ts';
import { sortDirection, type SortKey } from '../../machines/depositList/depositListQuery.ts';
import { selectOrdering, selectRows } from '../../machines/depositList/depositListSelectors.ts';
import { formatDate } from '../../domain/dates.ts';
import { SortHeader } from '../components/SortHeader.tsx';
import { useList, useListActor } from './listContext.ts';

const COLUMNS: readonly [SortKey, string][] = [
  ['name', 'deposits.columnName'],
  ['status', 'deposits.columnStatus'],
  ['family', 'deposits.columnFamily'],
  ['product_number', 'deposits.columnProducts'],
  ['created_at', 'deposits.columnCreatedAt'],
];

/** One page of deposits; a click on a header orders by that column. */
export function DepositTable() {
  const { t, i18n } = useTranslation();
  const actor = useListActor();
  const rows = useList(selectRows);
  const ordering = useList(selectOrdering);

  return (
    <HTMLTable className="seconde-deposit-table" striped interactive data-testid="deposit-table">
      <thead>
        <tr>
          {COLUMNS.map(([key, label]) => (
            <SortHeader
              key={key}
              label={t(label)}
              sortLabel={t('deposits.sortBy', { column: t(label) })}
              direction={sortDirection(ordering, key)}
              onSort={() => actor.send({ type: 'list.sort', key })}
              testId={`sort-${key}`}
            />
          ))}
          <th scope="col">{t('deposits.columnGamme')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.uuid} data-testid="deposit-row" data-status={row.status ?? ''}>
            <td>
              <Link to={`/deposit/${row.uuid}`}>{row.name || row.uuid.slice(0, 8)}</Link>
            </td>
            <td>{row.status && <Tag minimal>{t(depositStatusI18nKey(row.status))}</Tag>}</td>
            <td>{row.family && t(enumI18nKey('family', row.family))}</td>
            <td>{row.productNumber}</td>
            <td>{row.createdAt && formatDate(Date.parse(row.createdAt), i18n.language)}</td>
            <td>{row.gamme && t(enumI18nKey('gamme', row.gamme))}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
