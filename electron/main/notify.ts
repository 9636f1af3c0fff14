// A native notification for each verified payment (only verified ones are money received),
// and one when the service stops being able to reach the console (the engine announces the
// first failed check of a streak only), when the user has notifications on in settings.
import { Notification } from 'electron';
import { formatMoney } from '#shared/money.ts';
import type { Payment, ReachCheck } from '#shared/domain.ts';
import type { Engine } from '../core/index.ts';

export function paymentNotice(p: Payment): { title: string; body: string } {
  const amount = formatMoney(p.amount, p.currency);
  return {
    title: `Payment received: ${amount}`,
    body: p.product_name ?? `Checkout ${p.checkout_id}`,
  };
}

export function unreachableNotice(check: ReachCheck): { title: string; body: string } {
  return {
    title: 'The service can’t reach this console',
    body: `${check.error?.message ?? 'The reachability check failed'}. Payments will not arrive live until this is fixed.`,
  };
}

export function notifyVerifiedPayments(engine: Engine, onClick: () => void): () => void {
  const offPayments = engine.on('payment.received', (payment) => {
    if (payment.status !== 'verified') return;
    show(engine, paymentNotice(payment), onClick);
  });
  const offUnreachable = engine.on('receiver.unreachable', (check) => {
    show(engine, unreachableNotice(check), onClick);
  });
  return () => {
    offPayments();
    offUnreachable();
  };
}

function show(engine: Engine, notice: { title: string; body: string }, onClick: () => void) {
  if (!Notification.isSupported()) return;
  void engine.call('settings.get', {}).then(
    (settings) => {
      if (!settings.notifications) return;
      const n = new Notification({ ...notice, silent: !settings.sound });
      n.on('click', onClick);
      n.show();
    },
    () => undefined, // settings unreadable: skip the notice rather than guess
  );
}
