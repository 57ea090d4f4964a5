import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { DepositImageService, UploadedFrom } from '../../rpc/gen/seconde/v1/deposit_image_pb.ts';
import { ProductImageService } from '../../rpc/gen/seconde/v1/product_image_pb.ts';
import {
  createImageClient,
  type ImageClient,
  type IntakeResult,
} from '../../workers/image/image.client.ts';
import { uploadFileMachine } from './uploadFileMachine.ts';
import { uploadMachine, type UploadInput } from './uploadMachine.ts';
import {
  PhotoRefused,
  type PreparedPhoto,
  type ResizeInput,
  type SendInput,
  type UploadDestination,
} from './uploadTypes.ts';

export interface UploadDeps {
  readonly clients: ClientFactory;
  /** The image worker pool; the page's shared one by default. */
  readonly images?: ImageClient;
}

let shared: ImageClient | null = null;
/** One pool for the page: its workers start on the first photo and stop when idle. */
const sharedImages = () => (shared ??= createImageClient());

const EMPTY = new Uint8Array(0);

/** The worker's answer as the upload sends it, thumbnails included when the browser made them. */
export function toPreparedPhoto(result: IntakeResult, file: File): PreparedPhoto {
  if (result.kind === 'refused') throw new PhotoRefused(result.reason);
  const takenAt = result.takenAt ?? file.lastModified;
  if (result.kind === 'original')
    return {
      image: new Uint8Array(result.image),
      image256: EMPTY,
      image32: EMPTY,
      thumbnail: null,
      takenAt,
    };
  return {
    image: new Uint8Array(result.image),
    image256: new Uint8Array(result.image256),
    image32: new Uint8Array(result.image32),
    thumbnail: new Blob([result.image256], { type: result.type }),
    takenAt,
  };
}

/** The file machine's real actors: the worker pool resizes, the photo services store. */
export function createUploadActors(deps: UploadDeps) {
  const images = deps.images ?? sharedImages();
  const depositImages = deps.clients.get(DepositImageService);
  const productImages = deps.clients.get(ProductImageService);
  return {
    resizePhoto: fromPromise<PreparedPhoto, ResizeInput>(async ({ input, signal }) =>
      toPreparedPhoto(
        await images.process(input.file, { maxSide: input.maxSide }, signal),
        input.file,
      ),
    ),
    sendPhoto: fromPromise<string, SendInput>(async ({ input, signal }) => {
      const { destination, photo, uploadKey, name } = input;
      const content = {
        imageContent: photo.image,
        image256Content: photo.image256,
        image32Content: photo.image32,
        uploadKey,
      };
      const takenAt = timestampFromMs(photo.takenAt);
      const stored =
        destination.kind === 'deposit'
          ? await depositImages.create(
              {
                depositImage: {
                  deposit: destination.deposit,
                  originalName: name,
                  uploadedFrom:
                    destination.uploadedFrom === 'CUSTOMER'
                      ? UploadedFrom.CUSTOMER
                      : UploadedFrom.VENDOR,
                  takenAt,
                },
                ...content,
              },
              { signal },
            )
          : await productImages.create(
              { productImage: { product: destination.product }, ...content },
              { signal },
            );
      return stored.uuid;
    }),
  };
}

/** The upload machine with its real actors, and the input for a zone's destination. */
export function uploadService(deps: UploadDeps) {
  const images = deps.images ?? sharedImages();
  const logic = uploadMachine.provide({
    actors: {
      uploadFile: uploadFileMachine.provide({ actors: createUploadActors({ ...deps, images }) }),
    },
  });
  const input = (destination: UploadDestination, maxSide = 1080): UploadInput => ({
    destination,
    maxSide,
    resizeSlots: images.size,
  });
  return { logic, input };
}

export type UploadService = ReturnType<typeof uploadService>;
