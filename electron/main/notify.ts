// A native notification for each verified payment (only verified ones are money received),
// and one when the service stops being able to reach the console (the engine announces the
// first failed check of a streak only), when the user has notifications on in settings. The
// words are the console's language (settings.language, or the computer's), the amount in the
// computer's regional format.
import { Notification } from 'electron';
import { formatMoney } from '#shared/money.ts';
import type { Payment, ReachCheck } from '#shared/domain.ts';
import type { Engine } from '../core/index.ts';
import {
  ENGLISH_LOCALES,
  MAIN_WORDS,
  speechFor,
  type Speech,
  type SystemLocales,
} from './i18n/index.ts';
import { ltr } from './i18n/words.ts';

const ENGLISH: Speech = { words: MAIN_WORDS.en, english: true, regional: 'en-US' };

export function paymentNotice(p: Payment, s: Speech = ENGLISH): { title: string; body: string } {
  const amount = formatMoney(p.amount, p.currency, s.regional);
  return {
    title: s.words.paymentTitle(amount),
    body: p.product_name ?? s.words.checkoutBody(p.checkout_id),
  };
}

export function unreachableNotice(
  check: ReachCheck,
  s: Speech = ENGLISH,
): { title: string; body: string } {
  // In English the engine's own words ("connection refused at https://…"); in any other
  // language the reason by its code.
  const reason =
    s.english && check.error
      ? check.error.message
      : s.words.unreachableReason(check.error?.code, ltr(check.public_url ?? ''));
  return { title: s.words.unreachableTitle, body: s.words.unreachableBody(reason) };
}

export function notifyVerifiedPayments(
  engine: Engine,
  onClick: () => void,
  locales: SystemLocales = ENGLISH_LOCALES,
): () => void {
  const offPayments = engine.on('payment.received', (payment) => {
    if (payment.status !== 'verified') return;
    show(engine, locales, (s) => paymentNotice(payment, s), onClick);
  });
  const offUnreachable = engine.on('receiver.unreachable', (check) => {
    show(engine, locales, (s) => unreachableNotice(check, s), onClick);
  });
  return () => {
    offPayments();
    offUnreachable();
  };
}

function show(
  engine: Engine,
  locales: SystemLocales,
  notice: (s: Speech) => { title: string; body: string },
  onClick: () => void,
) {
  if (!Notification.isSupported()) return;
  void engine.call('settings.get', {}).then(
    (settings) => {
      if (!settings.notifications) return;
      const n = new Notification({
        ...notice(speechFor(settings.language, locales)),
        silent: !settings.sound,
      });
      n.on('click', onClick);
      n.show();
    },
    () => undefined, // settings unreadable: skip the notice rather than guess
  );
}
