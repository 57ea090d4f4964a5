import { coreFr } from './areas/core.fr.ts';
import { routingFr } from './areas/routing.fr.ts';
import { shellFr } from './areas/shell.fr.ts';
import { accountFr } from './areas/account.fr.ts';
import { onboardingFr } from './areas/onboarding.fr.ts';
import { dashboardFr } from './areas/dashboard.fr.ts';
import { formsFr } from './areas/forms.fr.ts';
import { pagesFr } from './areas/pages.fr.ts';
import { depositRulesFr } from './areas/depositRules.fr.ts';
import { depositsFr } from './areas/deposits.fr.ts';
import { newDepositFr } from './areas/newDeposit.fr.ts';
import { depositRequestsFr } from './areas/depositRequests.fr.ts';
import { peopleFr } from './areas/people.fr.ts';
import { profileFr } from './areas/profile.fr.ts';
import { exportsFr } from './areas/exports.fr.ts';
import { tasksFr } from './areas/tasks.fr.ts';
import { importsFr } from './areas/imports.fr.ts';
import { uploadFr } from './areas/upload.fr.ts';
import { photosFr } from './areas/photos.fr.ts';
import { productsFr } from './areas/products.fr.ts';
import { stockFr } from './areas/stock.fr.ts';
import { publishingFr } from './areas/publishing.fr.ts';
import { connectorsFr } from './areas/connectors.fr.ts';
import { announcementsFr } from './areas/announcements.fr.ts';
import { storefrontFr } from './areas/storefront.fr.ts';
import { companyFr } from './areas/company.fr.ts';
import { documentsFr } from './areas/documents.fr.ts';
import { payoutsFr } from './areas/payouts.fr.ts';
import { dac7Fr } from './areas/dac7.fr.ts';
import { privacyFr } from './areas/privacy.fr.ts';
import { dressingFr } from './areas/dressing.fr.ts';
import { depositRatesFr } from './areas/depositRates.fr.ts';
import { invoicingFr } from './areas/invoicing.fr.ts';
import { invoicesFr } from './areas/invoices.fr.ts';
import { paymentsFr } from './areas/payments.fr.ts';
import { shippingFr } from './areas/shipping.fr.ts';
import { labelBatchFr } from './areas/labelBatch.fr.ts';
import { returnLabelFr } from './areas/returnLabel.fr.ts';
import { buyersFr } from './areas/buyers.fr.ts';
import { transactionsFr } from './areas/transactions.fr.ts';
import { policeRegisterFr } from './areas/policeRegister.fr.ts';
import { restitutionReceiptFr } from './areas/restitutionReceipt.fr.ts';
import { noticesFr } from './areas/notices.fr.ts';
import { statsFr } from './areas/stats.fr.ts';
import { referralFr } from './areas/referral.fr.ts';

/** French texts, the default language. Keys are `area.item`; `en.ts` must have the same ones. */
export const fr = {
  ...coreFr,
  ...depositRulesFr,
  ...depositsFr,
  ...newDepositFr,
  ...depositRequestsFr,
  ...peopleFr,
  ...profileFr,
  ...routingFr,
  ...shellFr,
  ...accountFr,
  ...onboardingFr,
  ...dashboardFr,
  ...formsFr,
  ...pagesFr,
  ...exportsFr,
  ...tasksFr,
  ...importsFr,
  ...uploadFr,
  ...photosFr,
  ...productsFr,
  ...stockFr,
  ...publishingFr,
  ...connectorsFr,
  ...announcementsFr,
  ...storefrontFr,
  ...companyFr,
  ...documentsFr,
  ...payoutsFr,
  ...dac7Fr,
  ...privacyFr,
  ...dressingFr,
  ...depositRatesFr,
  ...invoicingFr,
  ...invoicesFr,
  ...paymentsFr,
  ...shippingFr,
  ...labelBatchFr,
  ...returnLabelFr,
  ...buyersFr,
  ...transactionsFr,
  ...policeRegisterFr,
  ...restitutionReceiptFr,
  ...noticesFr,
  ...statsFr,
  ...referralFr,
};

/** The shape every language follows: same areas, same items, text values. */
export type Translation = { [Area in keyof typeof fr]: Record<keyof (typeof fr)[Area], string> };
