// What the main process says in its own voice: the tray, OS notifications, the close-to-tray
// hint and the application menu's two labelled entries. The renderer's catalogues need
// react-intl and a page; main has neither, so it keeps these few words in one small object per
// language (en.ts, de.ts, …), chosen by index.ts. Plurals use Intl.PluralRules.
import type { ReachErrorCode } from '#shared/domain.ts';

export interface MainWords {
  /** "3 payments today": the tray's first line and tooltip. */
  paidToday(count: number): string;
  /** Before the first count. */
  starting: string;
  /** The count could not be read. */
  unavailable: string;
  /** "Show Merchant Console" */
  show: string;
  quit: string;
  /** "Payment received: €4.50" */
  paymentTitle(amount: string): string;
  /** The body when a payment has no product name. */
  checkoutBody(id: string): string;
  unreachableTitle: string;
  /** Why the service cannot reach the console, by the check's code; url is masked. */
  unreachableReason(code: ReachErrorCode | undefined, url: string): string;
  /** "{reason}. Payments will not arrive live until this is fixed." */
  unreachableBody(reason: string): string;
  /** The first time a closed window keeps running in the tray. */
  hintTitle: string;
  hintBody: string;
  /** Application menu entries that have a label rather than a role. */
  menuEdit: string;
  menuView: string;
}

/** The plural category of `n` in `lang` ('one', 'few', …). */
export function plural(lang: string, n: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(lang).select(n);
}

/** A bare URL read left to right inside a sentence in any direction. */
export function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}
