/** account texts (en); the same keys must exist in the other language. */
export const accountEn = {
  account: {
    trialTitle: 'Free trial',
    trialDaysLeftOne: '1 day of free trial left.',
    trialDaysLeftMany: '{{count}} days of free trial left.',
    trialText:
      'Use Seconde free of charge for 14 days. End the trial whenever you like to start your subscription.',
    trialSeeSubscription: 'See my subscription',
    terminateTrial: 'End the trial now',
    terminateTrialTitle: 'End the free trial?',
    terminateTrialText:
      'Your subscription starts at once and the saved payment method is charged. You then get everything paid plans allow, such as the marketplace’s 3-month mandates.',
    terminateTrialConfirm: 'End the trial',
    terminateTrialFailed: 'The trial could not be ended.',
    trialTerminated: 'Trial ended: your subscription is active.',
    cancel: 'Cancel',
    subscriptionTitle: 'Subscription to update',
    subscriptionText:
      'This action needs an active subscription. Update your subscription to go on; nothing you entered is lost.',
    serverMessage: 'Message from the service',
    seeSubscription: 'See my subscription',
    close: 'Close',
    legalTitle: 'Terms of use',
    legalIntro:
      'To use Seconde, read and accept our terms of use. They may have changed since your last visit.',
    legalSummary:
      'In short: your clothes and your data stay yours; deposits and sales follow the platform’s rules; your data serve the service only and you may ask for their deletion.',
    legalRead: 'Read the full terms',
    legalHide: 'Hide the full terms',
    legalText:
      '1. Purpose. Seconde connects people who hand over second-hand clothes and goods (depositors) with vendors who put them up for sale.\n2. Account. You are responsible for the information of your account and for keeping your credentials secret.\n3. Deposits. Each deposit is described by the vendor; the items belong to the depositor until they are sold. Unsold items are returned or donated as the depositor chooses.\n4. Sales and payment. The sale price and each party’s share are those shown in the deposit; the depositor’s share is paid after the sale.\n5. Vendor subscriptions. Vendors use Seconde with a subscription, which a 14-day free trial may precede.\n6. Personal data. Your data serve to provide the service, are never sold, and you may see, correct or have them deleted by writing to us.\n7. Changes. We ask you to accept these terms again whenever they change.',
    legalAccept: 'I accept the terms',
    legalAcceptFailed: 'Your acceptance could not be saved. Try again.',
    notifications: 'Notifications',
  },
};
