import type { PayWords } from './words.ts';

// Espace insécable avant « : » et à l’intérieur des guillemets.
const NB = '\u00a0';

export const fr: PayWords = {
  lang: 'fr',
  dir: 'ltr',
  locale: 'fr-FR',
  banner: `Paiement Sandbox${NB}: paiements de test uniquement, aucun argent ne circule.`,
  brand: 'Payment Checkout',
  eyebrow: 'Paiement',
  payTitle: (total, name) => `Payer ${total} · ${name}`,
  amountDue: 'Montant à payer',
  payButton: (total) => `Payer ${total}`,
  testNote: `Mode test${NB}: «${NB}Payer${NB}» finalise le paiement et prévient le commerçant. Aucune carte n’est débitée.`,
  itemsCaption: 'Articles de cette commande',
  item: 'Article',
  qty: 'Qté',
  unitPrice: 'Prix unitaire',
  amount: 'Montant',
  total: 'Total',
  footer: 'Demande de paiement',
  testSummary: 'Commandes de test',
  testTag: 'Sandbox uniquement',
  testIntro: `Pour essayer les états «${NB}Écart${NB}» et «${NB}Inconnu${NB}» chez le commerçant. Une vraie page de paiement n’a pas ces commandes.`,
  testPayAmount: (currency) => `Payer un autre montant (${currency})`,
  testPayThis: 'Payer ce montant',
  testUnknown: 'Envoyer un paiement pour une demande de paiement inexistante',
  receiptTitle: (name) => `Reçu · ${name}`,
  paid: (total) => `${total} payé.`,
  paidOn: (total, when) => `${total} payé le ${when}.`,
  utc: (when) => `${when} UTC`,
  returnToMerchant: 'Retour chez le commerçant',
  amountPaid: 'Montant payé',
  status: 'État',
  statusPaid: 'Payé',
  payment: 'Paiement',
  checkout: 'Demande de paiement',
  paymentReceived: 'Paiement reçu',
  alreadyPaid: 'Cette demande de paiement est déjà payée',
  messageNote:
    'Si une boutique vous a envoyé ici, revenez-y et demandez-lui un nouveau lien de paiement.',
  notFound: {
    title: 'Lien de paiement introuvable',
    text: 'Il n’y a aucune demande de paiement à cette adresse. Vérifiez que le lien est complet.',
  },
  inactive: {
    title: 'Lien de paiement inactif',
    heading: 'Ce lien de paiement n’est pas actif',
    text: 'Le commerçant n’a pas activé cette demande de paiement, elle ne peut donc pas être payée.',
  },
  methodNotAllowed: {
    title: 'Méthode non autorisée',
    text: (method) => `${method} n’est pas pris en charge ici.`,
  },
  unsupported: {
    title: 'Requête non prise en charge',
    text: 'Payez avec le bouton de la page, ou envoyez en POST un corps vide ou encodé comme un formulaire.',
    useForm: 'Utilisez le formulaire de la page.',
  },
  tooLarge: {
    title: 'Requête trop volumineuse',
    text: 'Les données du formulaire sont trop volumineuses.',
  },
};
