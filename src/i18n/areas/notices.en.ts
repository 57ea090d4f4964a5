import type { noticesFr } from './notices.fr.ts';

/** notices texts (en): the live notices, and the depositor's mails on a sale and a payout. */
export const noticesEn: typeof noticesFr = {
  notices: {
    itemSoldTitle: 'Item sold',
    itemSoldDepositor: '“{{item}}” has sold: your share is {{amount}}.',
    itemSoldVendor: '“{{item}}” has sold ({{amount}}).',
    itemReservedTitle: 'Item reserved',
    itemReserved: '“{{item}}” has just been reserved on your shop.',
    depositAssignedTitle: 'Deposit assigned',
    depositAssigned: 'The deposit “{{deposit}}” has been assigned to you.',
    payoutSentTitle: 'Payout made',
    payoutSent: 'A payout of {{amount}} was made to you ({{method}}, receipt {{receipt}}).',
    taskDoneTitle: 'Task finished',
    taskDone: '“{{task}}” has finished.',
    taskFailedTitle: 'Task failed',
    taskFailed: '“{{task}}” has failed.',
    untitledItem: 'Unnamed item',
    untitledDeposit: 'unnamed',
    untitledTask: 'Background task',
    open: 'Open',
    methodBankTransfer: 'bank transfer',
    methodCash: 'cash',
    methodCheque: 'cheque',
    methodStoreCredit: 'store credit',
    mailHello: 'Hello {{name}},',
    mailHelloNoName: 'Hello,',
    mailSoldSubject: 'Your item “{{item}}” has sold',
    mailSoldBody:
      'Good news: “{{item}}”{{reference}} has sold. Your share is {{amount}}; it will be paid to you under the terms of your deposit.',
    mailPayoutSubject: 'Payout of {{amount}}',
    mailPayoutBody:
      'A payout of {{amount}} was made to you by {{method}}. Your receipt number is {{receipt}}.',
    mailReference: ' (ref. {{reference}})',
    mailFollow: 'Follow your items and payouts in your Seconde space.',
    mailSignature: 'The Seconde team',
  },
};
