import { outboxServiceHandlers } from '../mail/outboxService.ts';
import { accountCallsHandlers } from './account/accountCalls.ts';
import { backgroundImportCallsHandlers } from './backgroundImport/backgroundImportCalls.ts';
import { dashboardCallsHandlers } from './dashboard/dashboardCalls.ts';
import type { ServiceDeps } from './deps.ts';
import { depositCallsHandlers } from './deposit/depositCalls.ts';
import { depositRequestsHandlers } from './deposit/depositRequests.ts';
import { depositRulesHandlers } from './deposit/depositRules.ts';
import { exportCallsHandlers } from './exports/exportCalls.ts';
import { imageCallsHandlers } from './images/imageCalls.ts';
import { importCallsHandlers } from './imports/importCalls.ts';
import { productCallsHandlers } from './products/productCalls.ts';
import { stockCallsHandlers } from './stock/stockCalls.ts';
import { peopleCallsHandlers } from './people/peopleCalls.ts';
import { onboardingCallsHandlers } from './onboarding/onboardingCalls.ts';
import { publicDepositServiceHandlers } from './publicDeposit/publicDepositService.ts';
import { supportTicketsHandlers } from './shell/supportTickets.ts';
import { backgroundTaskCallsHandlers } from './tasks/backgroundTaskCalls.ts';
import { publishingCallsHandlers } from './publishing/publishingCalls.ts';
import { connectorCallsHandlers } from './connectors/connectorCalls.ts';
import { storefrontCallsHandlers } from './storefront/storefrontCalls.ts';
import { announcementCallsHandlers } from './announcements/announcementCalls.ts';
import { companyCallsHandlers } from './companies/companyCalls.ts';
import { rateSlideCallsHandlers } from './rateSlides/rateSlideCalls.ts';
import { payoutServiceHandlers } from './payouts/payoutService.ts';
import { invoiceCallsHandlers } from './invoices/invoiceCalls.ts';
import { billingCallsHandlers } from './billing/billingCalls.ts';
import { shippingCallsHandlers } from './shipping/shippingCalls.ts';
import { labelBatchHandlers } from './shipping/labelBatch.ts';
import { returnLabelHandlers } from './shipping/returnLabels.ts';
import { labelPollingHandlers } from './shipping/labelPolling.ts';
import { paymentProcessHandlers } from './billing/paymentProcesses.ts';
import { dac7CallsHandlers } from './dac7/dac7Calls.ts';
import { personalDataHandlers } from './personalData/personalDataCalls.ts';
import { dressingHandlers } from './dressing/dressingCalls.ts';
import { policeRegisterHandlers } from './policeRegister/registerCalls.ts';
import { statsCallsHandlers } from './stats/statsCalls.ts';
import { buyerCallsHandlers } from './buyers/buyerCalls.ts';
import { depositCategoryHandlers } from './depositCategories/fromDeposit.ts';
import { productForExtensionHandlers } from './products/forExtension.ts';
import { marketplaceTransactionHandlers } from './marketplaceTransactions/transactionCalls.ts';
import { restitutionReceiptHandlers } from './restitution/receiptCalls.ts';
import { referralCallsHandlers } from './referral/referralCalls.ts';
import { noticeCallsHandlers } from './notices/noticeCalls.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { implement } from './implement.ts';
import { sessionHandlers } from './sessionService.ts';

/**
 * Every area's hand-written handlers, each typed against its service's contract; one area per
 * file keeps them apart. The tuple's type is what `coverage.ts` checks for missing methods.
 */
export function handWrittenParts(deps: ServiceDeps) {
  return [
    implement(SessionService, sessionHandlers(deps.db, deps.settings)),
    ...depositCallsHandlers(deps),
    ...depositRulesHandlers(deps),
    ...depositRequestsHandlers(deps),
    ...publicDepositServiceHandlers(deps),
    ...peopleCallsHandlers(deps),
    ...outboxServiceHandlers(deps),
    ...supportTicketsHandlers(deps),
    ...accountCallsHandlers(deps),
    ...onboardingCallsHandlers(deps),
    ...dashboardCallsHandlers(deps),
    ...backgroundTaskCallsHandlers(deps),
    ...backgroundImportCallsHandlers(deps),
    ...exportCallsHandlers(deps),
    ...importCallsHandlers(deps),
    ...imageCallsHandlers(deps),
    ...productCallsHandlers(deps),
    ...stockCallsHandlers(deps),
    ...publishingCallsHandlers(deps),
    ...connectorCallsHandlers(deps),
    ...storefrontCallsHandlers(deps),
    ...announcementCallsHandlers(deps),
    ...companyCallsHandlers(deps),
    ...rateSlideCallsHandlers(deps),
    ...payoutServiceHandlers(deps),
    ...invoiceCallsHandlers(deps),
    ...billingCallsHandlers(deps),
    ...shippingCallsHandlers(deps),
    ...labelBatchHandlers(deps),
    ...returnLabelHandlers(deps),
    ...labelPollingHandlers(deps),
    ...paymentProcessHandlers(deps),
    ...dac7CallsHandlers(deps),
    ...personalDataHandlers(deps),
    ...dressingHandlers(deps),
    ...policeRegisterHandlers(deps),
    ...statsCallsHandlers(deps),
    ...buyerCallsHandlers(deps),
    ...depositCategoryHandlers(deps),
    ...productForExtensionHandlers(deps),
    ...marketplaceTransactionHandlers(deps),
    ...restitutionReceiptHandlers(deps),
    ...referralCallsHandlers(deps),
    ...noticeCallsHandlers(deps),
  ] as const;
}

/** One hand-written part, with its service and method names in its type. */
export type HandWrittenPart = ReturnType<typeof handWrittenParts>[number];

/**
 * The hand-written handlers merged per service, under the type name read from each generated
 * descriptor; they replace the generic ones of the same name. A method two areas answer is a bug.
 */
export function handWrittenHandlers(deps: ServiceDeps): Map<string, Record<string, unknown>> {
  const merged = new Map<string, Record<string, unknown>>();
  for (const { service, handlers } of handWrittenParts(deps)) {
    const existing = merged.get(service.typeName) ?? {};
    const clash = Object.keys(handlers).filter((m) => m in existing);
    if (clash.length) throw new Error(`${service.typeName}: ${clash.join(', ')} handled twice`);
    merged.set(service.typeName, { ...existing, ...handlers });
  }
  return merged;
}
