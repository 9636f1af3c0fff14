// Words the share pieces (QR code, print card, QR dialog) have in common.
import { defineMessages, type NoMessageValues } from 'react-intl';

type None = NoMessageValues;
export const shareWords = defineMessages<{
  qrAlt: { url: string };
  scanToPay: None;
  inactiveHint: None;
  noCard: None;
  printCard: None;
}>({
  qrAlt: { id: 'share.qr.alt', defaultMessage: 'QR code for {url}' },
  scanToPay: {
    id: 'share.qr.scanToPay',
    defaultMessage: 'Scan to pay',
    description: 'Under a QR code and on the printed card',
  },
  inactiveHint: {
    id: 'share.qr.inactive',
    defaultMessage: 'Not active: this link takes no payments',
    description: 'Under the QR code of a switched-off payment link, instead of Scan to pay',
  },
  noCard: {
    id: 'share.card.none',
    defaultMessage:
      'This link is switched off, so there is no card to print: a customer scanning it would be refused. Switch it on in its details first.',
  },
  printCard: {
    id: 'share.card.open',
    defaultMessage: 'Print card…',
    description: 'Button that opens the printable card of a payment link',
  },
});
