import type { ServiceDeps, ServiceHandlers } from '../deps.ts';
import { fromPhotosHandlers } from './fromPhotos.ts';
import { generationHandlers } from './generation.ts';
import { lifecycleHandlers } from './lifecycle.ts';
import { productContext } from './productRows.ts';

/**
 * Product calls beyond the generic ones: products from photos, clusters, destroy, duplicate,
 * transfer, generation. Create, Update and PartialUpdate stay with the deposit rule engine
 * (server/services/deposit/depositRules.ts), which calls this area's write rules.
 */
export function productCallsHandlers(deps: ServiceDeps): ServiceHandlers {
  const context = productContext(deps.db, deps.clock);
  const { updateClusterImages, ...fromPhotos } = fromPhotosHandlers(context);
  return {
    'seconde.v1.ProductService': {
      ...fromPhotos,
      ...lifecycleHandlers(context),
      ...generationHandlers(context, deps.settings, deps.marketplaceApiUrl),
    },
    'seconde.v1.DepositService': { updateClusterImages },
  };
}
