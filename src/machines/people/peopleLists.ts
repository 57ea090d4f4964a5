import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { DepositService } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { InvoiceService } from '../../rpc/gen/seconde/v1/invoice_pb.ts';
import { ProductService } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { dressingMachine } from './dressingMachine.ts';
import { createPagedListMachine, type Page, type PageQuery } from '../shared/pagedListMachine.ts';
import {
  customerRow,
  depositRow,
  invoiceRow,
  productRow,
  vendorRow,
  type CustomerRow,
  type DepositRow,
  type InvoiceRow,
  type ProductRow,
  type VendorRow,
} from './peopleRows.ts';

export const customerListMachine = createPagedListMachine<CustomerRow>('customerList');
export const vendorListMachine = createPagedListMachine<VendorRow>('vendorList');
export const invoiceListMachine = createPagedListMachine<InvoiceRow>('invoiceList');
export const depositListMachine = createPagedListMachine<DepositRow>('depositList');

/** Whose rows a per-person list shows: exactly one of the two is set. */
export type Owner = { readonly customer: string } | { readonly vendor: string };

const pagination = (q: PageQuery) => ({ page: q.page, pageSize: q.pageSize });

/**
 * Owner filters go both in the request (hand-written handlers read it) and in the `filters`
 * header (the generic list reads it), so the list is narrowed whichever handler answers.
 */
const ownerOptions = (owner: Owner, signal: AbortSignal) => withFilters({ ...owner }, { signal });

/** The customer list (search by name, e-mail, city...), alphabetical. */
export function customerListLogic(clients: ClientFactory) {
  const client = clients.get(CustomerService);
  return customerListMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<CustomerRow>, PageQuery>(async ({ input, signal }) => {
        const answer = await client.list(
          {
            pagination: pagination(input),
            ordering: 'last_name,first_name',
            ...(input.search && { search: input.search }),
          },
          { signal },
        );
        return { rows: answer.results.map(customerRow), count: answer.count };
      }),
    },
  });
}

/** The vendor list, alphabetical. */
export function vendorListLogic(clients: ClientFactory) {
  const client = clients.get(VendorService);
  return vendorListMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<VendorRow>, PageQuery>(async ({ input, signal }) => {
        const answer = await client.list(
          {
            pagination: pagination(input),
            ordering: 'last_name,first_name',
            ...(input.search && { search: input.search }),
          },
          { signal },
        );
        return { rows: answer.results.map(vendorRow), count: answer.count };
      }),
    },
  });
}

/** One person's invoices, newest first (read-only). */
export function invoiceListLogic(clients: ClientFactory, owner: Owner) {
  const client = clients.get(InvoiceService);
  return invoiceListMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<InvoiceRow>, PageQuery>(async ({ input, signal }) => {
        const answer = await client.list(
          { pagination: pagination(input), ordering: '-created_at', ...owner },
          ownerOptions(owner, signal),
        );
        return { rows: answer.results.map(invoiceRow), count: answer.count };
      }),
    },
  });
}

/** One person's deposits, newest first. */
export function depositListLogic(clients: ClientFactory, owner: Owner) {
  const client = clients.get(DepositService);
  return depositListMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<DepositRow>, PageQuery>(async ({ input, signal }) => {
        const answer = await client.list(
          { pagination: pagination(input), ordering: '-created_at', ...owner },
          ownerOptions(owner, signal),
        );
        return { rows: answer.results.map(depositRow), count: answer.count };
      }),
    },
  });
}

/** Deposits a dressing shows at most; the screen says when there are more. */
export const DRESSING_DEPOSITS = 200;
/** Items of one deposit a dressing shows at most. */
export const DRESSING_PRODUCTS = 500;

/** A person's dressing: their deposits, and the items of the one opened. */
export function dressingLogic(clients: ClientFactory, owner: Owner) {
  const deposits = clients.get(DepositService);
  const products = clients.get(ProductService);
  return dressingMachine.provide({
    actors: {
      loadDeposits: fromPromise<Page<DepositRow>>(async ({ signal }) => {
        const answer = await deposits.list(
          {
            pagination: { page: 1, pageSize: DRESSING_DEPOSITS },
            ordering: '-created_at',
            ...owner,
          },
          ownerOptions(owner, signal),
        );
        return { rows: answer.results.map(depositRow), count: answer.count };
      }),
      loadProducts: fromPromise<Page<ProductRow>, { deposit: string }>(
        async ({ input, signal }) => {
          const answer = await products.list(
            {
              pagination: { page: 1, pageSize: DRESSING_PRODUCTS },
              ordering: 'reference',
              deposit: input.deposit,
            },
            withFilters({ deposit: input.deposit }, { signal }),
          );
          return { rows: answer.results.map(productRow), count: answer.count };
        },
      ),
    },
  });
}
