import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Dac7SellerRow } from '../../machines/dac7/dac7ReportMachine.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { formatDate } from '../../domain/dates.ts';
import { euros } from '../payouts/money.ts';
import type { Dac7Actor } from './Dac7View.tsx';

interface Props {
  /** Given for the reportable sellers: a person's row offers to complete their data. */
  readonly actor?: Dac7Actor;
  readonly sellers: readonly Dac7SellerRow[];
  readonly testId: string;
}

/** The readable summary: each seller's identity, account, amounts and sales per quarter, fees. */
export function Dac7SellerTable({ actor, sellers, testId }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <HTMLTable compact striped data-testid={testId} className="dac7-table">
      <thead>
        <tr>
          <th scope="col">{t('sellerReport.colSeller')}</th>
          <th scope="col">{t('sellerReport.colIdentity')}</th>
          <th scope="col">{t('sellerReport.colAccount')}</th>
          {[1, 2, 3, 4].map((quarter) => (
            <th scope="col" key={quarter}>
              {t('sellerReport.colQuarter', { quarter })}
            </th>
          ))}
          <th scope="col">{t('sellerReport.colTotal')}</th>
          <th scope="col">{t('sellerReport.colFees')}</th>
          {actor && <th scope="col">{t('sellerReport.colMissing')}</th>}
        </tr>
      </thead>
      <tbody>
        {sellers.map((s) => (
          <tr key={s.key} data-testid="dac7-seller">
            <th scope="row">
              {s.name}
              <br />
              <small>
                {t(s.kind === 'ENTITY' ? 'sellerReport.kindEntity' : 'sellerReport.kindIndividual')}{' '}
                · {s.address}
              </small>
            </th>
            <td>
              {s.tin && <div>{t('sellerReport.tin', { value: s.tin })}</div>}
              {s.birthDate && (
                <div>
                  {t('sellerReport.birthDate', {
                    value: formatDate(Date.parse(`${s.birthDate}T12:00:00Z`), language),
                  })}
                </div>
              )}
              {s.registrationNumber && (
                <div>{t('sellerReport.registration', { value: s.registrationNumber })}</div>
              )}
            </td>
            <td>{s.ibanMasked}</td>
            {s.quarters.map((q, i) => (
              <td key={i}>
                {euros(q.considerationCents, language)}
                <br />
                <small>{t('sellerReport.salesCount', { count: q.sales })}</small>
              </td>
            ))}
            <td>
              <strong>{euros(s.considerationCents, language)}</strong>
              <br />
              <small>{t('sellerReport.salesCount', { count: s.sales })}</small>
            </td>
            <td>
              {euros(s.feesCents, language)}
              <br />
              <small>({euros(s.taxesCents, language)})</small>
            </td>
            {actor && (
              <td>
                <Missing actor={actor} seller={s} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function Missing({ actor, seller }: { actor: Dac7Actor; seller: Dac7SellerRow }) {
  const { t } = useTranslation();
  const canEdit = useSelector(actor, (s) => s.can({ type: 'dac7.edit', key: seller.key }));
  return (
    <>
      {seller.missing.map((code) => (
        <Tag key={code} intent="warning" minimal className="dac7-missing">
          {t(labelKey('sellerReport.missing', code))}
        </Tag>
      ))}
      {seller.kind === 'INDIVIDUAL' && (
        <Button
          small
          icon="edit"
          text={t('sellerReport.complete')}
          disabled={!canEdit}
          aria-label={`${t('sellerReport.complete')} ${seller.name}`}
          onClick={() => actor.send({ type: 'dac7.edit', key: seller.key })}
        />
      )}
    </>
  );
}
