// The pay page's words, one object per language (en.ts, de.ts, …). The sandbox imports nothing
// of the console, so it has its own small catalogue rather than the console's messages.
import type { PayLanguage } from './accept-language.ts';

export interface PayWords {
  lang: PayLanguage;
  dir: 'ltr' | 'rtl';
  /** Amounts and dates are written the way this language's readers write them. */
  locale: string;
  banner: string;
  brand: string;
  eyebrow: string;
  payTitle(total: string, name: string): string;
  amountDue: string;
  payButton(total: string): string;
  testNote: string;
  itemsCaption: string;
  item: string;
  qty: string;
  unitPrice: string;
  amount: string;
  total: string;
  footer: string;
  testSummary: string;
  testTag: string;
  testIntro: string;
  testPayAmount(currency: string): string;
  testPayThis: string;
  testUnknown: string;
  receiptTitle(name: string): string;
  paid(total: string): string;
  paidOn(total: string, when: string): string;
  /** "2 Jun 2025, 14:05 UTC" */
  utc(when: string): string;
  returnToMerchant: string;
  amountPaid: string;
  status: string;
  statusPaid: string;
  payment: string;
  checkout: string;
  paymentReceived: string;
  alreadyPaid: string;
  messageNote: string;
  notFound: { title: string; text: string };
  inactive: { title: string; heading: string; text: string };
  methodNotAllowed: { title: string; text(method: string): string };
  unsupported: { title: string; text: string; useForm: string };
  tooLarge: { title: string; text: string };
}
