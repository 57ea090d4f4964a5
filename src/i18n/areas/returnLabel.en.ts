/** returnLabel texts (en): sending a deposit back to its depositor by post. Same keys in French. */
export const returnLabelEn = {
  returnLabel: {
    title: 'Restitution by post',
    help: 'A label to send the items back to the depositor’s address, from your delivery place. Make it before marking the deposit “Restituted”: it is no longer shown after that.',
    make: 'Make the return label',
    loading: 'Loading…',
    loadFailed: 'The return label could not be loaded',
    retry: 'Try again',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    deliveryStatus: 'Status',
    statusWithDate: '{{status}} ({{date}})',
    download: 'Download the return label (PDF)',
    reasonDepositNotReturnable:
      'A return label is made for a received deposit, before its restitution.',
    reasonPostalSendingRefused:
      'The depositor did not accept postal sending: agree on a restitution in person.',
  },
};
