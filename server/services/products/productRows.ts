import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { mapDatabaseErrors, requireCaller, requireInScope } from '../../crud/crudService.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Schema } from '../../crud/tableInfo.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { ProductImageSchema } from '../../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import { ProductSchema, type Product } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { lazySchema, tableColumns } from '../deposit/rules/ruleSql.ts';

export type Row = Record<string, unknown>;

/** What the product calls share: the database, the clock and the row-to-message mapping. */
export interface ProductContext {
  readonly db: Kysely<Database>;
  readonly clock: () => Date;
  readonly schema: () => Promise<Schema>;
  /** The product as a message, its images (in order) included. */
  toProduct(executor: Kysely<Database>, uuid: string): Promise<Product>;
  /**
   * Runs a write in one transaction, database errors mapped. The schema is read first, outside:
   * the embedded database has one connection, which the transaction holds.
   */
  write<T>(run: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /** Refuses a new product past the caller's plan limit (PRODUCT_LIMIT_REACHED), inside `trx`. */
  requireRoom(trx: Kysely<Database>, caller: Caller): Promise<void>;
}

export function productContext(
  db: Kysely<Database>,
  clock: () => Date,
  requireRoom: ProductContext['requireRoom'] = async () => {},
): ProductContext {
  const schema = lazySchema(db);
  return {
    db,
    clock,
    schema,
    requireRoom,
    async write(run) {
      await schema();
      return mapDatabaseErrors(() => db.transaction().execute(run));
    },
    async toProduct(executor, uuid) {
      const s = await schema();
      const { rows } = await sql<Row>`select * from product where uuid = ${uuid}`.execute(executor);
      if (!rows[0]) throw fail(Code.NotFound, 'NOT_FOUND', 'Product not found');
      const product = rowToMessage(ProductSchema, tableColumns(s, 'product'), rows[0]);
      const { rows: images } = await sql<Row>`
        select * from product_image where product = ${uuid} order by "order", created_at`.execute(
        executor,
      );
      product.images = images.map((i) =>
        rowToMessage(ProductImageSchema, tableColumns(s, 'product_image'), i),
      );
      return product;
    },
  };
}

/** The caller, who may write inventory (vendors and staff; customers only read theirs). */
export function requireInventoryWriter(ctx: HandlerContext): Caller {
  const caller = requireCaller(ctx);
  if (!caller.isAdminLevel && !caller.vendorUuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Customers cannot edit inventory');
  return caller;
}

/** A row the caller may read or write (optionally locked), or the FORBIDDEN / NOT_FOUND refusal. */
export async function rowInScope(
  executor: Kysely<Database>,
  table: 'product' | 'deposit',
  uuid: string,
  caller: Caller,
  mode: 'read' | 'write',
  lock?: 'for update' | 'for share',
): Promise<Row> {
  const name = table === 'product' ? 'Product' : 'Deposit';
  return requireInScope(executor, table, uuid, caller, mode, name, lock);
}

/** The public address of a stored image key (keys are served under /media/). */
export function mediaUrl(image: unknown): string {
  const key = typeof image === 'string' ? image : '';
  if (key === '' || /^(https?:)?\//.test(key)) return key;
  return `/media/${key}`;
}
