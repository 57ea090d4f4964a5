import { Code } from '@connectrpc/connect';
import type { DescMessage } from '@bufbuild/protobuf';
import type { RawBuilder, SqlBool } from 'kysely';
import type { ExportKind } from '../../../src/domain/exports/exportColumns.ts';
import {
  CustomerSchema,
  ExportListCustomersResponseSchema,
} from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  DepositSchema,
  ExportListDepositsResponseSchema,
} from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ExportInvoicesResponseSchema,
  InvoiceSchema,
} from '../../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import {
  ExportListProductsResponseSchema,
  ProductSchema,
} from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { scopeFor } from '../../crud/policies.ts';
import { filtersSql, scopeSql, searchSql } from '../../crud/queryParts.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { depositCallContext, depositWhere } from '../deposit/calls/common.ts';
import type { ServiceDeps } from '../deps.ts';
import { ProductService } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { DepositService } from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { CustomerService } from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { InvoiceService } from '../../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import { implement, tableDriven } from '../implement.ts';
import { requireVendorOrStaff } from '../people/customerCalls.ts';
import { exportHandler, type ExportSource } from './exportStream.ts';

/** Stock, deposits and contacts are a vendor's working data: vendors and staff export them. */
function vendorsAndStaff(what: string) {
  return (caller: Caller) => requireVendorOrStaff(caller, `export ${what}`);
}

/** The generic List's conditions: the caller's read scope, the filters header, the search. */
function listWhere(table: string, resource: DescMessage) {
  return async (
    caller: Caller,
    header: string | null,
    names: ReadonlySet<string>,
    search: string,
  ) => [
    scopeSql(scopeFor(caller, table, 'read'), 'r'),
    ...filtersSql(resource, names, header, 'r'),
    ...searchSql(names, search, 'r'),
  ];
}

function source(
  kind: ExportKind,
  table: string,
  resource: DescMessage,
  output: DescMessage,
  admit: (caller: Caller) => void,
  where: ExportSource['where'] = listWhere(table, resource),
): ExportSource {
  return { kind, table, resource, output, admit, where };
}

/**
 * The four streamed spreadsheet exports (1-app-shell.md §4): stock, deposits and contacts for
 * vendors and staff, invoices for whoever may list them. Each covers the rows its list shows.
 */
export function exportCallsHandlers(deps: ServiceDeps) {
  const { db } = deps;
  const deposits = depositCallContext(deps);
  // The deposit list's own conditions, so the export holds what the list shows (without the
  // ABANDONED and CANCELED deposits unless the filters header names statuses).
  const depositRows = (
    caller: Caller,
    header: string | null,
    _names: ReadonlySet<string>,
    search: string,
  ): Promise<RawBuilder<SqlBool>[]> => depositWhere(deposits, caller, header, { search });
  const invoiceReaders = (caller: Caller) => {
    if (scopeFor(caller, 'invoice', 'read') === 'none')
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You have no invoices to export');
  };
  return [
    implement(ProductService, {
      exportList: tableDriven(
        exportHandler(
          db,
          source(
            'products',
            'product',
            ProductSchema,
            ExportListProductsResponseSchema,
            vendorsAndStaff('the stock'),
          ),
        ),
      ),
    }),
    implement(DepositService, {
      exportList: tableDriven(
        exportHandler(
          db,
          source(
            'deposits',
            'deposit',
            DepositSchema,
            ExportListDepositsResponseSchema,
            vendorsAndStaff('deposits'),
            depositRows,
          ),
        ),
      ),
    }),
    implement(CustomerService, {
      exportList: tableDriven(
        exportHandler(
          db,
          source(
            'customers',
            'customer',
            CustomerSchema,
            ExportListCustomersResponseSchema,
            vendorsAndStaff('contacts'),
          ),
        ),
      ),
    }),
    implement(InvoiceService, {
      export: tableDriven(
        exportHandler(
          db,
          source(
            'invoices',
            'invoice',
            InvoiceSchema,
            ExportInvoicesResponseSchema,
            invoiceReaders,
          ),
        ),
      ),
    }),
  ] as const;
}
