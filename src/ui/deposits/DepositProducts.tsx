import {
  Button,
  Callout,
  Card,
  ControlGroup,
  H2,
  HTMLSelect,
  HTMLTable,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import {
  selectBulkOutcome,
  selectCanEdit,
  selectIsBusy,
  selectSaleStatusOptions,
  type SaleStatusOption,
} from '../../machines/deposit/depositSelectors.ts';
import {
  PRODUCT_PAGE_SIZE,
  type depositProductsMachine,
} from '../../machines/deposit/depositProductsMachine.ts';
import { saleStatusI18nKey } from '../../machines/deposit/enums.ts';
import { formatPrice } from '../components/format.ts';
import { TablePager } from '../components/TablePager.tsx';
import { ImportButton } from '../imports/ImportButton.tsx';
import { useOnTasksCompleted } from '../tasks/tasksCompleted.ts';
import { useDeposit, useDepositActor } from './depositContext.ts';

type ProductsRef = ActorRefFrom<typeof depositProductsMachine>;
const same = (a: SaleStatusOption[], b: SaleStatusOption[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Counts per sale status, the bulk change of every product, and the products page by page. */
export function DepositProducts() {
  const { t } = useTranslation();
  const options = useDeposit(selectSaleStatusOptions, same);
  const products = useDepositActor().getSnapshot().children.products as ProductsRef | undefined;
  const depositUuid = useDeposit((s) => s.context.deposit?.uuid ?? '');
  const canEdit = useDeposit(selectCanEdit);
  // A finished import (a sheet into this deposit) adds products: the table loads again.
  useOnTasksCompleted(() => products?.send({ type: 'products.reload' }));
  return (
    <Card data-testid="deposit-products">
      <H2>{t('deposit.products')}</H2>
      {canEdit && depositUuid && (
        <ImportButton target={{ kind: 'products', deposit: depositUuid }} />
      )}
      <div className="seconde-sale-counts" role="group" aria-label={t('deposit.countsTitle')}>
        {options
          .filter((o) => o.count > 0)
          .map((o) => (
            <Tag key={o.status} minimal data-testid={`sale-count-${o.status}`}>
              {t(saleStatusI18nKey(o.status))} · {o.count}
            </Tag>
          ))}
      </div>
      <BulkChange options={options} />
      {products && <ProductTable products={products} />}
    </Card>
  );
}

function BulkChange({ options }: { options: SaleStatusOption[] }) {
  const { t } = useTranslation();
  const actor = useDepositActor();
  const busy = useDeposit(selectIsBusy);
  const outcome = useDeposit(selectBulkOutcome);
  const [target, setTarget] = useState(options.find((o) => o.enabled)?.status ?? 'OFFLINE');
  const chosen = options.find((o) => o.status === target);
  if (!options.some((o) => o.enabled) && !chosen?.reasonKey) return null;
  return (
    <div className="seconde-bulk" data-testid="bulk-change">
      <label htmlFor="bulk-status">{t('deposit.bulkTitle')}</label>
      <ControlGroup>
        <HTMLSelect
          id="bulk-status"
          value={target}
          onChange={(e) => setTarget(e.currentTarget.value as SaleStatusOption['status'])}
        >
          {options.map((o) => (
            <option key={o.status} value={o.status}>
              {t(saleStatusI18nKey(o.status))}
            </option>
          ))}
        </HTMLSelect>
        <Button
          text={t('deposit.bulkApply')}
          disabled={!chosen?.enabled}
          loading={busy}
          data-testid="bulk-apply"
          aria-describedby={chosen?.reasonKey ? 'bulk-reason' : undefined}
          onClick={() => actor.send({ type: 'deposit.changeSaleStatus', to: target })}
        />
      </ControlGroup>
      {chosen?.reasonKey && (
        <small id="bulk-reason" data-testid="bulk-reason">
          {t(chosen.reasonKey)}
        </small>
      )}
      {outcome && outcome.updated + outcome.skipped > 0 && (
        <Callout intent="success" data-testid="bulk-outcome">
          {t('deposit.bulkOutcome', { updated: outcome.updated, skipped: outcome.skipped })}
        </Callout>
      )}
    </div>
  );
}

function ProductTable({ products }: { products: ProductsRef }) {
  const { t, i18n } = useTranslation();
  const rows = useSelector(products, (s) => s.context.rows);
  const count = useSelector(products, (s) => s.context.count);
  const page = useSelector(products, (s) => s.context.page);
  const loading = useSelector(products, (s) => s.hasTag('busy'));
  const failed = useSelector(products, (s) => s.hasTag('error'));
  if (failed)
    return (
      <Callout intent="danger">
        {t('deposit.productsFailed')}{' '}
        <Button
          text={t('deposit.productsRetry')}
          onClick={() => products.send({ type: 'products.reload' })}
        />
      </Callout>
    );
  if (loading && rows.length === 0) return <Spinner size={24} />;
  if (count === 0) return <p data-testid="products-empty">{t('deposit.productsEmpty')}</p>;
  return (
    <>
      <HTMLTable striped compact className="seconde-deposit-table" data-testid="product-table">
        <thead>
          <tr>
            <th scope="col">{t('deposit.columnReference')}</th>
            <th scope="col">{t('deposit.columnProductName')}</th>
            <th scope="col">{t('deposit.columnSaleStatus')}</th>
            <th scope="col">{t('deposit.columnPrice')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.uuid} data-testid="product-row" data-sale-status={p.saleStatus ?? ''}>
              <td>{p.reference}</td>
              <td>
                <Link to={`/product/${p.uuid}`}>{p.name || p.reference}</Link>
              </td>
              <td>{p.saleStatus && t(saleStatusI18nKey(p.saleStatus))}</td>
              <td>{formatPrice(p.suggestedPrice ?? null, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <TablePager
        page={page}
        pages={Math.ceil(count / PRODUCT_PAGE_SIZE)}
        onPage={(p) => products.send({ type: 'products.page', page: p })}
        labels={{
          pageOf: 'deposits.pageOf',
          previous: 'deposits.previousPage',
          next: 'deposits.nextPage',
          navigation: 'deposits.pagination',
        }}
      />
    </>
  );
}
