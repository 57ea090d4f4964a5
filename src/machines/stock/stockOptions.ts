import { fromPromise } from 'xstate';
import { DEPOSIT_STATUSES } from '../../domain/deposit/statuses.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { BrandService } from '../../rpc/gen/seconde/v1/brand_pb.ts';
import { CategoryService } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { DepositService } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { depositStatusValue } from '../deposit/enums.ts';

export interface StockOption {
  readonly uuid: string;
  readonly label: string;
}

export interface StockOptions {
  readonly deposits: readonly StockOption[];
  readonly categories: readonly StockOption[];
  readonly brands: readonly StockOption[];
}

export const NO_OPTIONS: StockOptions = { deposits: [], categories: [], brands: [] };

const all = { pagination: { page: 1, pageSize: 5000 } };
const byLabel = (a: StockOption, b: StockOption) => a.label.localeCompare(b.label);

/**
 * The choices of the deposit, category and brand filters, read once. A failure leaves the
 * filters without choices (the list itself still works), so it answers empty lists.
 */
export function stockOptionsLogic(clients: ClientFactory) {
  return fromPromise<StockOptions>(async ({ signal }) => {
    try {
      const [deposits, categories, brands] = await Promise.all([
        clients
          .get(DepositService)
          .list({ ...all, statuses: DEPOSIT_STATUSES.map(depositStatusValue) }, { signal }),
        clients.get(CategoryService).list(all, { signal }),
        clients.get(BrandService).list(all, { signal }),
      ]);
      return {
        deposits: deposits.results
          .map((d) => ({ uuid: d.uuid, label: d.name || d.uuid }))
          .sort(byLabel),
        categories: categories.results.map((c) => ({ uuid: c.uuid, label: c.name })).sort(byLabel),
        brands: brands.results.map((b) => ({ uuid: b.uuid, label: b.name })).sort(byLabel),
      };
    } catch {
      return NO_OPTIONS;
    }
  });
}
