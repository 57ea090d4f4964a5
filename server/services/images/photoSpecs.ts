import type { DescMessage } from '@bufbuild/protobuf';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { DepositImageSchema } from '../../../src/rpc/gen/seconde/v1/deposit_image_pb.ts';
import { ProductImageSchema } from '../../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import type { Caller } from '../../rpc/caller.ts';
import { lockDeposit, lockProduct, type ImageAction } from './imageAccess.ts';
import { refreshMainImage, type PhotoList } from './imageList.ts';

type Row = Record<string, unknown>;

/** What differs between deposit photos and product photos; the calls are written once. */
export interface PhotoSpec extends PhotoList {
  readonly resource: DescMessage;
  /** Product photos have a 32 px thumbnail. */
  readonly has32: boolean;
  /** Locks the list's owner when the caller may act on it; refuses otherwise. */
  lockOwner(trx: Kysely<Database>, caller: Caller, uuid: string, action: ImageAction): Promise<Row>;
  /** Customers change only the photos they added themselves. */
  mayEdit(caller: Caller, photo: Row): boolean;
  /** After the list changed (in the same transaction): keeps the owner's summary in step. */
  afterChange(executor: Kysely<Database>, owner: string): Promise<void>;
}

const isStaffOrVendor = (caller: Caller) => caller.isAdminLevel || caller.vendorUuid !== null;

export const DEPOSIT_PHOTOS: PhotoSpec = {
  table: 'deposit_image',
  owner: 'deposit',
  resource: DepositImageSchema,
  has32: false,
  lockOwner: lockDeposit,
  mayEdit: (caller, photo) => isStaffOrVendor(caller) || photo.uploaded_from === 'CUSTOMER',
  afterChange: async () => {},
};

export const PRODUCT_PHOTOS: PhotoSpec = {
  table: 'product_image',
  owner: 'product',
  resource: ProductImageSchema,
  has32: true,
  lockOwner: (trx, caller, uuid) => lockProduct(trx, caller, uuid),
  mayEdit: isStaffOrVendor,
  afterChange: refreshMainImage,
};
