/** Where uploaded photos go: a deposit's photos (from the vendor or the customer) or a product's. */
export type UploadTarget =
  | {
      readonly kind: 'deposit';
      readonly deposit: string;
      readonly uploadedFrom?: 'CUSTOMER' | 'VENDOR';
    }
  | { readonly kind: 'product'; readonly product: string };

export interface UploadZoneProps {
  readonly target: UploadTarget;
  /** Called once per photo stored by the server, with its uuid. */
  readonly onUploaded?: (uuid: string) => void;
  readonly disabled?: boolean;
}

/**
 * The one upload component (file picker, drag and drop, phone camera): validates, resizes in the
 * image workers and uploads through the upload machine. Placeholder until the upload work lands.
 */
export function UploadZone(_props: UploadZoneProps) {
  return null;
}
