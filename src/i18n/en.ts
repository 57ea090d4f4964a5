import { coreEn } from './areas/core.en.ts';
import { routingEn } from './areas/routing.en.ts';
import { shellEn } from './areas/shell.en.ts';
import { accountEn } from './areas/account.en.ts';
import { onboardingEn } from './areas/onboarding.en.ts';
import { dashboardEn } from './areas/dashboard.en.ts';
import { formsEn } from './areas/forms.en.ts';
import { pagesEn } from './areas/pages.en.ts';
import { depositRulesEn } from './areas/depositRules.en.ts';
import { depositsEn } from './areas/deposits.en.ts';
import { newDepositEn } from './areas/newDeposit.en.ts';
import { depositRequestsEn } from './areas/depositRequests.en.ts';
import { peopleEn } from './areas/people.en.ts';
import { profileEn } from './areas/profile.en.ts';
import { exportsEn } from './areas/exports.en.ts';
import { tasksEn } from './areas/tasks.en.ts';
import { importsEn } from './areas/imports.en.ts';
import { uploadEn } from './areas/upload.en.ts';
import { photosEn } from './areas/photos.en.ts';
import { productsEn } from './areas/products.en.ts';
import { stockEn } from './areas/stock.en.ts';
import { publishingEn } from './areas/publishing.en.ts';
import { connectorsEn } from './areas/connectors.en.ts';
import { announcementsEn } from './areas/announcements.en.ts';
import { storefrontEn } from './areas/storefront.en.ts';
import { companyEn } from './areas/company.en.ts';
import { documentsEn } from './areas/documents.en.ts';
import { payoutsEn } from './areas/payouts.en.ts';
import { dac7En } from './areas/dac7.en.ts';
import { privacyEn } from './areas/privacy.en.ts';
import { dressingEn } from './areas/dressing.en.ts';
import { depositRatesEn } from './areas/depositRates.en.ts';
import { invoicingEn } from './areas/invoicing.en.ts';
import { invoicesEn } from './areas/invoices.en.ts';
import { paymentsEn } from './areas/payments.en.ts';
import { shippingEn } from './areas/shipping.en.ts';
import { labelBatchEn } from './areas/labelBatch.en.ts';
import { returnLabelEn } from './areas/returnLabel.en.ts';
import { buyersEn } from './areas/buyers.en.ts';
import { transactionsEn } from './areas/transactions.en.ts';
import { policeRegisterEn } from './areas/policeRegister.en.ts';
import { restitutionReceiptEn } from './areas/restitutionReceipt.en.ts';
import { noticesEn } from './areas/notices.en.ts';
import { statsEn } from './areas/stats.en.ts';
import { referralEn } from './areas/referral.en.ts';

import type { Translation } from './fr.ts';

/** English texts, the fallback language. */
export const en: Translation = {
  ...coreEn,
  ...depositRulesEn,
  ...depositsEn,
  ...newDepositEn,
  ...depositRequestsEn,
  ...peopleEn,
  ...profileEn,
  ...routingEn,
  ...shellEn,
  ...accountEn,
  ...onboardingEn,
  ...dashboardEn,
  ...formsEn,
  ...pagesEn,
  ...exportsEn,
  ...tasksEn,
  ...importsEn,
  ...uploadEn,
  ...photosEn,
  ...productsEn,
  ...stockEn,
  ...publishingEn,
  ...connectorsEn,
  ...announcementsEn,
  ...storefrontEn,
  ...companyEn,
  ...documentsEn,
  ...payoutsEn,
  ...dac7En,
  ...privacyEn,
  ...dressingEn,
  ...depositRatesEn,
  ...invoicingEn,
  ...invoicesEn,
  ...paymentsEn,
  ...shippingEn,
  ...labelBatchEn,
  ...returnLabelEn,
  ...buyersEn,
  ...transactionsEn,
  ...policeRegisterEn,
  ...restitutionReceiptEn,
  ...noticesEn,
  ...statsEn,
  ...referralEn,
};
