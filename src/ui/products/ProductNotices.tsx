import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  selectErrorKey,
  selectGeneration,
  selectIsInvoiced,
  selectIsReadOnly,
  selectIsStale,
  selectNotice,
} from '../../machines/product/productSelectors.ts';
import { sameJson, useProduct, useProductActor } from './productContext.ts';

/** Read-only banners, the stale-version banner, the last refusal and the live announcements. */
export function ProductNotices() {
  const { t } = useTranslation();
  const actor = useProductActor();
  const invoiced = useProduct(selectIsInvoiced);
  const readOnly = useProduct(selectIsReadOnly);
  const stale = useProduct(selectIsStale);
  const refused = useProduct((s) => s.hasTag('error') && !s.hasTag('stale'));
  const errorKey = useProduct(selectErrorKey);
  const notice = useProduct(selectNotice);
  const generation = useProduct(selectGeneration, sameJson);
  const noticeText =
    notice === 'saved'
      ? t('products.saved')
      : notice === 'nameGenerated'
        ? t('products.nameGenerated')
        : notice === 'priceGenerated'
          ? t('products.priceGenerated', { count: generation.comparableCount ?? 0 })
          : notice === 'transferred'
            ? t('products.transferred')
            : '';
  return (
    <>
      {invoiced && (
        <Callout
          intent="warning"
          icon="lock"
          title={t('products.invoicedTitle')}
          data-testid="invoiced-banner"
        >
          {t('products.invoicedBody')}
        </Callout>
      )}
      {readOnly && !invoiced && (
        <Callout intent="primary" icon="lock" data-testid="read-only-banner">
          {t('products.customerReadOnly')}
        </Callout>
      )}
      {stale && (
        <Callout
          intent="warning"
          title={t('products.staleTitle')}
          data-testid="stale-banner"
          role="alert"
        >
          <p>{t('products.staleBody')}</p>
          <Button
            icon="refresh"
            text={t('products.reload')}
            onClick={() => actor.send({ type: 'product.reload' })}
            data-testid="reload"
          />
        </Callout>
      )}
      {refused && errorKey && (
        <Callout intent="danger" role="alert" data-testid="product-refusal">
          <p>{t(errorKey)}</p>
          <Button
            minimal
            small
            text={t('products.dismiss')}
            onClick={() => actor.send({ type: 'product.dismiss' })}
          />
        </Callout>
      )}
      <p
        id="product-status"
        className="seconde-product-status"
        role="status"
        tabIndex={-1}
        data-testid="product-status"
      >
        {noticeText}
      </p>
    </>
  );
}
