import type { DescMessage, DescService, MessageShape } from '@bufbuild/protobuf';
import { AnnouncementService } from '../../src/rpc/gen/seconde/v1/announcement_pb.ts';
import { BackgroundImportService } from '../../src/rpc/gen/seconde/v1/background_import_pb.ts';
import { BackgroundTaskService } from '../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { BrandService } from '../../src/rpc/gen/seconde/v1/brand_pb.ts';
import { BuyerService } from '../../src/rpc/gen/seconde/v1/buyer_pb.ts';
import { CategoryAttributeService } from '../../src/rpc/gen/seconde/v1/category_attribute_pb.ts';
import { CategoryService } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { ColorService } from '../../src/rpc/gen/seconde/v1/color_pb.ts';
import { CompanyService } from '../../src/rpc/gen/seconde/v1/company_pb.ts';
import { CountryService } from '../../src/rpc/gen/seconde/v1/country_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { Dac7Service } from '../../src/rpc/gen/seconde/v1/dac7_pb.ts';
import { DashboardService } from '../../src/rpc/gen/seconde/v1/dashboard_pb.ts';
import { DeliveryPlaceService } from '../../src/rpc/gen/seconde/v1/delivery_place_pb.ts';
import { DepositImageService } from '../../src/rpc/gen/seconde/v1/deposit_image_pb.ts';
import { DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { DressingService } from '../../src/rpc/gen/seconde/v1/dressing_pb.ts';
import { DepositProductCategoryService } from '../../src/rpc/gen/seconde/v1/deposit_product_category_pb.ts';
import { InvoiceService } from '../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import {
  ProductListingService,
  StorefrontService,
} from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { MarketplaceTransactionService } from '../../src/rpc/gen/seconde/v1/marketplace_transaction_pb.ts';
import { OutboxMailService } from '../../src/rpc/gen/seconde/v1/outbox_mail_pb.ts';
import { NotificationService } from '../../src/rpc/gen/seconde/v1/notification_pb.ts';
import { PaymentPortalService } from '../../src/rpc/gen/seconde/v1/payment_portal_pb.ts';
import { PaymentProcessService } from '../../src/rpc/gen/seconde/v1/payment_process_pb.ts';
import { PayoutService } from '../../src/rpc/gen/seconde/v1/payout_pb.ts';
import { PersonalDataService } from '../../src/rpc/gen/seconde/v1/personal_data_pb.ts';
import { PoliceRegisterService } from '../../src/rpc/gen/seconde/v1/police_register_pb.ts';
import { ProductAnnouncementService } from '../../src/rpc/gen/seconde/v1/product_announcement_pb.ts';
import { ProductBuyerService } from '../../src/rpc/gen/seconde/v1/product_buyer_pb.ts';
import { ProductImageService } from '../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import { ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { ProductSizeService } from '../../src/rpc/gen/seconde/v1/product_size_pb.ts';
import { PublicDepositService } from '../../src/rpc/gen/seconde/v1/public_deposit_pb.ts';
import { PublisherService } from '../../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { RateSlideService } from '../../src/rpc/gen/seconde/v1/rate_slide_pb.ts';
import { ReferralService } from '../../src/rpc/gen/seconde/v1/referral_pb.ts';
import { RestitutionReceiptService } from '../../src/rpc/gen/seconde/v1/restitution_receipt_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { ShippingLabelService } from '../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import { StatsService } from '../../src/rpc/gen/seconde/v1/stats_pb.ts';
import { SubscriptionService } from '../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { SupportTicketService } from '../../src/rpc/gen/seconde/v1/support_ticket_pb.ts';
import { VendorConnectorService } from '../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import type { COMMON_METHODS } from '../crud/crudService.ts';
import type { MethodOf, ServicePart } from './implement.ts';
import type { HandWrittenPart } from './index.ts';

/**
 * Every generated service, by name. A test checks this against the generated folder, so a new
 * `.proto` service cannot slip past the check below.
 */
