import type { ServiceDeps, ServiceHandlers } from '../deps.ts';
import { customerImportHandlers } from './customerImport.ts';
import { productImportHandlers } from './productImport.ts';

/**
 * Spreadsheet imports: products into a deposit (ProductService.ImportSheetFile) and contacts
 * (CustomerService.ImportData). Both check the sheet with the browser's shared code, answer the
 * refused rows at once and write the rest in a background task whose runner registers here.
 */
export function importCallsHandlers(deps: ServiceDeps): ServiceHandlers {
  return {
    'seconde.v1.ProductService': productImportHandlers(deps),
    'seconde.v1.CustomerService': customerImportHandlers(deps),
  };
}
