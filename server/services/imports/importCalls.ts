import type { ServiceDeps } from '../deps.ts';
import { ProductService } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { CustomerService } from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { implement } from '../implement.ts';
import { customerImportHandlers } from './customerImport.ts';
import { productImportHandlers } from './productImport.ts';

/**
 * Spreadsheet imports: products into a deposit (ProductService.ImportSheetFile) and contacts
 * (CustomerService.ImportData). Both check the sheet with the browser's shared code, answer the
 * refused rows at once and write the rest in a background task whose runner registers here.
 */
export function importCallsHandlers(deps: ServiceDeps) {
  return [
    implement(ProductService, productImportHandlers(deps)),
    implement(CustomerService, customerImportHandlers(deps)),
  ] as const;
}
