import { AnnouncementService } from '../../../src/rpc/gen/seconde/v1/announcement_pb.ts';
import { BackgroundImportService } from '../../../src/rpc/gen/seconde/v1/background_import_pb.ts';
import { BackgroundTaskService } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { BrandService } from '../../../src/rpc/gen/seconde/v1/brand_pb.ts';
import { BuyerService } from '../../../src/rpc/gen/seconde/v1/buyer_pb.ts';
import { CategoryAttributeService } from '../../../src/rpc/gen/seconde/v1/category_attribute_pb.ts';
import { CategoryService } from '../../../src/rpc/gen/seconde/v1/category_pb.ts';
import { ColorService } from '../../../src/rpc/gen/seconde/v1/color_pb.ts';
import { CompanyService } from '../../../src/rpc/gen/seconde/v1/company_pb.ts';
import { CountryService } from '../../../src/rpc/gen/seconde/v1/country_pb.ts';
import { CustomerService } from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { Dac7Service } from '../../../src/rpc/gen/seconde/v1/dac7_pb.ts';
import { DashboardService } from '../../../src/rpc/gen/seconde/v1/dashboard_pb.ts';
import { DeliveryPlaceService } from '../../../src/rpc/gen/seconde/v1/delivery_place_pb.ts';
import { DepositImageService } from '../../../src/rpc/gen/seconde/v1/deposit_image_pb.ts';
import { DepositService } from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { DressingService } from '../../../src/rpc/gen/seconde/v1/dressing_pb.ts';
import { DepositProductCategoryService } from '../../../src/rpc/gen/seconde/v1/deposit_product_category_pb.ts';
import { InvoiceService } from '../../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import {
  ProductListingService,
  StorefrontService,
} from '../../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { MarketplaceTransactionService } from '../../../src/rpc/gen/seconde/v1/marketplace_transaction_pb.ts';
import { NotificationService } from '../../../src/rpc/gen/seconde/v1/notification_pb.ts';
import { OutboxMailService } from '../../../src/rpc/gen/seconde/v1/outbox_mail_pb.ts';
import { PaymentPortalService } from '../../../src/rpc/gen/seconde/v1/payment_portal_pb.ts';
import { PaymentProcessService } from '../../../src/rpc/gen/seconde/v1/payment_process_pb.ts';
import { PayoutService } from '../../../src/rpc/gen/seconde/v1/payout_pb.ts';
import { PersonalDataService } from '../../../src/rpc/gen/seconde/v1/personal_data_pb.ts';
import { PoliceRegisterService } from '../../../src/rpc/gen/seconde/v1/police_register_pb.ts';
import { ProductAnnouncementService } from '../../../src/rpc/gen/seconde/v1/product_announcement_pb.ts';
import { ProductBuyerService } from '../../../src/rpc/gen/seconde/v1/product_buyer_pb.ts';
import { ProductImageService } from '../../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import { ProductService } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { ProductSizeService } from '../../../src/rpc/gen/seconde/v1/product_size_pb.ts';
import { PublicDepositService } from '../../../src/rpc/gen/seconde/v1/public_deposit_pb.ts';
import { PublisherService } from '../../../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { RateSlideService } from '../../../src/rpc/gen/seconde/v1/rate_slide_pb.ts';
import { ReferralService } from '../../../src/rpc/gen/seconde/v1/referral_pb.ts';
import { RestitutionReceiptService } from '../../../src/rpc/gen/seconde/v1/restitution_receipt_pb.ts';
import { SessionService } from '../../../src/rpc/gen/seconde/v1/session_pb.ts';
import { ShippingLabelService } from '../../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import { StatsService } from '../../../src/rpc/gen/seconde/v1/stats_pb.ts';
import { SubscriptionService } from '../../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { SupportTicketService } from '../../../src/rpc/gen/seconde/v1/support_ticket_pb.ts';
import { VendorConnectorService } from '../../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { VendorService } from '../../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import {
  EVERYONE,
  MEMBERS,
  SIGNED_IN,
  STAFF,
  VENDORS,
  reads,
  rule,
  rulesFor,
  writes,
  type MethodRule,
  type ServiceEntry,
} from './rules.ts';

