import { previewCustomerSheet, type CustomerPreview } from './customers.ts';
import { SheetFileError, type FileIssue } from './issues.ts';
import { previewProductSheet, type ProductPreview } from './products.ts';
import { readSheetFile } from './readSheet.ts';
import type { ProductReferenceData } from './references.ts';

/** What an import file is checked for: products (against the reference lists) or contacts. */
export type PreviewRequest =
  | {
      readonly kind: 'products';
      readonly references: ProductReferenceData;
      readonly existingReferences?: readonly string[];
    }
  | { readonly kind: 'customers' };

export type PreviewOutcome =
  | { readonly ok: true; readonly kind: 'products'; readonly preview: ProductPreview }
  | { readonly ok: true; readonly kind: 'customers'; readonly preview: CustomerPreview }
  | { readonly ok: false; readonly error: FileIssue };

/**
 * Reads and checks a whole import file: the one entry point of the browser's worker and of the
 * server, so both see the same rows, the same values and the same problems.
 */
export async function previewImportFile(
  bytes: Uint8Array,
  fileName: string,
  request: PreviewRequest,
): Promise<PreviewOutcome> {
  try {
    const { sheetName, records } = await readSheetFile(bytes, fileName);
    if (request.kind === 'customers')
      return { ok: true, kind: 'customers', preview: previewCustomerSheet(sheetName, records) };
    const preview = previewProductSheet(sheetName, records, request.references, {
      existingReferences: request.existingReferences ?? [],
    });
    return { ok: true, kind: 'products', preview };
  } catch (error) {
    if (error instanceof SheetFileError)
      return { ok: false, error: { code: error.code, params: error.params } };
    throw error;
  }
}
