import type { DepositStatus, SaleStatus } from '../../domain/deposit/statuses.ts';
import type { AppErrorCode } from '../../rpc/errors.ts';
import type { Brand } from '../../rpc/gen/seconde/v1/brand_pb.ts';
import type { Category } from '../../rpc/gen/seconde/v1/category_pb.ts';
import type { CategoryAttribute } from '../../rpc/gen/seconde/v1/category_attribute_pb.ts';
import type { Color } from '../../rpc/gen/seconde/v1/color_pb.ts';
import type { ComparableItem, Product } from '../../rpc/gen/seconde/v1/product_pb.ts';
import type { ProductSize } from '../../rpc/gen/seconde/v1/product_size_pb.ts';

/** The catalogue the form picks from, loaded once per page load. */
export interface ProductReference {
  readonly categories: readonly Category[];
  readonly attributes: readonly CategoryAttribute[];
  readonly sizes: readonly ProductSize[];
  readonly brands: readonly Brand[];
  readonly colors: readonly Color[];
}

/** What the page needs of the product's deposit: the rule engine reads its status. */
export interface ProductDeposit {
  readonly uuid: string;
  readonly name: string;
  readonly status: DepositStatus | null;
  readonly vendor: string;
}

export interface DepositChoice {
  readonly uuid: string;
  readonly name: string;
}

/** Everything the load brings back. */
export interface LoadedProduct {
  readonly product: Product;
  readonly deposit: ProductDeposit;
  readonly reference: ProductReference;
  /** The vendor's other open deposits, for the transfer. */
  readonly transferTargets: readonly DepositChoice[];
  /** The marketplace search for the product's title ('' when none could be built). */
  readonly searchUrl: string;
}

/** Text fields of the draft, edited as typed (numbers stay text until saved). */
export const TEXT_FIELDS = [
  'name',
  'marketplaceTitle',
  'category',
  'brand',
  'productSize',
  'isbn',
  'author',
  'bookTitle',
  'videoGameRating',
  'quality',
  'suggestedPrice',
  'selledPrice',
  'measurementWidth',
  'measurementLength',
  'comment',
  'sellOn',
  'saleStatus',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type DraftField = TextField | 'colors';

/** The form's editable copy of a product. Enums by label ('VERY_GOOD'), '' for none. */
export type ProductDraft = { readonly [F in TextField]: string } & {
  readonly colors: readonly string[];
  /** Category attribute answers: option marketplace ids by attribute code. */
  readonly attributes: Readonly<Record<string, readonly number[]>>;
};

/** A field's problem: a translation key, or the reference data's own text when it has one. */
export interface FieldError {
  readonly key: string;
  readonly text?: string;
  readonly values?: Readonly<Record<string, number>>;
}

/** Why the last call failed: the app code and, when the server named one, its reason. */
export interface ProductError {
  readonly code: AppErrorCode;
  readonly reason: string | null;
}

/** What the AI helpers and the price search last answered. */
export interface Generation {
  readonly quotaRemaining: number | null;
  readonly comparableCount: number | null;
  readonly comparables: readonly ComparableItem[] | null;
  readonly averagePrice: number | null;
  readonly medianPrice: number | null;
}

/** The last thing that went well, announced in the page's live region. */
export type Notice = 'saved' | 'nameGenerated' | 'priceGenerated' | 'priceFound' | 'transferred';

export interface ProductViewer {
  /** Customers never edit inventory. */
  readonly isCustomer: boolean;
}

export interface ProductContext {
  readonly uuid: string;
  readonly viewer: ProductViewer;
  readonly loaded: LoadedProduct | null;
  readonly draft: ProductDraft | null;
  readonly fieldErrors: Readonly<Record<string, FieldError>>;
  /** Fields whose errors show: those changed, or all after a refused save. */
  readonly touched: readonly string[];
  readonly error: ProductError | null;
  readonly generation: Generation;
  readonly notice: Notice | null;
}

export type ProductEvent =
  | { type: 'product.change'; field: TextField; value: string }
  | { type: 'product.changeColors'; value: readonly string[] }
  | { type: 'product.changeAttribute'; code: string; value: readonly number[] }
  | { type: 'product.save' }
  | { type: 'product.retry' }
  | { type: 'product.reload' }
  | { type: 'product.dismiss' }
  | { type: 'product.generateName' }
  | { type: 'product.generatePrice' }
  | { type: 'product.findPrice' }
  | { type: 'product.duplicate'; copyImages: boolean; copyAnnouncement: boolean }
  | { type: 'product.transfer'; deposit: string }
  | { type: 'product.destroy' };

export type ProductEmitted =
  | { type: 'product.saved' }
  | { type: 'product.duplicated'; uuid: string }
  | { type: 'product.destroyed'; deposit: string };

export type { SaleStatus };
