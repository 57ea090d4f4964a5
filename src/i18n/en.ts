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
import { depositRatesEn } from './areas/depositRates.en.ts';
import { invoicingEn } from './areas/invoicing.en.ts';
import { invoicesEn } from './areas/invoices.en.ts';

import type { Translation } from './fr.ts';

/** English texts, the fallback language. */
export const en: Translation = {
  app: {
    title: 'Seconde',
    mainNavigation: 'Main navigation',
  },
  nav: {
    dashboard: 'Dashboard',
    deposits: 'Deposits',
    marketplace: 'Available deposits',
    depositRequests: 'Deposit requests',
    contacts: 'Contacts',
    vendors: 'Vendors',
    outbox: 'Sent mail',
    dressing: 'My dressing',
    profile: 'My profile',
    newDeposit: 'Hand items over',
    stock: 'Stock',
    stats: 'Statistics',
    statsNew: 'New statistics',
    invoices: 'Invoices',
    messaging: 'Messages',
    myInformation: 'My information',
  },
  language: {
    label: 'Language',
    fr: 'FR',
    en: 'EN',
    frName: 'Français',
    enName: 'English',
  },
  session: {
    loading: 'Signing in…',
    signedOutTitle: 'You are not signed in',
    signedOutDescription: 'Sign in to reach your space.',
    signIn: 'Sign in',
    signInAgain: 'Sign in again',
    signOut: 'Sign out',
    retry: 'Try again',
    failedTitle: 'Sign-in failed',
  },
  role: {
    developer: 'Developer',
    admin: 'Administrator',
    vendor: 'Vendor',
    customer: 'Customer',
    none: 'No role',
  },
  noGroup: {
    title: 'Access not allowed',
    description: 'Your account belongs to no recognised group. Contact your administrator.',
  },
  unrecognizedUser: {
    title: 'Unrecognised user',
    description: 'No vendor or customer account matches your identity.',
  },
  notFound: {
    title: 'Page not found',
    description: 'The page you asked for does not exist or has moved.',
    home: 'Back to the dashboard',
  },
  startup: {
    failedTitle: 'The app could not start',
    failedDescription: 'The server configuration could not be read. Try again in a moment.',
    reload: 'Reload',
  },
  errors: {
    cancelled: 'The request was cancelled.',
    unauthenticated: 'Your session has expired. Sign in again.',
    forbidden: 'You do not have access to this.',
    subscriptionUpdateNeeded: 'Your subscription needs updating.',
    notFound: 'Item not found.',
    invalidRequest: 'The request is not valid.',
    fieldInvalid: 'A value is too long, out of range or not recognised. Check the form.',
    requestUnreadable: 'The server could not read the request. Reload the page and try again.',
    unknownReference:
      'This refers to something that no longer exists. Reload the page and try again.',
    duplicate: 'A similar item already exists.',
    changedBySomeoneElse: 'Someone else changed this item. Reload the page.',
    unavailable: 'The server cannot be reached. Check your connection.',
    timeout: 'The server took too long to answer.',
    tooManyRequests: 'Too many requests. Wait a moment.',
    notImplemented: 'This feature is not available yet.',
    unexpected: 'An unexpected error occurred.',
    restoreFailed: 'The sign-in return could not be processed.',
    signInFailed: 'The sign-in service cannot be reached.',
    signOutFailed: 'Signing out failed.',
    watchFailed: 'Watching your session stopped.',
  },
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
  ...depositRatesEn,
  ...invoicingEn,
  ...invoicesEn,
};
