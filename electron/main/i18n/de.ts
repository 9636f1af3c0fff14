import type { MainWords } from './words.ts';
import { plural } from './words.ts';

export const de: MainWords = {
  paidToday: (n) => (plural('de', n) === 'one' ? `${n} Zahlung heute` : `${n} Zahlungen heute`),
  starting: 'wird gestartet …',
  unavailable: 'Zahlungen nicht verfügbar',
  show: 'Merchant Console anzeigen',
  quit: 'Beenden',
  paymentTitle: (amount) => `Zahlung eingegangen: ${amount}`,
  checkoutBody: (id) => `Zahlungsanfrage ${id}`,
  unreachableTitle: 'Der Dienst erreicht diese Konsole nicht',
  unreachableReason: (code, url) => {
    switch (code) {
      case 'no_public_url':
        return 'Es ist keine öffentliche Adresse festgelegt';
      case 'dns':
        return `Die Adresse ${url} wurde nicht gefunden`;
      case 'refused':
        return `Die Verbindung zu ${url} ist fehlgeschlagen`;
      case 'tls':
        return `Die sichere Verbindung zu ${url} ist fehlgeschlagen`;
      case 'timeout':
        return `Von ${url} kam keine Antwort rechtzeitig`;
      case 'not_this_receiver':
        return `Unter ${url} hat etwas geantwortet, aber nicht der Empfänger dieser Konsole`;
      case 'http_error':
        return `${url} hat mit einem Fehler geantwortet`;
      default:
        return 'Die Erreichbarkeitsprüfung ist fehlgeschlagen';
    }
  },
  unreachableBody: (reason) => `${reason}. Bis das behoben ist, kommen Zahlungen nicht live an.`,
  hintTitle: 'Zahlungen werden weiter empfangen',
  hintBody:
    'Merchant Console empfängt im Infobereich weiter Zahlungen. Öffnen Sie sie über das Symbol dort; „Beenden“ stoppt sie.',
  menuEdit: 'Bearbeiten',
  menuView: 'Ansicht',
};
