/** buyers texts (fr): the vendor's buyers, typed in or read from text pasted from a marketplace. Same keys in English. */
export const buyersFr = {
  buyers: {
    reasonTextEmpty:
      'Collez le bloc acheteur ou le message de commande copié depuis la plateforme.',
    reasonTextUnreadable:
      'Aucun acheteur n’a pu être lu dans ce texte : il faut un nom et une adresse, un e-mail ou un compte de la plateforme. Rien n’a été enregistré.',
  },
};
