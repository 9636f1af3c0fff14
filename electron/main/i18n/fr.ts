import type { MainWords } from './words.ts';
import { plural } from './words.ts';

// Espace insécable avant « : » et à l’intérieur des guillemets.
const NBSP = '\u00a0';

export const fr: MainWords = {
  paidToday: (n) =>
    plural('fr', n) === 'one' ? `${n} paiement aujourd’hui` : `${n} paiements aujourd’hui`,
  starting: 'démarrage…',
  unavailable: 'paiements indisponibles',
  show: 'Afficher Merchant Console',
  quit: 'Quitter',
  paymentTitle: (amount) => `Paiement reçu${NBSP}: ${amount}`,
  checkoutBody: (id) => `Demande de paiement ${id}`,
  unreachableTitle: 'Le service ne parvient pas à joindre cette console',
  unreachableReason: (code, url) => {
    switch (code) {
      case 'no_public_url':
        return 'Aucune adresse publique n’est définie';
      case 'dns':
        return `L’adresse ${url} est introuvable`;
      case 'refused':
        return `La connexion à ${url} a échoué`;
      case 'tls':
        return `La connexion sécurisée à ${url} a échoué`;
      case 'timeout':
        return `${url} n’a pas répondu à temps`;
      case 'not_this_receiver':
        return `Quelque chose a répondu à ${url}, mais pas le récepteur de cette console`;
      case 'http_error':
        return `${url} a répondu par une erreur`;
      default:
        return 'La vérification de joignabilité a échoué';
    }
  },
  unreachableBody: (reason) =>
    `${reason}. Les paiements n’arriveront pas en direct tant que ce n’est pas réglé.`,
  hintTitle: 'Les paiements sont toujours reçus',
  hintBody: `Merchant Console continue de recevoir les paiements dans la zone de notification. Ouvrez-la depuis son icône${NBSP}; «${NBSP}Quitter${NBSP}» l’arrête.`,
  menuEdit: 'Édition',
  menuView: 'Affichage',
};
