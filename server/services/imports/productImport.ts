import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import { checkSaleStatusChange } from '../../../src/domain/deposit/rules.ts';
import { isDepositStatus } from '../../../src/domain/deposit/statuses.ts';
import { previewImportFile } from '../../../src/domain/sheetImport/previewFile.ts';
import type { ProductColumn, ProductRowValues } from '../../../src/domain/sheetImport/products.ts';
import { baseName } from '../../../src/domain/sheetImport/readSheet.ts';
import { acceptedRows } from '../../../src/domain/sheetImport/sheet.ts';
import { TaskName } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import {
  CreateDepositRequestSchema,
  DepositStatus,
} from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ImportSheetFileResponseSchema,
  type ImportSheetFileRequest,
  type ImportSheetFileResponse,
} from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { requireCaller } from '../../crud/crudService.ts';
import { fail } from '../../rpc/reasons.ts';
import { depositCallContext, type Row } from '../deposit/calls/common.ts';
import { createHandlers } from '../deposit/calls/create.ts';
import { enforce } from '../deposit/rules/ruleSql.ts';
import type { ServiceDeps } from '../deps.ts';
import { requireVendorOrStaff } from '../people/customerCalls.ts';
import { productImportRunner, type ProductImportPayload } from './productImportRunner.ts';
import {
  depositReferences,
  encodedRefusals,
  loadProductReferences,
  requireReadable,
  requireRows,
} from './sheetChecks.ts';

/** The name of a deposit made from a sheet with no name of its own. */
const FALLBACK_DEPOSIT_NAME = 'Import';

/**
 * ProductService.ImportSheetFile: the file is read and checked again here with the browser's
 * code (the preview is never trusted), refused whole when no row can go in, then the products
 * are created by a TASK_NAME_IMPORT_SHEET_FILE task. Without a deposit, one is created for the
 * vendor, named after the sheet (DEPOSIT_NAME_EXISTS when the vendor already has that name).
 */
export function productImportHandlers(deps: ServiceDeps) {
  const { db, clock, tasks } = deps;
  const context = depositCallContext(deps);
  const deposits = createHandlers(context);
  tasks.register(TaskName.IMPORT_SHEET_FILE, productImportRunner(db, clock), { idempotent: true });

  /** The deposit named by the request, which the caller must be allowed to fill. */
  async function targetDeposit(uuid: string, ctx: HandlerContext): Promise<Row> {
    const deposit = await context.depositFor(db, uuid, requireCaller(ctx), 'write');
    if (isDepositStatus(deposit.status))
      enforce(checkSaleStatusChange({ depositStatus: deposit.status, to: 'OFFLINE' }));
    return deposit;
  }

  async function importSheetFile(
    req: ImportSheetFileRequest,
    ctx: HandlerContext,
  ): Promise<ImportSheetFileResponse> {
    const caller = requireCaller(ctx);
    requireVendorOrStaff(caller, 'import products');
    const target = req.deposit ? await targetDeposit(req.deposit, ctx) : null;
    const vendorUuid = target ? (target.vendor as string | null) : caller.vendorUuid;
    if (!vendorUuid)
      throw fail(
        Code.InvalidArgument,
        'INVALID_ARGUMENT',
        target ? 'This deposit has no vendor to import for' : 'Name the deposit to import into',
      );

    const outcome = await previewImportFile(req.file, req.fileName, {
      kind: 'products',
      references: await loadProductReferences(db),
      existingReferences: target ? await depositReferences(db, String(target.uuid)) : [],
    });
    const preview = requireReadable<ProductColumn, ProductRowValues>(outcome, 'products');
    const errors = encodedRefusals(preview);
    const rows = acceptedRows(preview);
    requireRows(rows.length, errors);

    let deposit = target ? String(target.uuid) : '';
    if (!target) {
      const name = preview.sheetName || baseName(req.fileName) || FALLBACK_DEPOSIT_NAME;
      const created = await deposits.create(
        create(CreateDepositRequestSchema, {
          deposit: {
            name,
            isImported: true,
            // The items are in the vendor's hands: the deposit starts at its first required step.
            status: DepositStatus.RECEIVED,
            productNumber: rows.length,
          },
        }),
        ctx,
      );
      deposit = created.uuid;
    }
    const payload: ProductImportPayload = { deposit, rows };
    try {
      const backgroundTask = await tasks.enqueue({
        name: TaskName.IMPORT_SHEET_FILE,
        vendorUuid,
        label: req.fileName || preview.sheetName,
        payload: { ...payload },
        totalItems: rows.length,
        requestedBy: caller.sub,
      });
      return create(ImportSheetFileResponseSchema, {
        createdCount: rows.length,
        errors,
        backgroundTask,
        deposit,
      });
    } catch (error) {
      // The deposit made for this sheet is empty: it goes with the import that could not start.
      if (!target) await sql`delete from deposit where uuid = ${deposit}`.execute(db);
      throw error;
    }
  }

  return { importSheetFile };
}
