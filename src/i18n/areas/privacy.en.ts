import type { privacyFr } from './privacy.fr.ts';

/** privacy texts (en): a customer's own data, downloaded or erased. */
export const privacyEn: typeof privacyFr = {
  privacy: {
    title: 'My personal data',
    intro:
      'Download everything Seconde holds about you (a machine-readable JSON file), or ask for its erasure (GDPR, articles 15, 17 and 20).',
    export: 'Download my data',
    exported: '{{filename}} saved.',
    erase: 'Erase my data',
    confirmTitle: 'Erase your personal data?',
    confirmText:
      'Your name, contact details, address and IBAN will be erased everywhere, and your account will no longer sign in. This cannot be undone. What the law requires us to keep will be kept, and you will be told what.',
    confirm: 'Erase for good',
    cancel: 'Cancel',
    erasedTitle: 'Your data has been erased',
    alreadyErased: 'Your data had already been erased: nothing more changed.',
    maskedIntro: 'Erased:',
    keptIntro: 'Kept, because the law requires it:',
    keptNone: 'Nothing had to be kept.',
    keptLine: '{{what}} ({{count}}): {{why}}',
    maskedCustomer: 'your name, e-mail, phone, address and bank details',
    maskedSignIn: 'the link with your sign-in account',
    maskedDeposits: 'the copies of your details on your deposits',
    maskedBuyers: 'your buyer records',
    maskedMails: 'the e-mails sent to you',
    maskedSupportTickets: 'your name on your support requests',
    keptInvoices: 'Invoices and statements',
    keptPayouts: 'Payout receipts',
    keptLedger: 'Entries of your depositor account',
    keptPoliceRegister: 'Police register',
    whyAccountingRecords:
      'accounting records kept for 10 years (French Commercial Code, art. L123-22; Tax Procedure Code, art. L102 B)',
    whyPoliceRegister:
      'the register of second-hand goods every consignment shop must keep (French Criminal Code, art. 321-7 and R321-3 ff.)',
    reasonContractOpen:
      'A deposit is still open or money is still owed to you: erasure will be possible once the deposit is closed and settled.',
  },
  privacyStaff: {
    title: "Customer's personal data",
    intro:
      'At the customer’s request (GDPR, articles 15, 17 and 20): download everything Seconde holds about them (a JSON file), or erase their data.',
    export: 'Download data',
    exported: '{{filename}} saved.',
    erase: 'Erase data',
    confirmTitle: "Erase this customer's personal data?",
    confirmText:
      'Their name, contact details, address and IBAN will be erased everywhere, and their account will no longer sign in. This cannot be undone. What the law requires us to keep will be kept, and the answer will say what.',
    confirm: 'Erase for good',
    cancel: 'Cancel',
    erasedTitle: "The customer's data has been erased",
    alreadyErased: 'Their data had already been erased: nothing more changed.',
    maskedIntro: 'Erased:',
    keptIntro: 'Kept, because the law requires it:',
    keptNone: 'Nothing had to be kept.',
    keptLine: '{{what}} ({{count}}): {{why}}',
    maskedCustomer: 'their name, e-mail, phone, address and bank details',
    maskedSignIn: 'the link with their sign-in account',
    maskedDeposits: 'the copies of their details on their deposits',
    maskedBuyers: 'their buyer records',
    maskedMails: 'the e-mails sent to them',
    maskedSupportTickets: 'their name on their support requests',
    keptInvoices: 'Invoices and statements',
    keptPayouts: 'Payout receipts',
    keptLedger: 'Entries of their depositor account',
    keptPoliceRegister: 'Police register',
    whyAccountingRecords:
      'accounting records kept for 10 years (French Commercial Code, art. L123-22; Tax Procedure Code, art. L102 B)',
    whyPoliceRegister:
      'the register of second-hand goods every consignment shop must keep (French Criminal Code, art. 321-7 and R321-3 ff.)',
    reasonContractOpen:
      "One of the customer's deposits is still open or money is still owed to them: erasure will be possible once the deposit is closed and settled.",
  },
};
