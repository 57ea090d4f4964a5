import './announcements.css';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import {
  listingKitLogic,
  productTextLogic,
} from '../../machines/announcements/productAnnouncementLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useProductActor } from '../products/productContext.ts';
import { ListingKitCard } from './ListingKitCard.tsx';
import { ProductTextCard } from './ProductTextCard.tsx';

export interface ProductAnnouncementSectionProps {
  readonly product: string;
  /** The announcement the product's text was last written from. */
  readonly current: string;
}

/**
 * A product's announcement and its listing kit: the text written and saved in one card, the kit
 * built from it in the other; the kit follows every saved text.
 */
export function ProductAnnouncementSection({ product, current }: ProductAnnouncementSectionProps) {
  const { clients } = useAppServices();
  const productActor = useProductActor();
  const textLogic = useMemo(() => productTextLogic(clients), [clients]);
  const kitLogic = useMemo(() => listingKitLogic(clients), [clients]);
  const text = useActorRef(textLogic, { input: { product, current } });
  const kit = useActorRef(kitLogic, { input: { product } });

  useEffect(() => {
    const saved = text.on('productText.saved', (e) =>
      kit.send({ type: 'kit.reload', announcement: e.announcement }),
    );
    // A recorded listing changed the product (marketplace title, links, status): it is read
    // again, unless the form holds unsaved edits, which a reload would throw away.
    const recorded = kit.on('kit.recorded', () => {
      if (!productActor.getSnapshot().can({ type: 'product.save' }))
        productActor.send({ type: 'product.reload' });
    });
    return () => {
      saved.unsubscribe();
      recorded.unsubscribe();
    };
  }, [text, kit, productActor]);

  return (
    <div className="seconde-product-announcement" data-testid="product-announcement">
      <ProductTextCard actor={text} />
      <ListingKitCard actor={kit} />
    </div>
  );
}
