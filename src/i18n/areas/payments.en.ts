import type { paymentsFr } from './payments.fr.ts';

/** payments texts (en): the waiting screen of a payment through the payment provider. */
export const paymentsEn: typeof paymentsFr = {
  payments: {
    pageTitle: 'Payment',
    loading: 'Loading the payment…',
    amount: 'Amount: {{amount}}',
    waitingTitle: 'Waiting for your payment',
    waitingText:
      'Pay on the payment provider’s secure page; this page updates as soon as the payment is confirmed. You may close it and come back.',
    pay: 'Pay {{amount}}',
    confirmedTitle: 'Payment confirmed',
    confirmedText: 'The payment provider confirmed your payment of {{amount}}. Thank you!',
    expiredTitle: 'Payment expired',
    expiredText:
      'The payment page expired before the payment was confirmed. Open a new page to pay.',
    waitExpiredTitle: 'Still waiting for the confirmation',
    waitExpiredText:
      'We have not received the provider’s confirmation. If you paid, the payment will show here once confirmed; otherwise open a new payment page.',
    refresh: 'Open a new payment page',
    cancelledTitle: 'Payment canceled',
    cancelledText: 'This payment was canceled: nothing is asked of you.',
    refundedTitle: 'Payment refunded',
    refundedText: 'This payment was refunded to you.',
    failedTitle: 'This payment cannot be followed',
    retry: 'Try again',
    backToItem: 'See the item and its label',
    backToDashboard: 'Back to the dashboard',
    reasonAmountInvalid: 'The amount must be a positive number of cents',
    reasonProviderRefused: 'The payment provider refused to open the payment page',
    viewInvoice: 'View',
    providerPdfLabel: 'PDF of invoice {{number}}',
    viewInvoiceLabel: 'View invoice {{number}} at the payment provider',
    reasonAlreadySettled: 'This payment is already paid, canceled or refunded',
  },
};
