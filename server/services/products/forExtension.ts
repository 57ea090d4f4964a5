import { create } from '@bufbuild/protobuf';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql } from 'kysely';
import {
  ProductForExtensionSchema,
  ProductService,
  type RetrieveProductForExtensionRequest,
} from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { mediaUrl, requireInventoryWriter, rowInScope } from './productRows.ts';

/** The version of ProductForExtension this server answers (docs/contracts.md). */
export const EXTENSION_SHAPE_VERSION = 1;

/**
 * One item in the shape the browser extension fills a marketplace's listing form with, scoped like
 * Retrieve for a vendor (their own items); names of brand, size, colours and category, not uuids.
 */
export function productForExtensionHandlers(deps: ServiceDeps) {
  const { db } = deps;
  const absolute = (image: unknown) => {
    const path = mediaUrl(image);
    return path === '' || /^https?:/i.test(path)
      ? path
      : `${deps.publicUrl().replace(/\/$/, '')}${path}`;
  };
  return [
    implement(ProductService, {
      retrieveForExtension: async (
        req: RetrieveProductForExtensionRequest,
        ctx: HandlerContext,
      ) => {
        const caller = requireInventoryWriter(ctx);
        if (!req.uuid)
          throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'uuid names no product');
        const product = await rowInScope(db, 'product', req.uuid, caller, 'read');
        const { rows } = await sql<{
          brand: string | null;
          size: string | null;
          category: string | null;
          colors: string[] | null;
        }>`
          select coalesce(b.name, p.manual_brand) as brand, s.title as size,
            coalesce(c.name_singular, c.name) as category,
            (select array_agg(co.title order by co."order", co.title) from color co
              where co.uuid = any(p.colors)) as colors
          from product p
          left join brand b on b.uuid = p.brand
          left join product_size s on s.uuid = p.product_size
          left join category c on c.uuid = p.category
          where p.uuid = ${req.uuid}`.execute(db);
        const names = rows[0]!;
        const { rows: images } = await sql<{ image: string | null }>`
          select image from product_image where product = ${req.uuid} and image is not null
          order by "order", created_at`.execute(db);
        const photos = images.length ? images.map((i) => i.image) : [product.main_image_url];
        const price = Number(product.suggested_price ?? 0);
        return create(ProductForExtensionSchema, {
          version: EXTENSION_SHAPE_VERSION,
          uuid: String(product.uuid),
          reference: String(product.reference ?? ''),
          title: String(product.marketplace_title || product.name || ''),
          description: String(product.description ?? ''),
          priceCents: BigInt(Math.round(price * 100)),
          brand: names.brand ?? '',
          size: names.size ?? '',
          colors: names.colors ?? [],
          category: names.category ?? '',
          condition: String(product.quality ?? ''),
          photoUrls: photos.map(absolute).filter(Boolean),
          measurementWidth: (product.measurement_width as number | null) ?? undefined,
          measurementLength: (product.measurement_length as number | null) ?? undefined,
          marketplaceListingId: String(product.resale_marketplace_id ?? ''),
        });
      },
    }),
  ] as const;
}
