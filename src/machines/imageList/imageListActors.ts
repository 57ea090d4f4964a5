import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  DepositImageService,
  type DepositImage,
} from '../../rpc/gen/seconde/v1/deposit_image_pb.ts';
import {
  ProductImageService,
  type ProductImage,
} from '../../rpc/gen/seconde/v1/product_image_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { toMs } from '../people/labels.ts';
import type { ImageItem, ImageListOwner } from './imageItem.ts';
import {
  imageListMachine,
  type DeleteInput,
  type MoveInput,
  type ReorderInput,
} from './imageListMachine.ts';
import { rotateMachine, type RotateAnswer, type RotateRequest } from './rotateMachine.ts';

/** Photos per list: a deposit of a few hundred photos loads in one call. */
export const IMAGE_LIST_LIMIT = 500;

export const depositImageItem = (image: DepositImage): ImageItem => ({
  uuid: image.uuid,
  image: image.image,
  image256: image.image256,
  order: image.order,
  rotation: image.rotation,
  cluster: image.cluster,
  takenAt: toMs(image.takenAt) ?? toMs(image.createdAt) ?? 0,
});

export const productImageItem = (image: ProductImage): ImageItem => ({
  uuid: image.uuid,
  image: image.image,
  image256: image.image256,
  order: image.order,
  rotation: image.rotation,
  cluster: 0,
  takenAt: toMs(image.createdAt) ?? 0,
});

const byOrder = (a: ImageItem, b: ImageItem) => a.order - b.order;
const page = { page: 1, pageSize: IMAGE_LIST_LIMIT };

/** The photo calls of both kinds of list, behind one shape. */
export function imageCalls(clients: ClientFactory) {
  const deposits = clients.get(DepositImageService);
  const products = clients.get(ProductImageService);

  async function load(owner: ImageListOwner, signal?: AbortSignal): Promise<ImageItem[]> {
    if (owner.kind === 'deposit') {
      const answer = await deposits.list(
        { pagination: page, ordering: 'order', deposit: owner.uuid },
        withFilters({ deposit: owner.uuid }, { signal }),
      );
      return answer.results.map(depositImageItem).sort(byOrder);
    }
    const answer = await products.list(
      { pagination: page, ordering: 'order', product: owner.uuid },
      withFilters({ product: owner.uuid }, { signal }),
    );
    return answer.results.map(productImageItem).sort(byOrder);
  }

  async function reorder({ owner, uuids }: ReorderInput, signal?: AbortSignal) {
    if (owner.kind === 'deposit') {
      const answer = await deposits.reorder({ deposit: owner.uuid, uuids: [...uuids] }, { signal });
      return answer.results.map(depositImageItem).sort(byOrder);
    }
    const answer = await products.reorder({ product: owner.uuid, uuids: [...uuids] }, { signal });
    return answer.results.map(productImageItem).sort(byOrder);
  }

  async function destroy({ owner, uuid }: DeleteInput, signal?: AbortSignal): Promise<void> {
    if (owner.kind === 'deposit') await deposits.destroy({ uuid }, { signal });
    else await products.destroy({ uuid }, { signal });
  }

  /**
   * A deposit photo goes onto a product without a new upload; a product photo changes product
   * (its record is read first, since an update saves the whole photo with its row version).
   */
  async function move({ from, uuid, to }: MoveInput, signal?: AbortSignal): Promise<void> {
    if (to.kind !== 'product') throw new Error('Photos only move onto a product');
    if (from.kind === 'deposit') {
      await products.createFromDepositImage({ product: to.uuid, depositImage: uuid }, { signal });
      return;
    }
    const answer = await products.list(
      { pagination: page, ordering: 'order', product: from.uuid },
      withFilters({ product: from.uuid }, { signal }),
    );
    const image = answer.results.find((candidate) => candidate.uuid === uuid);
    if (!image) throw new Error('The photo is no longer on this product');
    await products.update({ productImage: { ...image, product: to.uuid } }, { signal });
  }

  async function rotate(
    kind: ImageListOwner['kind'],
    request: RotateRequest,
    signal?: AbortSignal,
  ): Promise<RotateAnswer> {
    const client = kind === 'deposit' ? deposits : products;
    const answer = await client.rotate(request, { signal });
    if (!answer.success) throw new Error('The rotation was not stored');
    return { success: answer.success, newRotation: answer.newRotation };
  }

  return { load, reorder, destroy, move, rotate };
}

/** The list machine over the real calls, built once per page load by the list view. */
export function imageListLogic(clients: ClientFactory) {
  const calls = imageCalls(clients);
  return imageListMachine.provide({
    actors: {
      loadImages: fromPromise(({ input, signal }) => calls.load(input.owner, signal)),
      reorderImages: fromPromise(({ input, signal }) => calls.reorder(input, signal)),
      deleteImage: fromPromise(({ input, signal }) => calls.destroy(input, signal)),
      moveImage: fromPromise(({ input, signal }) => calls.move(input, signal)),
    },
  });
}

/** A tile's rotation over the call of its kind of photo. */
export function rotateLogic(clients: ClientFactory, kind: ImageListOwner['kind']) {
  const calls = imageCalls(clients);
  return rotateMachine.provide({
    actors: {
      rotateImage: fromPromise(({ input, signal }) => calls.rotate(kind, input, signal)),
    },
  });
}

export type ImageListLogic = ReturnType<typeof imageListLogic>;
export type RotateLogic = ReturnType<typeof rotateLogic>;
