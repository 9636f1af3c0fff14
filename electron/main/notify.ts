// A native notification for each verified payment (only verified ones are money received),
// when the user has notifications on in settings.
import { Notification } from 'electron';
import { formatMoney } from '../../shared/money.ts';
import type { Payment } from '../../shared/domain.ts';
import type { Engine } from '../core/index.ts';

export function paymentNotice(p: Payment): { title: string; body: string } {
  const amount = formatMoney(p.amount, p.currency);
  return {
    title: `Payment received: ${amount}`,
    body: p.product_name ?? `Checkout ${p.checkout_id}`,
  };
}

export function notifyVerifiedPayments(engine: Engine, onClick: () => void): () => void {
  return engine.on('payment.received', (payment) => {
    if (payment.status !== 'verified' || !Notification.isSupported()) return;
    void engine.call('settings.get', {}).then(
      (settings) => {
        if (!settings.notifications) return;
        const n = new Notification({ ...paymentNotice(payment), silent: !settings.sound });
        n.on('click', onClick);
        n.show();
      },
      () => undefined, // settings unreadable: skip the notice rather than guess
    );
  });
}
