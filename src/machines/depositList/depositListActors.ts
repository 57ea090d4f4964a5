import { fromPromise } from 'xstate';
import { addDays } from '../../domain/dates.ts';
import { DEPOSIT_STATUSES } from '../../domain/deposit/statuses.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { DepositService, Gamme } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductFamily } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { withFilters, type Filters } from '../../rpc/interceptors/filters.ts';
import { toDateText } from '../deposit/depositFields.ts';
import { depositStatusOf, depositStatusValue, labelOf } from '../deposit/enums.ts';
import type { DepositFilters } from './depositListQuery.ts';
import type { LoadInput } from './depositListMachine.ts';
import type { ListOptions, ListPage, ListViewer, Option } from './depositListTypes.ts';

/** Most people a vendor or customer filter lists; beyond that the list is cut. */
const OPTIONS_PAGE_SIZE = 500;

/** Local midnight of a `YYYY-MM-DD` date, as an instant. */
const localMidnight = (date: string) => new Date(`${date}T00:00:00`).toISOString();

/** The filters header of a list: equality filters, and created_at as a range. */
export function filtersHeader(filters: DepositFilters): Filters {
  const created: Record<string, string> = {};
  if (filters.dateFrom) created.gte = localMidnight(filters.dateFrom);
  if (filters.dateTo) created.lt = localMidnight(addDays(filters.dateTo, 1));
  return {
    ...(filters.family && { family: filters.family }),
    ...(filters.gamme && { gamme: filters.gamme }),
    ...(filters.season && { seasons: filters.season }),
    ...(Object.keys(created).length > 0 && { created_at: created }),
  };
}

/** The real actors of the deposit list over the app's clients. */
export function createDepositListActors(clients: ClientFactory) {
  const deposits = clients.get(DepositService);

  return {
    loadDeposits: fromPromise<ListPage, LoadInput>(async ({ input, signal }) => {
      const { filters } = input;
      const common = {
        ordering: input.ordering.join(','),
        ...(filters.vendor && { vendor: filters.vendor }),
        ...(filters.customer && { customer: filters.customer }),
      };
      const options = withFilters(filtersHeader(filters), { signal });
      // One count per status under the other filters: the status filter's badges.
      const [page, ...counts] = await Promise.all([
        deposits.list(
          {
            ...common,
            pagination: { page: input.page, pageSize: input.pageSize },
            statuses: filters.statuses.map(depositStatusValue),
          },
          options,
        ),
        ...DEPOSIT_STATUSES.map((status) =>
          deposits.list(
            {
              ...common,
              pagination: { page: 1, pageSize: 1 },
              statuses: [depositStatusValue(status)],
            },
            options,
          ),
        ),
      ]);
      return {
        count: page.count,
        statusCounts: Object.fromEntries(
          DEPOSIT_STATUSES.map((status, i) => [status, counts[i]?.count ?? 0]),
        ),
        rows: page.results.map((d) => ({
          uuid: d.uuid,
          name: d.name,
          status: depositStatusOf(d.status),
          family: labelOf(ProductFamily, d.family),
          gamme: labelOf(Gamme, d.gamme),
          productNumber: d.productNumber,
          createdAt: toDateText(d.createdAt),
          vendor: d.vendor,
          customer: d.customer,
        })),
      };
    }),
    loadOptions: fromPromise<ListOptions, ListViewer>(async ({ input, signal }) => {
      if (input.isCustomer) return { vendors: [], customers: [] };
      const pagination = { page: 1, pageSize: OPTIONS_PAGE_SIZE };
      const named = (p: { uuid: string; firstName: string; lastName: string; email: string }) =>
        ({
          uuid: p.uuid,
          label: `${p.firstName} ${p.lastName}`.trim() || p.email,
        }) satisfies Option;
      const [vendors, customers] = await Promise.all([
        input.isAdminLevel
          ? clients.get(VendorService).list({ pagination, ordering: 'last_name' }, { signal })
          : Promise.resolve({ results: [] }),
        clients.get(CustomerService).list({ pagination, ordering: 'last_name' }, { signal }),
      ]);
      return { vendors: vendors.results.map(named), customers: customers.results.map(named) };
    }),
  };
}
