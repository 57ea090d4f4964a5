import { routingFr } from './areas/routing.fr.ts';
import { shellFr } from './areas/shell.fr.ts';
import { accountFr } from './areas/account.fr.ts';
import { onboardingFr } from './areas/onboarding.fr.ts';
import { dashboardFr } from './areas/dashboard.fr.ts';
import { formsFr } from './areas/forms.fr.ts';
import { pagesFr } from './areas/pages.fr.ts';
import { depositRulesFr } from './areas/depositRules.fr.ts';
import { depositsFr } from './areas/deposits.fr.ts';
import { newDepositFr } from './areas/newDeposit.fr.ts';
import { depositRequestsFr } from './areas/depositRequests.fr.ts';
import { peopleFr } from './areas/people.fr.ts';
import { profileFr } from './areas/profile.fr.ts';
import { exportsFr } from './areas/exports.fr.ts';
import { tasksFr } from './areas/tasks.fr.ts';
import { importsFr } from './areas/imports.fr.ts';
import { uploadFr } from './areas/upload.fr.ts';
import { photosFr } from './areas/photos.fr.ts';
import { productsFr } from './areas/products.fr.ts';
import { stockFr } from './areas/stock.fr.ts';
import { publishingFr } from './areas/publishing.fr.ts';
import { connectorsFr } from './areas/connectors.fr.ts';
import { announcementsFr } from './areas/announcements.fr.ts';
import { storefrontFr } from './areas/storefront.fr.ts';
import { companyFr } from './areas/company.fr.ts';
import { documentsFr } from './areas/documents.fr.ts';
import { payoutsFr } from './areas/payouts.fr.ts';
import { depositRatesFr } from './areas/depositRates.fr.ts';
import { invoicingFr } from './areas/invoicing.fr.ts';
import { invoicesFr } from './areas/invoices.fr.ts';

/** French texts, the default language. Keys are `area.item`; `en.ts` must have the same ones. */
export const fr = {
  app: {
    title: 'Seconde',
    mainNavigation: 'Navigation principale',
  },
  nav: {
    dashboard: 'Tableau de bord',
    deposits: 'Dépôts',
    marketplace: 'Dépôts disponibles',
    depositRequests: 'Demandes de dépôt',
    contacts: 'Contacts',
    vendors: 'Vendeurs',
    outbox: 'Courriels envoyés',
    dressing: 'Mon dressing',
    profile: 'Mon profil',
    newDeposit: 'Déposer des articles',
    stock: 'Stock',
    stats: 'Statistiques',
    statsNew: 'Nouvelles statistiques',
    invoices: 'Factures',
    messaging: 'Messagerie',
    myInformation: 'Mes informations',
  },
  language: {
    label: 'Langue',
    fr: 'FR',
    en: 'EN',
    frName: 'Français',
    enName: 'English',
  },
  session: {
    loading: 'Connexion en cours…',
    signedOutTitle: 'Vous n’êtes pas connecté',
    signedOutDescription: 'Connectez-vous pour accéder à votre espace.',
    signIn: 'Se connecter',
    signInAgain: 'Se reconnecter',
    signOut: 'Se déconnecter',
    retry: 'Réessayer',
    failedTitle: 'La connexion a échoué',
  },
  role: {
    developer: 'Développeur',
    admin: 'Administrateur',
    vendor: 'Vendeur',
    customer: 'Client',
    none: 'Aucun rôle',
  },
  noGroup: {
    title: 'Accès non autorisé',
    description:
      'Votre compte n’appartient à aucun groupe reconnu. Contactez votre administrateur.',
  },
  unrecognizedUser: {
    title: 'Utilisateur non reconnu',
    description: 'Aucun compte vendeur ou client ne correspond à votre identifiant.',
  },
  notFound: {
    title: 'Page introuvable',
    description: 'La page demandée n’existe pas ou a été déplacée.',
    home: 'Retour au tableau de bord',
  },
  startup: {
    failedTitle: 'L’application n’a pas pu démarrer',
    failedDescription: 'La configuration du serveur est introuvable. Réessayez dans un instant.',
    reload: 'Recharger',
  },
  errors: {
    cancelled: 'La requête a été annulée.',
    unauthenticated: 'Votre session a expiré. Reconnectez-vous.',
    forbidden: 'Vous n’avez pas accès à cette ressource.',
    subscriptionUpdateNeeded: 'Votre abonnement doit être mis à jour.',
    notFound: 'Élément introuvable.',
    invalidRequest: 'La demande est invalide.',
    fieldInvalid:
      'Une valeur est trop longue, hors limites ou non reconnue. Vérifiez le formulaire.',
    requestUnreadable: 'Le serveur n’a pas pu lire la demande. Rechargez la page et réessayez.',
    unknownReference: 'Ceci désigne un élément qui n’existe plus. Rechargez la page et réessayez.',
    duplicate: 'Un élément semblable existe déjà.',
    changedBySomeoneElse: 'Quelqu’un d’autre a modifié cet élément. Rechargez la page.',
    unavailable: 'Le serveur est injoignable. Vérifiez votre connexion.',
    timeout: 'Le serveur a mis trop de temps à répondre.',
    tooManyRequests: 'Trop de requêtes. Patientez un instant.',
    notImplemented: 'Cette fonction n’est pas encore disponible.',
    unexpected: 'Une erreur inattendue est survenue.',
    restoreFailed: 'Le retour de la connexion n’a pas pu être traité.',
    signInFailed: 'Le service de connexion est injoignable.',
    signOutFailed: 'La déconnexion a échoué.',
    watchFailed: 'Le suivi de votre session s’est interrompu.',
  },
  ...depositRulesFr,
  ...depositsFr,
  ...newDepositFr,
  ...depositRequestsFr,
  ...peopleFr,
  ...profileFr,
  ...routingFr,
  ...shellFr,
  ...accountFr,
  ...onboardingFr,
  ...dashboardFr,
  ...formsFr,
  ...pagesFr,
  ...exportsFr,
  ...tasksFr,
  ...importsFr,
  ...uploadFr,
  ...photosFr,
  ...productsFr,
  ...stockFr,
  ...publishingFr,
  ...connectorsFr,
  ...announcementsFr,
  ...storefrontFr,
  ...companyFr,
  ...documentsFr,
  ...payoutsFr,
  ...depositRatesFr,
  ...invoicingFr,
  ...invoicesFr,
};

/** The shape every language follows: same areas, same items, text values. */
export type Translation = { [Area in keyof typeof fr]: Record<keyof (typeof fr)[Area], string> };
