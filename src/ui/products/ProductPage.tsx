import './products.css';
import { H1 } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { selectViewerIsCustomer } from '../../machines/deposit/viewer.ts';
import { createProductActors } from '../../machines/product/productActors.ts';
import { productMachine } from '../../machines/product/productMachine.ts';
import {
  selectDeposit,
  selectErrorKey,
  selectIsLoading,
  selectIsReadOnly,
  selectLoadFailed,
  selectProduct,
} from '../../machines/product/productSelectors.ts';
import { PageLoad } from '../components/PageLoad.tsx';
import { CompletenessBadge } from '../publishing/CompletenessBadge.tsx';
import { PublishButton } from '../publishing/PublishButton.tsx';
import { ProductAnnouncementSection } from '../announcements/ProductAnnouncementSection.tsx';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { DescriptionSection } from './DescriptionSection.tsx';
import { DetailsSection } from './DetailsSection.tsx';
import { AttributeFields } from './AttributeFields.tsx';
import { ProductActions } from './ProductActions.tsx';
import { ProductListings } from '../listings/ProductListings.tsx';
import { ProductNotices } from './ProductNotices.tsx';
import { ProductPhotos } from './ProductPhotos.tsx';
import { SaleSection } from './SaleSection.tsx';
import { SaleBuyerSection } from '../buyers/SaleBuyerSection.tsx';
import { ShipSection } from '../shipping/ShipSection.tsx';
import { SaveBar } from './SaveBar.tsx';
import { ProductContext, useProduct, useProductActor } from './productContext.ts';

/** `/product/:productUuid`: one product's form, photos and actions. */
export function ProductPage() {
  const { clients } = useAppServices();
  const { productUuid = '' } = useParams();
  const isCustomer = useSession(selectViewerIsCustomer);
  const logic = useMemo(
    () => productMachine.provide({ actors: createProductActors(clients) }),
    [clients],
  );
  return (
    <ProductContext.Provider
      key={productUuid}
      logic={logic}
      options={{ input: { uuid: productUuid, viewer: { isCustomer } } }}
    >
      <ProductFrame />
    </ProductContext.Provider>
  );
}

function ProductFrame() {
  const actor = useProductActor();
  const navigate = useNavigate();
  const loading = useProduct(selectIsLoading);
  const failed = useProduct(selectLoadFailed);
  const errorKey = useProduct(selectErrorKey);

  // A copy opens on its own page; a destroyed product goes back to its deposit.
  useEffect(() => {
    const duplicated = actor.on('product.duplicated', (e) => void navigate(`/product/${e.uuid}`));
    const destroyed = actor.on('product.destroyed', (e) => void navigate(`/deposit/${e.deposit}`));
    return () => {
      duplicated.unsubscribe();
      destroyed.unsubscribe();
    };
  }, [actor, navigate]);

  return (
    <PageLoad
      testId="product"
      area="products"
      failed={failed}
      loading={loading}
      errorKey={errorKey}
      onRetry={() => actor.send({ type: 'product.retry' })}
    >
      <ProductBody />
    </PageLoad>
  );
}

function ProductBody() {
  const { t } = useTranslation();
  const product = useProduct(selectProduct);
  const deposit = useProduct(selectDeposit);
  const readOnly = useProduct(selectIsReadOnly);
  const busy = useProduct((s) => s.hasTag('busy') && !s.matches('loading'));
  const actor = useProductActor();
  if (!product) return null;
  const locked = readOnly || busy;
  return (
    <section
      className="seconde-product-page"
      aria-labelledby="product-title"
      data-testid="product-page"
    >
      <header className="seconde-product-header">
        {deposit && <Link to={`/deposit/${deposit.uuid}`}>{t('products.back')}</Link>}
        <H1 id="product-title" tabIndex={-1}>
          {product.name || t('products.untitled')}
        </H1>
        {product.reference && (
          <p data-testid="product-reference">
            {t('products.reference', { reference: product.reference })}
          </p>
        )}
        <CompletenessBadge />
        {!readOnly && (
          <PublishButton
            selection={() => ({ kind: 'products', uuids: [product.uuid] })}
            onDone={() => actor.send({ type: 'product.reload' })}
          />
        )}
      </header>
      <ProductNotices />
      <form
        className="seconde-product-layout"
        aria-labelledby="product-title"
        onSubmit={(e) => e.preventDefault()}
        noValidate
      >
        <div className="seconde-product-main">
          <DescriptionSection readOnly={locked} />
          <DetailsSection readOnly={locked} />
          <AttributeFields readOnly={locked} />
          <SaleSection readOnly={locked} />
          {!readOnly && <SaveBar />}
        </div>
        <div className="seconde-product-side">
          <ProductPhotos uuid={product.uuid} readOnly={readOnly} />
          <ProductActions />
        </div>
      </form>
      {!readOnly && (
        <ProductAnnouncementSection product={product.uuid} current={product.announcementUuid} />
      )}
      {!readOnly && <SaleBuyerSection product={product.uuid} sellOn={product.sellOn} />}
      {!readOnly && <ShipSection product={product.uuid} saleStatus={product.saleStatus} />}
      <ProductListings productUuid={product.uuid} />
    </section>
  );
}