/** Reference data: every signed-in user reads it; only staff change it. */
const referenceRead = (table: string): MethodRule => rule(SIGNED_IN, table);

/** A staff-only table (no row policy for vendors or customers yet). */
const staff = (table: string | null, ...references: ReturnType<typeof reads>[]): MethodRule =>
  rule(STAFF, table, { references });

/** A vendor-side call on `table`'s rows, with the references its request names. */
const vendor = (table: string | null, ...references: ReturnType<typeof reads>[]): MethodRule =>
  rule(VENDORS, table, { references });

/*
 * Lists and progress streams name no references: their filters narrow the caller's own rows, so a
 * filter naming someone else's row finds nothing rather than being refused.
 */

/** A call vendors and customers both make, each seeing their own rows. */
const member = (table: string | null, ...references: ReturnType<typeof reads>[]): MethodRule =>
  rule(MEMBERS, table, { references });

/**
 * The public deposit form: visitors call it with the draft token the form received, and that token,
 * not the caller's scope, is what names the draft; each handler checks the rows it names against
 * the token (and staff or the vendor's own scope without one).
 */
const draftTokenRule = (table: string): MethodRule => rule(EVERYONE, table, { draftToken: true });

/** What a vendor's record names: their company and favourites must be theirs. */
const vendorReferences = [
  reads('vendor.company', 'company'),
  reads('vendor.favoriteAnnouncement', 'announcement'),
  reads('vendor.favoriteDeliveryPlace', 'delivery_place'),
];

/** What a product names: its deposit (to change), its invoice and its announcement (to read). */
const productReferences = [
  writes('product.deposit', 'deposit'),
  reads('product.productInvoiceUuid', 'invoice'),
  reads('product.announcementUuid', 'announcement'),
];

/** The references of a deposit as its create and update requests name them. */
const depositReferences = (field: string) => [
  reads(`${field}.vendor`, 'vendor'),
  reads(`${field}.customer`, 'customer'),
  reads(`${field}.company`, 'company'),
];

/**
 * Who may call every method of every service, whether the subscription gate applies, which row
 * policy its rows follow, and which references of its request must be the caller's. The access
 * interceptor applies it before any handler runs; `docs/access-matrix.md` is generated from it.
 * A method missing here fails the typecheck, and a service missing here is refused at startup
 * (tests/server/access.test.ts): a new call is closed until someone decides.
 */
