import { outboxServiceHandlers } from '../mail/outboxService.ts';
import { accountCallsHandlers } from './account/accountCalls.ts';
import { backgroundImportCallsHandlers } from './backgroundImport/backgroundImportCalls.ts';
import { dashboardCallsHandlers } from './dashboard/dashboardCalls.ts';
import type { ServiceDeps, ServiceHandlers } from './deps.ts';
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

/** Every area's hand-written handlers merged per service; one area per file keeps them apart. */
export function handWrittenHandlers(deps: ServiceDeps): ServiceHandlers {
  const merged: ServiceHandlers = {};
  for (const area of [
    depositCallsHandlers,
    depositRulesHandlers,
    depositRequestsHandlers,
    publicDepositServiceHandlers,
    peopleCallsHandlers,
    outboxServiceHandlers,
    supportTicketsHandlers,
    accountCallsHandlers,
    onboardingCallsHandlers,
    dashboardCallsHandlers,
    backgroundTaskCallsHandlers,
    backgroundImportCallsHandlers,
    exportCallsHandlers,
    importCallsHandlers,
    imageCallsHandlers,
    productCallsHandlers,
    stockCallsHandlers,
    publishingCallsHandlers,
    connectorCallsHandlers,
    storefrontCallsHandlers,
    announcementCallsHandlers,
  ]) {
    for (const [service, handlers] of Object.entries(area(deps))) {
      const existing = merged[service] ?? {};
      const clash = Object.keys(handlers).filter((m) => m in existing);
      if (clash.length) throw new Error(`${service}: ${clash.join(', ')} handled twice`);
      merged[service] = { ...existing, ...handlers };
    }
  }
  return merged;
}
