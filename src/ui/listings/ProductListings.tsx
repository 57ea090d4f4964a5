import './listings.css';
import { Button, Callout, H2, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { callErrorKey } from '../../machines/connectors/connectorReasons.ts';
import { selectViewerIsCustomer } from '../../machines/deposit/viewer.ts';
import { listingsLogic } from '../../machines/listings/listingsLogic.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { selectProduct } from '../../machines/product/productSelectors.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { useProduct, useProductActor } from '../products/productContext.ts';
import { ListingList, PublishErrors } from './ListingList.tsx';
import { ListingTimeline } from './ListingTimeline.tsx';
import { ReservationBanner } from './ReservationBanner.tsx';
import { ListingsContext, useListings, useListingsActor } from './listingsContext.ts';

/** A refused action with its reason, and what went well last (the section's live region). */
function ListingsFeedback() {
  const { t } = useTranslation();
  const actor = useListingsActor();
  const refused = useListings((s) => s.matches('refused'));
  const errorKey = useListings((s) => callErrorKey(s.context.error));
  const notice = useListings((s) => s.context.notice);
  return (
    <>
      {refused && errorKey && (
        <Callout
          intent={Intent.DANGER}
          title={t('listings.refusedTitle')}
          role="alert"
          data-testid="listing-refused"
        >
          <p>{t(errorKey)}</p>
          <Button
            variant="minimal"
            text={t('listings.dismiss')}
            onClick={() => actor.send({ type: 'listings.dismiss' })}
          />
        </Callout>
      )}
      <p role="status" data-testid="listing-notice">
        {notice && t(labelKey('listings.notice', notice))}
      </p>
    </>
  );
}

function ListingsBody() {
  const { t } = useTranslation();
  const actor = useListingsActor();
  const productActor = useProductActor();
  const product = useProduct(selectProduct);
  const firstLoad = useListings(
    (s) => s.matches('loading') && s.context.listings.length === 0 && !s.context.reservation,
  );
  const failed = useListings((s) => s.matches('failed'));
  const errorKey = useListings((s) => callErrorKey(s.context.error));

  // A sale, a release or a withdrawal changes the product itself (status, price): reload it.
  useEffect(() => {
    const subscription = actor.on('listings.productChanged', () =>
      productActor.send({ type: 'product.reload' }),
    );
    return () => subscription.unsubscribe();
  }, [actor, productActor]);

  if (firstLoad) return <Spinner size={20} aria-label={t('listings.loading')} />;
  if (failed)
    return (
      <Callout
        intent={Intent.DANGER}
        title={t('listings.failedTitle')}
        data-testid="listings-failed"
      >
        {errorKey && <p>{t(errorKey)}</p>}
        <Button
          icon="refresh"
          text={t('listings.retry')}
          onClick={() => actor.send({ type: 'listings.retry' })}
        />
      </Callout>
    );
  return (
    <>
      <ReservationBanner suggestedPrice={product?.suggestedPrice} />
      <ListingsFeedback />
      <PublishErrors productError={product?.publishError ?? ''} />
      <ListingList />
      <ListingTimeline />
    </>
  );
}

/**
 * The product page's channels section: links and statuses per channel, publishing errors, the
 * timeline and the storefront reservation to answer. Inventory staff and vendors only.
 */
export function ProductListings({ productUuid }: { productUuid: string }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const isCustomer = useSession(selectViewerIsCustomer);
  const logic = useMemo(() => listingsLogic(clients), [clients]);
  if (isCustomer) return null;
  return (
    <section
      className="seconde-listings"
      aria-labelledby="listings-title"
      data-testid="product-listings"
    >
      <H2 id="listings-title">{t('listings.title')}</H2>
      <ListingsContext.Provider
        key={productUuid}
        logic={logic}
        options={{ input: { product: productUuid } }}
      >
        <ListingsBody />
      </ListingsContext.Provider>
    </section>
  );
}
