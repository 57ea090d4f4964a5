/**
 * The onboarding questionnaires of 1-app-shell.md §2 and 2-business-data.md §3-§4, shared by the
 * onboarding machines (which steps ask what, what must be answered) and the server's
 * SaveOnboarding calls (which fields a step may write, what completion requires). Field names are
 * the contracts' local names (camelCase); the server converts them to columns. Pure data.
 */

/** Vendor fields an onboarding step may write; anything else in the mask is refused. */
export const VENDOR_ONBOARDING_FIELDS = [
  'sellingMode',
  'vendorKind',
  'sellingTimePerWeek',
  'stockQuantity',
  'inventorySupport',
  'monthlyEarningExpectation',
  'marketplaceInterest',
  'howDidYouKnowProvider',
  'onboardingDevice',
] as const;
export type VendorOnboardingField = (typeof VENDOR_ONBOARDING_FIELDS)[number];

/**
 * Answers a vendor must give before the onboarding completes: every multiple-choice question of
 * the profile. How they heard of us stays optional, and the device is recorded, not asked.
 */
export const VENDOR_REQUIRED_ANSWERS: readonly VendorOnboardingField[] = [
  'sellingMode',
  'vendorKind',
  'sellingTimePerWeek',
  'stockQuantity',
  'inventorySupport',
  'monthlyEarningExpectation',
  'marketplaceInterest',
];

/** Customer fields an onboarding step may write. */
export const CUSTOMER_ONBOARDING_FIELDS = [
  'preferedContactWay',
  'ageRange',
  'acceptHomeTakeAway',
  'acceptSendPostal',
  'registerToCustomerNewsletter',
  'acceptToBeContacted',
  'howDidYouKnowProvider',
] as const;
export type CustomerOnboardingField = (typeof CUSTOMER_ONBOARDING_FIELDS)[number];

/** Answers a customer must give: how to reach them and for whom their items are. */
export const CUSTOMER_REQUIRED_ANSWERS: readonly CustomerOnboardingField[] = [
  'preferedContactWay',
  'ageRange',
];

/** Answers offered for "how did you know us" (stored as the label; the column is free text). */
export const HOW_DID_YOU_KNOW_SOURCES = [
  'SEARCH_ENGINE',
  'SOCIAL_NETWORK',
  'WORD_OF_MOUTH',
  'MARKETPLACE',
  'PRESS',
  'EVENT',
  'OTHER',
] as const;
