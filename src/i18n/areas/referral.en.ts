/** Sponsorship texts (en); the same keys must exist in the other language. */
export const referralEn = {
  referral: {
    reasonSponsorCodeEmpty: 'Type a sponsor code, or leave the field empty.',
    reasonSponsorCodeUnknown:
      'No vendor has this sponsor code. Check it: it has 8 characters, with no O or I.',
    reasonSponsorCodeOwn:
      'This is your own code: type the code of the vendor who recommended Seconde to you.',
    reasonSponsorCodeMutual: 'You sponsored this vendor: they cannot be your sponsor.',
    reasonAlreadySponsored: 'You already have a sponsor: a vendor is sponsored only once.',
    reasonReferralTooLate: 'A sponsor code is entered before the first subscription.',
    reasonReferralVendorsOnly: 'Only vendors can be sponsored.',
    title: 'Referrals',
    intro:
      'Share your code: the vendor you sponsor gets their first month of subscription free, and you earn a free month as soon as they pay their first month.',
    codeLabel: 'Your sponsor code',
    copy: 'Copy the code',
    copied: 'Code copied',
    copyFailed: 'Copying failed: select the code to copy it.',
    sponsoredBy: 'You were sponsored by {{name}}.',
    listTitle: 'Vendors you sponsored',
    empty: 'You have not sponsored anyone yet.',
    columnWho: 'Vendor',
    columnWhen: 'Sponsored on',
    columnReward: 'Your free month',
    statusPending: 'Waiting for their first payment',
    statusEarned: 'Earned, applied to your next subscription',
    statusApplied: 'Applied to your subscription',
    loading: 'Loading referrals…',
    loadFailed: 'Referrals could not be loaded',
    retry: 'Try again',
  },
};
