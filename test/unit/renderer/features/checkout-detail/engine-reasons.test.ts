// The engine's one-line reasons in the detail view, in the console's language: produced by
// the engine's own code (the payment judge, the switch's answer), so a reworded engine
// sentence fails here until the renderer words it again.
import { describe, expect, it } from 'vitest';
import { judge } from '../../../../../electron/core/receiver/matching.ts';
import { NOT_SUPPORTED_REASON } from '../../../../../electron/core/engine/checkout-extensions.ts';
import {
  paymentReasonText,
  toggleReasonText,
} from '../../../../../renderer/src/features/checkout-detail/engine-reasons.ts';
import { intlFor } from '../../support/intl.ts';

const terms = { id: 'cs_1', amount: 4.5, currency: 'EUR', product_name: 'Tea' };
const ev = (amount: number, currency: string, checkout_id = 'cs_1') => ({
  id: 1,
  checkout_id,
  amount,
  currency,
});

function engineReasons(): string[] {
  const found = { found: true as const, checkout: terms as never };
  return [
    judge(ev(4.5, 'USD'), found).reason,
    judge(ev(4.555, 'EUR'), found).reason,
    judge(ev(5, 'EUR'), found).reason,
    judge(ev(5, 'EUR', 'cs_gone'), { found: false, failure: null }).reason,
    judge(ev(5, 'EUR', 'cs_gone'), { found: false, failure: 'HTTP 503' }).reason,
  ].filter((r): r is string => r !== null);
}

describe('engine reasons', () => {
  it('words every reason the payment judge gives, in German and Arabic', () => {
    const reasons = engineReasons();
    expect(reasons).toHaveLength(5);
    for (const lang of ['de', 'ar'] as const) {
      for (const reason of reasons) {
        const said = paymentReasonText(intlFor(lang), reason);
        expect(said, `${lang}: ${reason}`).not.toBe(reason);
        expect(said, `${lang}: ${reason}`).not.toMatch(/checkout|Paid|locally/);
      }
    }
    // The figures come along, each isolated.
    expect(paymentReasonText(intlFor('de'), 'Paid in USD but the checkout is in EUR.')).toBe(
      'In USD bezahlt, aber die Zahlungsanfrage ist in EUR.',
    );
  });

  it('words why the switch is not offered', () => {
    const de = intlFor('de');
    expect(toggleReasonText(de, NOT_SUPPORTED_REASON)).toBe(
      'Bei diesem Dienst kann die Konsole Links nicht ausschalten.',
    );
    const unknown =
      "The console couldn't check whether this service lets it switch links off (HTTP 500).";
    expect(toggleReasonText(de, unknown)).toMatch(/^Die Konsole konnte nicht prüfen/);
  });

  it('keeps the engine’s sentence in English, and any sentence it does not know', () => {
    const [first] = engineReasons();
    expect(paymentReasonText(intlFor('en'), first!)).toBe(first);
    expect(paymentReasonText(intlFor('de'), 'Something new.')).toBe('Something new.');
  });
});
