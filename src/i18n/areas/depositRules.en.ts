/**
 * depositRules texts (en): one text per refusal code of src/domain/deposit/rules.ts under
 * `ruleI18nKey(code)`, and the labels of deposit statuses, sale statuses and abandon / cancel
 * reasons. The same keys must exist in the other language.
 */
export const depositRulesEn = {
  depositRule: {
    statusUnchanged: 'The deposit already has this status.',
    statusFinal: 'This deposit is closed: its status can no longer change.',
    requiredStepSkipped: 'A required step cannot be skipped.',
    requiredStepSkippedNamed: 'Required step: go through “{{step}}” first.',
    statusTooEarlyProductsOnlineOrSold:
      'Cannot go back to this status: some items are online or sold.',
    abandonWithProductsOnline:
      'A deposit with items online cannot be abandoned: use restitution instead.',
    abandonWithProductsSold: 'A deposit with sold items cannot be abandoned.',
    abandonReasonRequired: 'Give the reason for abandoning.',
    cancelWithProductsOnline: 'A deposit with items online cannot be cancelled.',
    cancelWithProductsSold: 'A deposit with sold items cannot be cancelled.',
    cancelReasonRequired: 'Give the reason for cancelling.',
    restitutionBeforeReceived: 'A deposit can only be returned once it has been received.',
    restitutionWithSalesNotInvoiced:
      'Some sales are not invoiced yet: invoice them before the restitution.',
    productInvoiced: 'An invoiced item can no longer be changed.',
    depositClosed: 'The deposit is closed: its items can no longer change.',
    saleBeforeInline: 'An item can only be sold or paid while the deposit is online.',
    onlineBeforeValidation: 'An item can only go online once the deposit’s inventory is validated.',
    publicDraftNotSent:
      'The visitor has not sent this request yet: its status cannot change until they send it.',
    idDocumentRequired:
      'The depositor’s identity document is required before reception (type, number, authority, date of issue): the police register needs it.',
  },
  depositStatus: {
    draft: 'Draft',
    waitingForVendor: 'Waiting for a vendor',
    customerPreparing: 'Customer preparing',
    waitingForSending: 'Waiting for sending',
    send: 'Sent',
    received: 'Received',
    todo: 'To do',
    progress: 'In progress',
    customerWaiting: 'Waiting for the customer',
    depositValidated: 'Inventory validated',
    inline: 'Online',
    restitued: 'Returned',
    abandoned: 'Abandoned',
    canceled: 'Cancelled',
  },
  saleStatus: {
    factured: 'Invoiced',
    payed: 'Paid',
    sell: 'Sold',
    online: 'Online',
    ready: 'Ready',
    offline: 'Offline',
    reserved: 'Reserved',
    refused: 'Refused',
    restitued: 'Returned',
  },
  abandonReason: {
    notSet: 'Not given',
    dontAnswer: 'The customer does not answer',
    homeTakeAwayNotPossible: 'Home pick-up not possible',
    customerCancel: 'Cancelled by the customer',
    vendorDoesNotWantDepositAnymore: 'The vendor no longer wants the deposit',
    doesNotMatchCriteria: 'Does not match the criteria',
  },
  cancelReason: {
    notSet: 'Not given',
    tooLong: 'Too long',
    noLongerWantsDeposit: 'No longer wants to deposit',
    doesNotWantToSendByPost: 'Does not want to send by post',
    clothesNotGoodEnoughQuality: 'Clothes not of good enough quality',
    badFeelingWithVendor: 'Bad feeling with the vendor',
    other: 'Other',
  },
};
