import type { buyersFr } from './buyers.fr.ts';

/** buyers texts (en): the vendor's buyers, typed in or read from text pasted from a marketplace. */
export const buyersEn: typeof buyersFr = {
  buyers: {
    reasonTextEmpty: 'Paste the buyer block or the order message copied from the marketplace.',
    reasonTextUnreadable:
      'No buyer could be read from this text: it needs a name and an address, an e-mail or a marketplace account. Nothing was saved.',
  },
};
