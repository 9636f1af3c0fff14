import type { MainWords } from './words.ts';
import { plural } from './words.ts';

export const en: MainWords = {
  paidToday: (n) => (plural('en', n) === 'one' ? `${n} payment today` : `${n} payments today`),
  starting: 'starting…',
  unavailable: 'payments unavailable',
  show: 'Show Merchant Console',
  quit: 'Quit',
  paymentTitle: (amount) => `Payment received: ${amount}`,
  checkoutBody: (id) => `Checkout ${id}`,
  unreachableTitle: 'The service can’t reach this console',
  unreachableReason: (code, url) => {
    switch (code) {
      case 'no_public_url':
        return 'no public address is set';
      case 'dns':
        return `the address ${url} could not be found`;
      case 'refused':
        return `the connection to ${url} failed`;
      case 'tls':
        return `the secure connection to ${url} failed`;
      case 'timeout':
        return `no answer from ${url} in time`;
      case 'not_this_receiver':
        return `something answered at ${url}, but not this console’s receiver`;
      case 'http_error':
        return `${url} answered with an error`;
      default:
        return 'The reachability check failed';
    }
  },
  unreachableBody: (reason) => `${reason}. Payments will not arrive live until this is fixed.`,
  hintTitle: 'Still receiving payments',
  hintBody:
    'Merchant Console keeps receiving payments in the tray. Open it from the tray icon; Quit there stops it.',
  menuEdit: 'Edit',
  menuView: 'View',
};