export const ACCESS_TABLE: readonly ServiceEntry[] = [
  rulesFor(SessionService, {
    getCurrentUser: rule(SIGNED_IN, null),
    chooseUserType: rule(SIGNED_IN, null),
    acceptCurrentLegalTerms: rule(SIGNED_IN, null),
  }),
  rulesFor(PublicDepositService, {
    start: draftTokenRule('customer'),
    submit: draftTokenRule('deposit'),
  }),
  rulesFor(BrandService, { list: rule(EVERYONE, 'brand'), retrieve: referenceRead('brand') }),
  rulesFor(CategoryService, {
    list: rule(EVERYONE, 'category'),
    retrieve: referenceRead('category'),
  }),
  rulesFor(CategoryAttributeService, {
    list: referenceRead('category_attribute'),
    retrieve: referenceRead('category_attribute'),
  }),
  rulesFor(ColorService, { list: referenceRead('color'), retrieve: referenceRead('color') }),
  rulesFor(CountryService, { list: referenceRead('country'), retrieve: referenceRead('country') }),
  rulesFor(ProductSizeService, {
    list: referenceRead('product_size'),
    retrieve: referenceRead('product_size'),
  }),
  rulesFor(VendorService, {
    list: vendor('vendor'),
    // A signed-in vendor without a record yet registers; staff register anyone.
    create: vendor('vendor', ...vendorReferences),
    retrieve: vendor('vendor'),
    retrieveByIdentity: rule(SIGNED_IN, 'vendor'),
    update: vendor('vendor', ...vendorReferences),
    partialUpdate: vendor('vendor', ...vendorReferences),
    checkEmailExists: vendor(null),
    lastActivity: vendor('vendor', reads('uuid', 'vendor')),
    saveOnboarding: member('vendor', ...vendorReferences),
  }),
  rulesFor(CustomerService, {
    list: member('customer'),
    create: rule(VENDORS, 'customer', {
      gate: true,
      references: [reads('customer.vendors', 'vendor')],
    }),
    retrieve: member('customer'),
    retrieveByIdentity: rule(SIGNED_IN, 'customer'),
    // Updates never change `vendors` (a shared contact keeps its other vendors): nothing to check.
    update: member('customer'),
    partialUpdate: member('customer'),
    acceptLegalTerms: member('customer'),
    setSentDetails: member('customer'),
    updateWithLessPermission: member('customer'),
    checkEmailExists: vendor(null),
    getUuidByEmail: vendor('customer'),
    importData: rule(VENDORS, 'customer', { gate: true, references: [reads('vendor', 'vendor')] }),
    saveOnboarding: member('customer'),
    exportList: vendor('customer'),
    // A depositor's ledger: the named customer must be readable (a vendor's own contact, the
    // customer themself); the handler then keeps a vendor to their own entries.
    getBalance: member('customer', reads('customer', 'customer')),
    listLedgerEntries: member('customer', reads('customer', 'customer')),
  }),
  // The depositor's space: a customer names themself (or no one), a vendor one of their contacts
  // (the handler then asks for a deposit at them and narrows everything to it), staff anyone.
  rulesFor(DressingService, {
    getDressing: member('customer', reads('customer', 'customer')),
  }),
  rulesFor(CompanyService, {
    list: vendor('company'),
    // A vendor without a company creates one; its administrator updates it (the row policy).
    create: vendor('company'),
    retrieve: vendor('company'),
    update: vendor('company'),
    // The proof of registration (Kbis): its administrator uploads it, its members download it.
    uploadProofOfRegistration: vendor('company', writes('company', 'company')),
    downloadProofOfRegistration: vendor('company', reads('company', 'company')),
  }),
  rulesFor(DepositService, {
    list: member('deposit'),
    create: rule(VENDORS, 'deposit', { gate: true, references: depositReferences('deposit') }),
    update: vendor('deposit', ...depositReferences('deposit')),
    partialUpdate: vendor('deposit', ...depositReferences('deposit')),
    retrieve: member('deposit'),
    destroy: vendor('deposit'),
    wantDeposit: vendor('deposit', reads('vendorUuid', 'vendor')),
    getAdminOnly: staff('deposit'),
    updateAdminOnly: staff('deposit'),
    getDraft: draftTokenRule('deposit'),
    createOrUpdateDraft: draftTokenRule('deposit'),
    changeSaleStatusForAllProducts: vendor('deposit'),
    updateClusterImages: vendor('deposit'),
    defaultDepositForVendor: vendor('deposit', reads('vendorUuid', 'vendor')),
    filledProductNumber: vendor('deposit'),
    recommendedPrice: vendor('deposit'),
    statsForFilters: member('deposit'),
    listWithStats: member('deposit'),
    sendUpdateMailToVendor: staff('deposit'),
    listAvailable: vendor('deposit'),
    listRequests: staff('deposit'),
    assign: staff('deposit', reads('vendorUuid', 'vendor')),
    exportList: vendor('deposit'),
  }),
  rulesFor(DepositImageService, {
    list: member('deposit_image'),
    create: draftTokenRule('deposit_image'),
    // Customers change their own photos of their deposit; the handler checks whose photo it is.
    update: member('deposit_image', reads('depositImage.deposit', 'deposit')),
    partialUpdate: member('deposit_image', reads('depositImage.deposit', 'deposit')),
    destroy: member('deposit_image'),
    retrieve: member('deposit_image'),
    reorder: vendor(
      'deposit_image',
      writes('deposit', 'deposit'),
      writes('uuids', 'deposit_image'),
    ),
    destroyForDeposit: vendor(
      'deposit_image',
      writes('deposit', 'deposit'),
      writes('uuids', 'deposit_image'),
    ),
    rotate: member('deposit_image'),
    streamProgression: member('deposit_image'),
  }),
  rulesFor(DepositProductCategoryService, {
    list: member('deposit_product_category'),
    create: vendor('deposit_product_category', writes('depositProductCategory.deposit', 'deposit')),
    update: vendor('deposit_product_category', writes('depositProductCategory.deposit', 'deposit')),
    destroy: vendor('deposit_product_category'),
    createFromDeposit: vendor('deposit_product_category', writes('depositUuid', 'deposit')),
  }),
  rulesFor(ProductService, {
    list: member('product'),
    dashboardList: member('product'),
    extraLightList: member('product'),
    exportList: vendor('product'),
    create: vendor('product', ...productReferences),
    update: vendor('product', ...productReferences),
    partialUpdate: vendor('product', ...productReferences),
    retrieve: member('product'),
    retrieveForExtension: vendor('product'),
    destroy: vendor('product'),
    duplicate: vendor('product'),
    createFromDepositImages: vendor(
      'product',
      writes('deposit', 'deposit'),
      writes('depositImagesUuids', 'deposit_image'),
    ),
    processClusterAndCreateProduct: vendor('product', writes('depositUuid', 'deposit')),
    generateName: vendor('product'),
    generatePrice: vendor('product'),
    getMarketplaceSearchUrl: vendor('product'),
    importSheetFile: rule(VENDORS, 'product', {
      gate: true,
      references: [writes('deposit', 'deposit')],
    }),
    findPriceForComparableItems: vendor('product'),
    transferToAnotherDeposit: vendor(
      'product',
      writes('productUuids', 'product'),
      writes('targetDeposit', 'deposit'),
    ),
  }),
  rulesFor(ProductImageService, {
    list: member('product_image'),
    create: vendor('product_image', writes('productImage.product', 'product')),
    createFromDepositImage: vendor(
      'product_image',
      writes('product', 'product'),
      reads('depositImage', 'deposit_image'),
    ),
    update: vendor('product_image', writes('productImage.product', 'product')),
    destroy: vendor('product_image'),
    reorder: vendor(
      'product_image',
      writes('product', 'product'),
      writes('uuids', 'product_image'),
    ),
    rotate: vendor('product_image'),
    streamProgression: member('product_image'),
  }),
  rulesFor(ProductAnnouncementService, {
    list: member('product_announcement'),
    create: vendor(
      'product_announcement',
      writes('productAnnouncement.product', 'product'),
      reads('productAnnouncement.announcement', 'announcement'),
    ),
    updateOrCreate: vendor(
      'product_announcement',
      writes('productAnnouncement.product', 'product'),
      reads('productAnnouncement.announcement', 'announcement'),
    ),
    retrieve: member('product_announcement'),
    update: vendor(
      'product_announcement',
      writes('productAnnouncement.product', 'product'),
      reads('productAnnouncement.announcement', 'announcement'),
    ),
    partialUpdate: vendor(
      'product_announcement',
      writes('productAnnouncement.product', 'product'),
      reads('productAnnouncement.announcement', 'announcement'),
    ),
    destroy: vendor('product_announcement'),
    generate: vendor(
      'product_announcement',
      writes('product', 'product'),
      reads('announcement', 'announcement'),
    ),
  }),
  rulesFor(ProductBuyerService, {
    list: member('product_buyer'),
    create: vendor(
      'product_buyer',
      writes('productBuyer.product', 'product'),
      reads('productBuyer.buyer', 'buyer'),
    ),
    retrieve: member('product_buyer'),
    update: vendor(
      'product_buyer',
      writes('productBuyer.product', 'product'),
      reads('productBuyer.buyer', 'buyer'),
    ),
  }),
  // A vendor's own buyers and those of their sales (the buyer row policy).
  rulesFor(BuyerService, {
    list: vendor('buyer'),
    create: vendor('buyer'),
    createFromPastedText: vendor('buyer'),
    previewFromPastedText: vendor('buyer'),
    retrieve: vendor('buyer'),
    update: vendor('buyer'),
  }),
  rulesFor(AnnouncementService, {
    list: vendor('announcement'),
    create: vendor(
      'announcement',
      reads('announcement.vendor', 'vendor'),
      reads('announcement.company', 'company'),
    ),
    retrieve: vendor('announcement'),
    update: vendor(
      'announcement',
      reads('announcement.vendor', 'vendor'),
      reads('announcement.company', 'company'),
    ),
    destroy: vendor('announcement'),
    setFavorite: vendor('announcement', reads('uuid', 'announcement')),
    getFavorite: vendor('announcement'),
  }),
  rulesFor(RateSlideService, {
    list: vendor('rate_slide'),
    create: vendor(
      'rate_slide',
      reads('rateSlide.vendor', 'vendor'),
      writes('rateSlide.deposit', 'deposit'),
      writes('rateSlide.company', 'company'),
    ),
    retrieve: vendor('rate_slide'),
    update: vendor(
      'rate_slide',
      reads('rateSlide.vendor', 'vendor'),
      writes('rateSlide.deposit', 'deposit'),
      writes('rateSlide.company', 'company'),
    ),
    destroy: vendor('rate_slide'),
  }),
  rulesFor(InvoiceService, {
    list: member('invoice'),
    retrieve: member('invoice'),
    updateInvoiceStatus: vendor('invoice', reads('uuid', 'invoice')),
    export: member('invoice'),
    generateInvoices: vendor('invoice', reads('vendor', 'vendor'), reads('customer', 'customer')),
    // The buyer is checked by the handler against the product's own buyer (buyers have no owner).
    generateProductInvoice: vendor(
      'invoice',
      reads('vendor', 'vendor'),
      writes('product', 'product'),
    ),
    createCreditNote: vendor('invoice', reads('invoice', 'invoice')),
    downloadInvoice: member('invoice', reads('uuid', 'invoice')),
  }),
  rulesFor(SubscriptionService, {
    retrieve: vendor('subscription'),
    terminateTrial: vendor('subscription'),
    // Plans and their prices are the same for every vendor.
    listPlans: vendor(null),
    // Always for the caller's own vendor record; the handler checks the session is theirs.
    createCheckoutSession: vendor(null),
    getCheckoutStatus: vendor(null),
    // The caller's own running plan only: the handler reads it from their vendor record.
    previewPlanChange: vendor(null),
    changePlan: vendor(null),
  }),
  rulesFor(PaymentPortalService, {
    getCustomerPortalClientSecret: vendor(null, reads('vendor', 'vendor')),
    getCustomerPortalUrl: vendor(null, reads('vendor', 'vendor')),
  }),
  // A vendor sees, reopens and waits for their own payments (the handlers scope each row); only
  // staff ask a vendor to pay. No subscription gate: paying is how a vendor settles what they owe.
  rulesFor(PaymentProcessService, {
    list: vendor('payment_process'),
    retrieve: vendor('payment_process'),
    refreshPaymentUrl: vendor('payment_process'),
    waitForPaymentConfirmation: vendor('payment_process'),
    requestPayment: staff('payment_process', reads('vendor', 'vendor')),
  }),
  // Paying depositors: a vendor pays and reads only their own contacts (the customer reference)
  // as themself (the vendor reference); staff name the vendor. No subscription gate: what a
  // depositor is owed is paid whatever the vendor's plan. Customers read their own payouts.
  rulesFor(PayoutService, {
    settle: vendor('payout', reads('customer', 'customer'), reads('vendor', 'vendor')),
    list: member('payout'),
    downloadReceipt: member('payout', reads('uuid', 'payout')),
    previewBatch: vendor('payout', reads('vendor', 'vendor')),
    createSepaBatch: vendor(
      'sepa_batch',
      reads('vendor', 'vendor'),
      reads('customers', 'customer'),
    ),
    downloadSepaBatch: vendor('sepa_batch', reads('uuid', 'sepa_batch')),
    listSepaBatches: vendor('sepa_batch'),
  }),
  // The police register: a vendor reads and corrects their own (their company's, whose members
  // share one register); staff name the vendor. Customers never. No subscription gate: keeping
  // the register is a legal duty whatever the plan. The handlers scope each entry to the register.
  rulesFor(PoliceRegisterService, {
    list: vendor(null, reads('vendor', 'vendor')),
    verify: vendor(null, reads('vendor', 'vendor')),
    correct: vendor(null, reads('vendor', 'vendor')),
    export: vendor(null, reads('vendor', 'vendor')),
  }),
  // Sponsorship: any signed-in user may try, so a customer is told in words that only vendors are
  // sponsored; a vendor lists their own referrals, staff name the vendor.
  rulesFor(ReferralService, {
    createFromSponsorCode: rule(SIGNED_IN, null),
    listReferrals: vendor(null, reads('vendor', 'vendor')),
  }),
  // Personal data (GDPR art. 15, 17, 20): the customer themself, or staff for them; never a vendor.
  // Restitution receipts: the deposit's vendor, its depositor or staff read them (a restituted
  // deposit has left the vendor's scope, so the handler checks the receipt's own vendor and
  // customer); only the depositor accepts. The personal link's token names one receipt, without
  // signing in, and the handler checks it.
  rulesFor(RestitutionReceiptService, {
    getForDeposit: member(null),
    accept: rule(['Customer'], null),
    download: member(null),
    // Each sees the receipts naming them (staff all); a vendor or depositor filter must be theirs.
    list: member(null, reads('vendor', 'vendor'), reads('customer', 'customer')),
    getByToken: rule(EVERYONE, null, { draftToken: true }),
    acceptByToken: rule(EVERYONE, null, { draftToken: true }),
    downloadByToken: rule(EVERYONE, null, { draftToken: true }),
  }),
  rulesFor(PersonalDataService, {
    exportPersonalData: rule(['Customer', ...STAFF], 'customer', {
      references: [reads('customer', 'customer')],
    }),
    erasePersonalData: rule(['Customer', ...STAFF], 'customer', {
      references: [reads('customer', 'customer')],
    }),
  }),
  // DAC7: the platform reports its storefront's sellers; only staff read and complete that data.
  rulesFor(Dac7Service, {
    checkReport: staff(null),
    buildReport: staff(null),
    buildSummary: staff(null),
    saveSellerDetails: staff('vendor', reads('vendor', 'vendor')),
    listFiledReports: staff('dac7_filed_report'),
    buildCorrection: staff('dac7_filed_report', reads('report', 'dac7_filed_report')),
  }),
  // A vendor manages their own places and labels; the rows name their vendor.
  rulesFor(DeliveryPlaceService, {
    list: vendor('delivery_place'),
    create: vendor('delivery_place', reads('deliveryPlace.vendor', 'vendor')),
    update: vendor('delivery_place', reads('deliveryPlace.vendor', 'vendor')),
    partialUpdate: vendor('delivery_place', reads('deliveryPlace.vendor', 'vendor')),
    retrieve: vendor('delivery_place'),
    destroy: vendor('delivery_place'),
    findPlacesFromProviders: vendor(null),
  }),
  rulesFor(ShippingLabelService, {
    list: vendor('shipping_label'),
    retrieve: vendor('shipping_label'),
    createFreeLabel: vendor(
      'shipping_label',
      reads('order.deliveryPlace', 'delivery_place'),
      reads('order.shippedObjectUuid', 'product'),
    ),
    createWithPaymentUrl: vendor(
      'shipping_label',
      reads('order.deliveryPlace', 'delivery_place'),
      reads('order.shippedObjectUuid', 'product'),
    ),
    cancel: vendor('shipping_label'),
    regenerate: vendor('shipping_label', reads('deliveryPlaceUuid', 'delivery_place')),
    download: vendor('shipping_label'),
    // The items named must be the vendor's; the batch file is read through its task.
    printLabels: vendor('shipping_label', reads('products', 'product')),
    downloadBatch: vendor('background_task', reads('task', 'background_task')),
    createReturnLabel: vendor('shipping_label', reads('deposit', 'deposit')),
    checkIfNextLabelIsFree: vendor(
      'shipping_label',
      reads('vendor', 'vendor'),
      reads('deliveryPlace', 'delivery_place'),
    ),
  }),
  // A vendor's own imported sales (staff any, or the vendor they name); rows are written by the
  // imports and the link only, the generic writes stay staff's.
  rulesFor(MarketplaceTransactionService, {
    list: vendor('marketplace_transaction'),
    create: staff('marketplace_transaction'),
    retrieve: vendor('marketplace_transaction'),
    update: staff('marketplace_transaction'),
    partialUpdate: staff('marketplace_transaction'),
    destroy: staff('marketplace_transaction'),
    importFromMarketplace: rule(VENDORS, 'marketplace_transaction', {
      gate: true,
      references: [reads('vendor', 'vendor')],
    }),
    previewCsv: vendor('marketplace_transaction', reads('vendor', 'vendor')),
    importCsv: rule(VENDORS, 'marketplace_transaction', {
      gate: true,
      references: [reads('vendor', 'vendor')],
    }),
    link: vendor('marketplace_transaction', reads('product', 'product'), reads('buyer', 'buyer')),
    getFeeSplit: vendor('marketplace_transaction', reads('vendor', 'vendor')),
  }),
  rulesFor(OutboxMailService, { list: staff('outbox_mail'), retrieve: staff('outbox_mail') }),
  rulesFor(SupportTicketService, {
    // The author is the caller; a ticket naming someone else as its author is refused.
    create: member(
      'support_ticket',
      reads('supportTicket.vendor', 'vendor'),
      reads('supportTicket.customer', 'customer'),
    ),
    list: member('support_ticket'),
    retrieve: member('support_ticket'),
    // Authors and support reach a ticket by the ticket's own rules (ticketRows.ts).
    reply: member('support_ticket'),
  }),
  rulesFor(DashboardService, { get: member(null) }),
  // Statistics: staff for every vendor or the one they name; a vendor for themself. Customers never.
  rulesFor(StatsService, { getStats: vendor(null, reads('vendor', 'vendor')) }),
  // Live notices: any signed-in user reads their own, by their identity; the request names nobody.
  rulesFor(NotificationService, {
    stream: rule(SIGNED_IN, null),
    list: rule(SIGNED_IN, null),
    markRead: rule(SIGNED_IN, null),
  }),
  rulesFor(BackgroundTaskService, {
    list: member('background_task'),
    streamList: member('background_task'),
    dismiss: member('background_task'),
  }),
  rulesFor(BackgroundImportService, {
    importMarketplaceProfile: rule(VENDORS, 'background_task', {
      gate: true,
      references: [reads('vendor', 'vendor')],
    }),
  }),
  rulesFor(PublisherService, {
    publishProducts: vendor(
      'product_listing',
      writes('products', 'product'),
      writes('vendorConnectors', 'vendor_connector'),
    ),
    checkProducts: vendor(
      'product_listing',
      writes('products', 'product'),
      writes('vendorConnectors', 'vendor_connector'),
    ),
  }),
  rulesFor(ProductListingService, {
    list: vendor('product_listing'),
    listEvents: vendor('product_event'),
    getListingKit: vendor(
      'product_listing',
      reads('product', 'product'),
      reads('announcement', 'announcement'),
    ),
    recordMarketplaceListing: vendor('product_listing', writes('product', 'product')),
    withdraw: vendor('product_listing'),
  }),
  rulesFor(StorefrontService, {
    getShop: vendor(null),
    listReservations: vendor('storefront_reservation'),
    confirmReservation: vendor('storefront_reservation'),
    releaseReservation: vendor('storefront_reservation'),
  }),
  rulesFor(VendorConnectorService, {
    list: vendor('vendor_connector'),
    retrieve: vendor('vendor_connector'),
    partialUpdate: vendor('vendor_connector', reads('vendorConnector.vendor', 'vendor')),
    update: vendor('vendor_connector', reads('vendorConnector.vendor', 'vendor')),
    shopPlatformOauthConnect: vendor('vendor_connector'),
    connect: vendor('vendor_connector'),
    disconnect: vendor('vendor_connector'),
    sync: vendor('vendor_connector'),
  }),
];
