/**
 * Which dropped or picked files the upload takes (1-app-shell.md §5): an image by its type or,
 * when the browser gives no type (HEIC on most desktops), by its extension. The message is a
 * translation key with its values, so the view shows the spec's exact text in either language.
 */
export const IMAGE_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'svg',
  'heic',
  'heif',
  'tiff',
  'tif',
  'ico',
] as const;

/** Photos above this size are refused in the browser, before any work: the server's own limit. */
export const MAX_PHOTO_MB = 30;

/** The file picker's `accept`: every image type, plus the extensions browsers may not map. */
export const ACCEPT_ATTRIBUTE = ['image/*', ...IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** What acceptFiles needs of a file (a File, or anything shaped like one in tests). */
export interface NamedFile {
  readonly name: string;
  readonly type: string;
}

export type AcceptMessage =
  | { readonly level: 'error'; readonly key: 'upload.notAnImage'; readonly filename: string }
  | { readonly level: 'error'; readonly key: 'upload.noImages' }
  | {
      readonly level: 'warning';
      readonly key: 'upload.someIgnored';
      readonly count: number;
      readonly validCount: number;
    };

export interface Accepted<F extends NamedFile> {
  readonly accepted: readonly F[];
  readonly rejected: readonly F[];
  /** Null when every file is an image (or none was given). */
  readonly message: AcceptMessage | null;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isImageFile(file: NamedFile): boolean {
  return (
    file.type.toLowerCase().startsWith('image/') ||
    (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))
  );
}

/** Splits `files` into images and the rest, with the one message §5 asks for. */
export function acceptFiles<F extends NamedFile>(files: readonly F[]): Accepted<F> {
  const accepted = files.filter(isImageFile);
  const rejected = files.filter((f) => !isImageFile(f));
  const message: AcceptMessage | null =
    rejected.length === 0
      ? null
      : files.length === 1
        ? { level: 'error', key: 'upload.notAnImage', filename: rejected[0]!.name }
        : accepted.length === 0
          ? { level: 'error', key: 'upload.noImages' }
          : {
              level: 'warning',
              key: 'upload.someIgnored',
              count: rejected.length,
              validCount: accepted.length,
            };
  return { accepted, rejected, message };
}
