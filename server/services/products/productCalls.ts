import type { ServiceDeps } from '../deps.ts';
import { ProductService } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { DepositService } from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { implement } from '../implement.ts';
import { requireProductRoom } from '../billing/productLimit.ts';
import { fromPhotosHandlers } from './fromPhotos.ts';
import { generationHandlers } from './generation.ts';
import { lifecycleHandlers } from './lifecycle.ts';
import { productContext } from './productRows.ts';

/**
 * Product calls beyond the generic ones: products from photos, clusters, destroy, duplicate,
 * transfer, generation. Create, Update and PartialUpdate stay with the deposit rule engine
 * (server/services/deposit/depositRules.ts), which calls this area's write rules.
 */
export function productCallsHandlers(deps: ServiceDeps) {
  const context = productContext(deps.db, deps.clock, (trx, caller) =>
    requireProductRoom(trx, deps.billing, caller),
  );
  const { updateClusterImages, ...fromPhotos } = fromPhotosHandlers(context);
  return [
    implement(ProductService, {
      ...fromPhotos,
      ...lifecycleHandlers(context),
      ...generationHandlers(context, deps.settings, deps.marketplaceApiUrl),
    }),
    implement(DepositService, { updateClusterImages }),
  ] as const;
}
