import { HTMLTable } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  channelKey,
  formatCents,
  type SplitRow,
} from '../../machines/marketplaceTransactions/transactionTypes.ts';
import type { TransactionsActor } from './TransactionsView.tsx';

const COLUMNS = [
  ['count', 'splitCount'],
  ['grossCents', 'splitGross'],
  ['marketplaceFeesCents', 'splitFees'],
  ['netCents', 'splitNet'],
  ['depositorShareCents', 'splitDepositors'],
  ['vendorShareCents', 'splitVendor'],
  ['buyerFeesCents', 'splitBuyerFees'],
  ['shippingCents', 'splitShipping'],
  ['unlinkedCount', 'splitUnlinked'],
] as const satisfies readonly (readonly [keyof SplitRow, string])[];

/** Per channel: gross, marketplace fees, net, the depositors' and the vendor's shares, in euros. */
export function FeeSplitTable({ actor }: { actor: TransactionsActor }) {
  const { t, i18n } = useTranslation();
  const channels = useSelector(actor, (s) => s.context.channels);
  const total = useSelector(actor, (s) => s.context.total);
  if (channels.length === 0)
    return <p data-testid="transactions-split-empty">{t('transactions.splitEmpty')}</p>;
  const cell = (row: SplitRow, key: (typeof COLUMNS)[number][0]) =>
    key === 'count' || key === 'unlinkedCount'
      ? String(row[key])
      : formatCents(row[key], i18n.language);
  const channelName = (row: SplitRow) => {
    const key = channelKey(row.channel);
    return key ? t(key) : row.channel;
  };
  return (
    <div className="seconde-table-scroll">
      <HTMLTable
        striped
        className="seconde-table seconde-transactions-split"
        data-testid="transactions-split"
      >
        <caption className="seconde-sr-only">{t('transactions.splitTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('transactions.splitChannel')}</th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col" className="seconde-transactions-money">
                {t(`transactions.${label}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {channels.map((row) => (
            <tr key={row.channel} data-testid="transactions-split-row" data-channel={row.channel}>
              <th scope="row">{channelName(row)}</th>
              {COLUMNS.map(([key]) => (
                <td key={key} className="seconde-transactions-money" data-column={key}>
                  {cell(row, key)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {total && channels.length > 1 && (
          <tfoot>
            <tr data-testid="transactions-split-total">
              <th scope="row">{t('transactions.splitTotal')}</th>
              {COLUMNS.map(([key]) => (
                <td key={key} className="seconde-transactions-money">
                  {cell(total, key)}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </HTMLTable>
    </div>
  );
}
