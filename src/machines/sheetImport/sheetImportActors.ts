import { ConnectError } from '@connectrpc/connect';
import { fromPromise } from 'xstate';
import { sheetRefusalErrors } from '../../domain/sheetImport/issues.ts';
import type { PreviewOutcome } from '../../domain/sheetImport/previewFile.ts';
import { MAX_SHEET_BYTES } from '../../domain/sheetImport/limits.ts';
import type { ProductReferenceData } from '../../domain/sheetImport/references.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { toAppError } from '../../rpc/errors.ts';
import { BrandService } from '../../rpc/gen/seconde/v1/brand_pb.ts';
import { CategoryService } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { ColorService } from '../../rpc/gen/seconde/v1/color_pb.ts';
import { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { ProductService } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { ProductSizeService } from '../../rpc/gen/seconde/v1/product_size_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import {
  sheetImportBridge,
  type SheetImportBridge,
} from '../../workers/sheetImport/sheetImport.client.ts';
import { sheetImportMachine } from './sheetImportMachine.ts';
import { SheetImportFailure, type ImportJob, type SubmitResult } from './sheetImportTypes.ts';

/** Page sizes of the reference lists (2-business-data.md §9; brands and colours alike). */
export const REFERENCE_PAGE_SIZES = { categories: 5000, sizes: 700, brands: 5000, colors: 5000 };

/** Every page of a list, for lists that may outgrow one page. */
async function listAll<T>(
  pageSize: number,
  page: (pagination: {
    page: number;
    pageSize: number;
  }) => Promise<{ results: T[]; count: number }>,
): Promise<T[]> {
  const all: T[] = [];
  for (let n = 1; ; n++) {
    const { results, count } = await page({ page: n, pageSize });
    all.push(...results);
    if (results.length < pageSize || all.length >= count) return all;
  }
}

/** The lists a product sheet is checked against, through the ordinary list calls. */
export async function loadReferences(
  clients: ClientFactory,
  signal?: AbortSignal,
): Promise<ProductReferenceData> {
  const options = { signal };
  const [categories, brands, sizes, colors] = await Promise.all([
    listAll(REFERENCE_PAGE_SIZES.categories, (pagination) =>
      clients.get(CategoryService).list({ pagination }, options),
    ),
    listAll(REFERENCE_PAGE_SIZES.brands, (pagination) =>
      clients.get(BrandService).list({ pagination }, options),
    ),
    listAll(REFERENCE_PAGE_SIZES.sizes, (pagination) =>
      clients.get(ProductSizeService).list({ pagination }, options),
    ),
    listAll(REFERENCE_PAGE_SIZES.colors, (pagination) =>
      clients.get(ColorService).list({ pagination }, options),
    ),
  ]);
  return {
    categories: categories
      .filter((c) => c.active)
      .map(({ uuid, name, nameSingular, identifier, productSizeGroup, order }) => ({
        uuid,
        name,
        nameSingular,
        identifier,
        productSizeGroup,
        order,
      })),
    brands: brands.map(({ uuid, name, slug }) => ({ uuid, name, slug })),
    sizes: sizes.map(({ uuid, title, sizeGroups, order }) => ({ uuid, title, sizeGroups, order })),
    colors: colors.map(({ uuid, title, code }) => ({ uuid, title, code })),
  };
}

/** The references a deposit already holds, so the preview refuses them as the server will. */
async function depositReferences(
  clients: ClientFactory,
  deposit: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const products = await listAll(5000, (pagination) =>
    clients
      .get(ProductService)
      .list({ pagination, ordering: 'created_at' }, withFilters({ deposit }, { signal })),
  );
  return products.map((p) => p.reference).filter(Boolean);
}

/** Calls the import and keeps what a SHEET_INVALID refusal says about each row. */
async function sendImport(run: () => Promise<SubmitResult>): Promise<SubmitResult> {
  try {
    return await run();
  } catch (error) {
    const issues = sheetRefusalErrors(ConnectError.from(error).rawMessage);
    throw new SheetImportFailure(toAppError(error), issues);
  }
}

/**
 * The import dialog's machine with its real actors: the reference lists once per dialog (kept
 * for the next file), the sheet checked in the worker, the file sent to ImportSheetFile or
 * ImportData.
 */
export function sheetImportLogic(
  clients: ClientFactory,
  bridge: SheetImportBridge = sheetImportBridge(),
) {
  let references: Promise<ProductReferenceData> | null = null;
  const referencesOnce = (signal: AbortSignal) => {
    references ??= loadReferences(clients, signal).catch((error: unknown) => {
      references = null;
      throw error;
    });
    return references;
  };

  return sheetImportMachine.provide({
    actors: {
      previewFile: fromPromise<PreviewOutcome, ImportJob>(async ({ input, signal }) => {
        const { file, target } = input;
        if (file.size > MAX_SHEET_BYTES)
          return {
            ok: false,
            error: { code: 'fileTooLarge', params: { maxMb: MAX_SHEET_BYTES / 1024 / 1024 } },
          };
        const request =
          target.kind === 'customers'
            ? ({ kind: 'customers' } as const)
            : {
                kind: 'products' as const,
                references: await referencesOnce(signal),
                existingReferences: target.deposit
                  ? await depositReferences(clients, target.deposit, signal)
                  : [],
              };
        const bytes = await file.arrayBuffer();
        return bridge.preview({ bytes, fileName: file.name, request }, signal);
      }),

      submitImport: fromPromise<SubmitResult, ImportJob>(async ({ input, signal }) => {
        const { file, target } = input;
        const bytes = new Uint8Array(await file.arrayBuffer());
        return sendImport(async () => {
          if (target.kind === 'products') {
            const answer = await clients
              .get(ProductService)
              .importSheetFile(
                { deposit: target.deposit, file: bytes, fileName: file.name },
                { signal },
              );
            return {
              taskUuid: answer.backgroundTask?.uuid ?? '',
              deposit: answer.deposit,
              errors: answer.errors,
              count: answer.createdCount,
            };
          }
          const answer = await clients
            .get(CustomerService)
            .importData({ vendor: target.vendor, file: bytes, fileName: file.name }, { signal });
          return {
            taskUuid: answer.backgroundTask?.uuid ?? '',
            deposit: '',
            errors: answer.errors,
            count: answer.createdCount + answer.updatedCount,
          };
        });
      }),
    },
  });
}