export const SERVICES = {
  AnnouncementService,
  BackgroundImportService,
  BackgroundTaskService,
  BrandService,
  BuyerService,
  CategoryAttributeService,
  CategoryService,
  ColorService,
  CompanyService,
  CountryService,
  CustomerService,
  Dac7Service,
  DashboardService,
  DeliveryPlaceService,
  DepositImageService,
  DepositProductCategoryService,
  DepositService,
  DressingService,
  InvoiceService,
  MarketplaceTransactionService,
  NotificationService,
  OutboxMailService,
  PaymentPortalService,
  PaymentProcessService,
  PayoutService,
  PersonalDataService,
  PoliceRegisterService,
  ProductAnnouncementService,
  ProductBuyerService,
  ProductImageService,
  ProductListingService,
  ProductService,
  ProductSizeService,
  PublicDepositService,
  PublisherService,
  RateSlideService,
  ReferralService,
  RestitutionReceiptService,
  SessionService,
  ShippingLabelService,
  StatsService,
  StorefrontService,
  SubscriptionService,
  SupportTicketService,
  VendorConnectorService,
  VendorService,
} as const;

/** Methods of a contract that nothing answers yet: they answer Unimplemented, and say so here. */
interface NotYet<S extends DescService = DescService, K extends string = string> {
  readonly service: S;
  readonly methods: readonly K[];
}

/** Declares `methods` of `service` not answered yet (the compiler checks their names). */
export function notYet<S extends DescService, const K extends MethodOf<S>>(
  service: S,
  methods: readonly K[],
): NotYet<S, K> {
  return { service, methods };
}

/**
 * Calls of a contract that lands before its handler: declared rather than forgotten (with
 * `notYet`). Landing one means removing it here, or tsc complains it is handled twice over. Every
 * method of proto/ is answered today, so the list is empty.
 */
export const NOT_IMPLEMENTED_YET = [] as readonly NotYet<DescService, never>[];

/** The not-implemented calls as `Service/Method`, the form the server reports them in. */
export function notImplementedYet(): string[] {
  return NOT_IMPLEMENTED_YET.flatMap(({ service, methods }) =>
    methods.map((m) => `${service.name}/${service.methods.find((d) => d.localName === m)!.name}`),
  );
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Methods the hand-written parts answer for `S`. */
type HandWritten<S extends DescService> = HandWrittenPart extends infer P
  ? P extends ServicePart<infer PS, infer K>
    ? Same<PS, S> extends true
      ? K
      : never
    : never
  : never;

/** Methods declared not implemented yet for `S`. */
type Declared<S extends DescService> = (typeof NOT_IMPLEMENTED_YET)[number] extends infer N
  ? N extends NotYet<infer NS, infer K>
    ? Same<NS, S> extends true
      ? K
      : never
    : never
  : never;

type Common = (typeof COMMON_METHODS)[number];

/** What the common calls of `S` answer, when they answer a row. */
type CommonOutputs<S extends DescService> = {
  [K in MethodOf<S> & Common]: S['method'][K] extends { output: infer O extends DescMessage }
    ? MessageShape<O>
    : never;
}[MethodOf<S> & Common];

/**
 * What the generic handlers answer: the common calls of a resource service (one whose common
 * calls answer a row with a `rowVersion`), and RetrieveByIdentity where the contract has it.
 */
type Generic<S extends DescService> = [Extract<CommonOutputs<S>, { rowVersion: unknown }>] extends [
  never,
]
  ? never
  : Common | 'retrieveByIdentity';

type Missing<S extends DescService> = Exclude<
  MethodOf<S>,
  HandWritten<S> | Generic<S> | Declared<S>
>;
type Services = typeof SERVICES;

/** Every `Service/method` of the contracts that is neither answered nor declared not yet. */
export type Unanswered = {
  [N in keyof Services & string]: `${N}/${Missing<Services[N]>}`;
}[keyof Services & string];

/** Declared but answered all the same: the declaration is stale. */
export type DeclaredYetAnswered = {
  [
    N in keyof Services & string
  ]: `${N}/${Declared<Services[N]> & (HandWritten<Services[N]> | Generic<Services[N]>)}`;
}[keyof Services & string];

/** Compiles only when `T` is empty: a type error here names the method left without a handler. */
type NoneOf<T extends never> = T;
export type EveryMethodAnswered = NoneOf<Unanswered>;
export type NoStaleDeclaration = NoneOf<DeclaredYetAnswered>;
