// Optional cues for a payment: a short two-tone chime (Web Audio, no sound file to ship) and,
// in a browser tab, a desktop notification. Electron shows its own native notification.
import {
  defineMessages,
  type IntlShape,
  type MessageValue,
  type NoMessageValues,
} from 'react-intl';
import type { Payment, ReachCheck } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { notLiveText, unreachableText } from './reach-words.ts';
import { localProductName } from '../ui/ProductName.tsx';
import { userLocale } from './locale.ts';

const m = defineMessages<{
  paid: { amount: MessageValue };
  checkout: { id: MessageValue };
  unreachableTitle: NoMessageValues;
}>({
  paid: {
    id: 'alerts.payment.title',
    defaultMessage: 'Payment received: {amount}',
    description: 'Desktop notification of a verified payment',
  },
  checkout: {
    id: 'alerts.payment.checkout',
    defaultMessage: 'Checkout {id}',
    description: 'Notification body when the payment has no product name; id is the checkout id',
  },
  unreachableTitle: {
    id: 'alerts.unreachable.title',
    defaultMessage: 'The service can’t reach this console',
  },
});

let ctx: AudioContext | null = null;

// Browsers only let a page start audio after a gesture; payments arrive without one, so while
// sound is on the audio context is created (or resumed) on the next click or key press. With
// sound off no context is ever made: making one outside a gesture is what the browser warns
// about.
function unlockAudio(): void {
  try {
    ctx ??= new AudioContext();
    void ctx.resume();
  } catch {
    // No audio device.
  }
  wantSound(false);
}

/** Follows the sound preference: listens for the gesture that may start audio, or stops. */
export function wantSound(on: boolean): void {
  for (const type of ['pointerdown', 'keydown'] as const) {
    window.removeEventListener(type, unlockAudio, { capture: true });
    if (on && ctx?.state !== 'running') {
      window.addEventListener(type, unlockAudio, { capture: true });
    }
  }
}

export function chime(): void {
  try {
    ctx ??= new AudioContext();
    const now = ctx.currentTime;
    [880, 1320].forEach((freq, i) => {
      const osc = ctx!.createOscillator();
      const gain = ctx!.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      const t = now + i * 0.12;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.2, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.25);
      osc.connect(gain).connect(ctx!.destination);
      osc.start(t);
      osc.stop(t + 0.3);
    });
  } catch {
    // No audio device: the feed itself still shows the payment.
  }
}

export function notificationsSupported(): boolean {
  return typeof Notification !== 'undefined';
}

export async function askNotificationPermission(): Promise<NotificationPermission> {
  if (!notificationsSupported()) return 'denied';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/** The words of a payment's notification, in the console's language. */
export function paymentNotice(intl: IntlShape, p: Payment): { title: string; body: string } {
  return {
    title: intl.formatMessage(m.paid, {
      amount: formatMoney(p.amount, p.currency, userLocale()),
    }),
    body: p.product_name
      ? localProductName(intl, p.product_name)
      : intl.formatMessage(m.checkout, { id: p.checkout_id }),
  };
}

/** The words of the "cannot reach" notification. */
export function unreachableNotice(
  intl: IntlShape,
  check: ReachCheck,
): { title: string; body: string } {
  return {
    title: intl.formatMessage(m.unreachableTitle),
    body: `${unreachableText(intl, check)} ${notLiveText(intl)}`,
  };
}

export function notifyPayment(intl: IntlShape, p: Payment): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  try {
    const { title, body } = paymentNotice(intl, p);
    new Notification(title, { body, tag: p.id });
  } catch {
    // Some browsers only allow notifications from a service worker; the feed still updates.
  }
}

/** The service can no longer reach the console (sent once per failure streak). */
export function notifyUnreachable(intl: IntlShape, check: ReachCheck): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  try {
    const { title, body } = unreachableNotice(intl, check);
    new Notification(title, { body, tag: 'receiver-unreachable' });
  } catch {
    // As for payments: the status strip shows it anyway.
  }
}
