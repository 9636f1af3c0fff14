// Invalid event bodies for the bad-input test, one family per generator. Each one is
// invalid in at least one way the receiver must notice (none is a storable event), which the
// bad-input test double-checks: nothing may reach the inbox.
import { randomUUID } from 'node:crypto';
import type { Rng } from './seeded.ts';

export function validEvent(): Record<string, unknown> {
  return {
    event: 'payment.completed',
    checkout_id: randomUUID(),
    payment_status: 'completed',
    amount: 12.5,
    currency: 'USD',
  };
}

export const json = (v: unknown): Buffer => Buffer.from(JSON.stringify(v), 'utf8');
const text = (s: string): Buffer => Buffer.from(s, 'utf8');

export function malformedJson(rng: Rng): Buffer {
  const good = JSON.stringify(validEvent());
  return rng.pick([
    () => text(good.slice(0, rng.int(0, good.length - 1))),
    () => text(`${good}${rng.pick(['}', ',', 'x', ']', '{}'])}`),
    () => text(good.replace(/"/g, "'")),
    () =>
      text(good.replace('12.5', rng.pick(['NaN', 'Infinity', '-Infinity', 'undefined', '0x10']))),
    () => Buffer.from([0xff, 0xfe, 0x7b, 0x80, 0xc3, 0x28, rng.int(0, 255)]),
    () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text(good)]), // a BOM
    () => Buffer.from(Array.from({ length: rng.int(1, 300) }, () => rng.int(0, 255))),
    () => text(''),
    () => text(`${'['.repeat(rng.int(1000, 5000))}`),
  ])();
}

export function wrongTypes(rng: Rng): Buffer {
  const e = validEvent();
  const field = rng.pick(['event', 'checkout_id', 'payment_status', 'amount', 'currency']);
  const value = rng.pick<unknown>([null, true, 42, 'text', [], {}, [1, 2], { a: 1 }]);
  // A value of the right type would be valid for some fields; skip those.
  const right = (field === 'amount' && value === 42) || (field === 'currency' && value === 'text');
  if (rng.next() < 0.25) {
    return json(rng.pick<unknown>([[e], null, 42, 'payment.completed', true, []]));
  }
  if (rng.next() < 0.2) {
    delete e[field];
    return json(e);
  }
  e[field] = right ? null : value;
  return json(e);
}

export function hugeNumbers(rng: Rng): Buffer {
  const e = JSON.stringify({ ...validEvent(), amount: 777 });
  const huge = rng.pick([
    () => `1${'0'.repeat(rng.int(310, 5000))}`, // overflows to Infinity
    () => `1e${rng.int(309, 99999)}`,
    () => `-1e${rng.int(1, 308)}`,
    () => `1e-${rng.int(400, 9999)}`, // underflows to 0
    () => '0',
    () => `-${rng.int(1, 1e9)}`,
  ])();
  if (rng.next() < 0.3) {
    // Huge numbers where a string is due.
    return text(e.replace(/"checkout_id":"[^"]+"/, `"checkout_id":${huge.replace(/^-/, '')}`));
  }
  return text(e.replace('777', huge));
}

export function nanLike(rng: Rng): Buffer {
  const e = validEvent();
  // Not for currency: "NaN" and "nan" are three letters, which a currency code may be.
  const v = rng.pick(['NaN', 'Infinity', '-Infinity', '+Infinity', 'nan', '1e999', '12.5', '']);
  e[rng.pick(['amount', 'amount', 'amount', 'checkout_id'])] = v;
  return json(e);
}

export function unicodeBody(rng: Rng): Buffer {
  const e = validEvent();
  const uuid = String(e.checkout_id);
  const pick = rng.int(0, 5);
  if (pick === 0)
    e.event = rng.pick(['payment.cömpleted', 'påyment.completed', 'payment.completed\u200b']);
  else if (pick === 1) e.currency = rng.pick(['ÜSD', '€UR', 'U\u0301SD', '円']);
  else if (pick === 2)
    e.checkout_id = uuid.replace(/[0-9]/, (d) => String.fromCharCode(0xff10 + Number(d)));
  else if (pick === 3)
    e.checkout_id = `${uuid.slice(0, 35)}\ud800`; // a lone surrogate
  else if (pick === 4) e.payment_status = rng.pick(['cömpleted', 'completed\u0000', '✓']);
  else {
    // Unicode in the names of things: extra fields pass, so a required one must be absent.
    delete e.amount;
    e['amöunt'] = 12.5;
    e['名前'] = '☕'.repeat(rng.int(1, 2000));
  }
  return json(e);
}
