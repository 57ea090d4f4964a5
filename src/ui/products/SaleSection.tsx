import { AnchorButton, Button, Classes, H2, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { saleStatusI18nKey } from '../../machines/deposit/enums.ts';
import { PLATFORM_CHOICES } from '../../machines/product/productEnums.ts';
import {
  selectActiveTask,
  selectGeneration,
  selectIncome,
  selectSaleStatusChoices,
  selectSearchUrl,
} from '../../machines/product/productSelectors.ts';
import { formatPrice } from '../components/format.ts';
import { describedBy, Field, useFieldError } from './Field.tsx';
import { DraftInput, DraftSelect } from './TextFields.tsx';
import { sameJson, useProduct, useProductActor } from './productContext.ts';

/** Prices with their helpers (AI price, comparable search, marketplace link), sale status, split. */
export function SaleSection({ readOnly }: { readonly readOnly: boolean }) {
  const { t } = useTranslation();
  const platforms = PLATFORM_CHOICES.map((p) => ({ value: p.value, label: t(p.labelKey) }));
  return (
    <section aria-labelledby="product-sale-title" data-testid="product-sale">
      <H2 id="product-sale-title">{t('products.sectionPrice')}</H2>
      <DraftInput
        field="suggestedPrice"
        labelKey="products.suggestedPrice"
        inputMode="decimal"
        readOnly={readOnly}
      />
      {!readOnly && <PriceHelpers />}
      <DraftInput
        field="selledPrice"
        labelKey="products.selledPrice"
        inputMode="decimal"
        readOnly={readOnly}
      />
      <DraftSelect
        field="sellOn"
        labelKey="products.sellOn"
        noneKey="products.sellOnNone"
        choices={platforms}
        readOnly={readOnly}
      />
      <SaleStatusField readOnly={readOnly} />
      <IncomeSplit />
    </section>
  );
}

function PriceHelpers() {
  const { t, i18n } = useTranslation();
  const actor = useProductActor();
  const task = useProduct(selectActiveTask);
  const busy = useProduct((s) => s.hasTag('busy'));
  const generation = useProduct(selectGeneration, sameJson);
  const searchUrl = useProduct(selectSearchUrl);
  const price = (n: number | null) => formatPrice(n, i18n.language);
  return (
    <div className="seconde-product-helpers" data-testid="price-helpers">
      <Button
        icon="predictive-analysis"
        text={t('products.generatePrice')}
        loading={task === 'generatingPrice'}
        disabled={busy}
        onClick={() => actor.send({ type: 'product.generatePrice' })}
        data-testid="generate-price"
      />
      <Button
        icon="search"
        text={t('products.findPrice')}
        loading={task === 'findingPrice'}
        disabled={busy}
        onClick={() => actor.send({ type: 'product.findPrice' })}
        data-testid="find-price"
      />
      {searchUrl && (
        <AnchorButton
          icon="share"
          minimal
          href={searchUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="marketplace-search"
        >
          {t('products.marketplaceSearch')}{' '}
          <span className={Classes.TEXT_MUTED}>{t('products.opensInNewTab')}</span>
        </AnchorButton>
      )}
      {generation.comparableCount !== null && (
        <p data-testid="comparable-count">
          {t('products.comparableCount', { count: generation.comparableCount })}
        </p>
      )}
      {generation.comparables !== null && (
        <p data-testid="comparables">
          {generation.comparables.length === 0
            ? t('products.noComparables')
            : t('products.priceFound', {
                average: price(generation.averagePrice),
                median: price(generation.medianPrice),
              })}
        </p>
      )}
      {generation.quotaRemaining !== null && (
        <p className={Classes.TEXT_MUTED} data-testid="quota-remaining">
          {t('products.quotaRemaining', { count: generation.quotaRemaining })}
        </p>
      )}
    </div>
  );
}

/**
 * The sale status, each option judged by the shared deposit rule engine: refused options are
 * disabled and their reasons listed under the select.
 */
function SaleStatusField({ readOnly }: { readonly readOnly: boolean }) {
  const { t } = useTranslation();
  const actor = useProductActor();
  const value = useProduct((s) => s.context.draft?.saleStatus ?? '');
  const choices = useProduct(selectSaleStatusChoices, sameJson);
  const error = useFieldError('saleStatus');
  const id = 'product-saleStatus';
  const refused = choices.filter((c) => !c.enabled && c.status !== value);
  const reasons = [...new Set(refused.map((c) => c.reasonKey))];
  return (
    <Field
      id={id}
      label={t('products.saleStatus')}
      error={error}
      required
      helperText={
        refused.length > 0 && !readOnly ? (
          <span id={`${id}-reasons`} data-testid="sale-status-reasons">
            {reasons.map((key) => (
              <span key={key} className="seconde-product-reason">
                {refused
                  .filter((c) => c.reasonKey === key)
                  .map((c) => t(saleStatusI18nKey(c.status)))
                  .join(', ')}{' '}
                : {key && t(key)}
              </span>
            ))}
          </span>
        ) : undefined
      }
    >
      <HTMLSelect
        id={id}
        fill
        value={value}
        disabled={readOnly}
        onChange={(e) =>
          actor.send({ type: 'product.change', field: 'saleStatus', value: e.currentTarget.value })
        }
        aria-describedby={refused.length > 0 && !readOnly ? `${id}-reasons` : undefined}
        {...describedBy(id, error)}
      >
        {choices.map((c) => (
          <option
            key={c.status}
            value={c.status}
            disabled={!c.enabled && c.status !== value}
            data-testid={`sale-status-${c.status}`}
          >
            {t(saleStatusI18nKey(c.status))}
          </option>
        ))}
      </HTMLSelect>
    </Field>
  );
}

/** Who gets what once the product is sold (the server fills it from the rate slides). */
function IncomeSplit() {
  const { t, i18n } = useTranslation();
  const income = useProduct(selectIncome, sameJson);
  if (!income) return null;
  const rows = [
    ['products.vendorIncome', income.vendor],
    ['products.customerIncome', income.customer],
    ['products.providerIncome', income.provider],
  ] as const;
  return (
    <div data-testid="income-split">
      <h3 className={Classes.HEADING}>{t('products.incomeTitle')}</h3>
      <dl className="seconde-product-income">
        {rows.map(([key, amount]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>{amount === null ? t('products.notSet') : formatPrice(amount, i18n.language)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
