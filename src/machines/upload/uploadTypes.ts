import type { AnyActorRef } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

/** Where photos go: a deposit's photos (vendor or customer) or a product's. */
export type UploadDestination =
  | {
      readonly kind: 'deposit';
      readonly deposit: string;
      readonly uploadedFrom?: 'CUSTOMER' | 'VENDOR';
    }
  | { readonly kind: 'product'; readonly product: string };

/** A photo ready to send: resized in a worker, or the original when the browser could not. */
export interface PreparedPhoto {
  readonly image: Uint8Array;
  /** Empty when the original is sent: the server makes the thumbnails. */
  readonly image256: Uint8Array;
  readonly image32: Uint8Array;
  /** The 256 px thumbnail, shown in the list as soon as it exists. */
  readonly thumbnail: Blob | null;
  /** EXIF DateTimeOriginal, else the file's date (ms). */
  readonly takenAt: number;
}

export interface ResizeInput {
  readonly file: File;
  readonly maxSide: number;
}

export interface SendInput {
  readonly destination: UploadDestination;
  readonly name: string;
  readonly photo: PreparedPhoto;
  /** Chosen once per file and kept across retries: the server stores the photo once. */
  readonly uploadKey: string;
}

/** Why a photo was not stored: the server's image refusals, or the app error of the call. */
export type UploadErrorCode = 'notAnImage' | 'corrupt' | 'tooLarge' | AppErrorCode;

const BY_REASON: Readonly<Record<string, UploadErrorCode>> = {
  IMAGE_NOT_AN_IMAGE: 'notAnImage',
  IMAGE_CORRUPT: 'corrupt',
  IMAGE_TOO_LARGE: 'tooLarge',
};

/** A refusal decided in the browser, with the server's reason so both read the same. */
export class PhotoRefused extends Error {
  constructor(readonly reason: 'IMAGE_NOT_AN_IMAGE' | 'IMAGE_CORRUPT' | 'IMAGE_TOO_LARGE') {
    super(reason);
    this.name = 'PhotoRefused';
  }
}

export function uploadErrorOf(error: unknown): { code: UploadErrorCode; retryable: boolean } {
  if (error instanceof PhotoRefused) return { code: BY_REASON[error.reason]!, retryable: false };
  const appError = toAppError(error);
  const byReason = appError.reason ? BY_REASON[appError.reason] : undefined;
  return byReason
    ? { code: byReason, retryable: false }
    : { code: appError.code, retryable: appError.retryable };
}

/** Where one file stands, as the batch and the list see it. */
export type FileStatus =
  'queued' | 'resizing' | 'prepared' | 'uploading' | 'retrying' | 'done' | 'failed' | 'cancelled';

/** What a file's machine tells the batch on every change. */
export interface FileReport {
  readonly type: 'file.changed';
  readonly id: string;
  readonly status: FileStatus;
  readonly uuid: string | null;
}

export interface UploadFileInput {
  readonly id: string;
  readonly file: File;
  readonly destination: UploadDestination;
  readonly maxSide: number;
  readonly uploadKey: string;
  /** The batch to report to (none in the file machine's own tests). */
  readonly parent?: AnyActorRef;
}
