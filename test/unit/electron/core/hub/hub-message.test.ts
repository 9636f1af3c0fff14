// A hub message is outside input: a till accepts only a bounded, well-formed envelope whose
// body is a valid payment.completed event, and keeps the receiving node's dedupe key.
import { describe, expect, it } from 'vitest';
import {
  MAX_HUB_MESSAGE_BYTES,
  decodeHubEvent,
  encodeHubEvent,
  hubMsgId,
} from '../../../../../electron/core/hub/hub-message.ts';

const body = JSON.stringify({
  event: 'payment.completed',
  checkout_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  payment_status: 'completed',
  amount: 12.5,
  currency: 'eur',
});
const event = { id: 7, webhook_id: 'evt_abc', signed: true, received_ms: 1_700_000_000_000, body };
const enc = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));

describe('hub messages', () => {
  it('round-trips a delivery with the dedupe key of a signed webhook-id', () => {
    const out = decodeHubEvent(encodeHubEvent(event));
    expect(out).toEqual({
      ok: true,
      event: {
        dedupe_key: 'id:evt_abc',
        webhook_id: 'evt_abc',
        checkout_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
        amount: 12.5,
        currency: 'EUR',
        signed: true,
        received_ms: 1_700_000_000_000,
        body,
      },
    });
    expect(hubMsgId(event, 'dev1')).toBe('evt_abc');
    expect(hubMsgId({ ...event, webhook_id: null }, 'dev1')).toBe('dev1-7');
  });

  it('refuses what is not a payment, too large, or malformed', () => {
    const bad = [
      new Uint8Array([0xff, 0xfe]),
      enc({ v: 2, webhook_id: null, signed: false, received_ms: 1, body }),
      enc({ v: 1, webhook_id: 5, signed: false, received_ms: 1, body }),
      enc({ v: 1, webhook_id: null, signed: 'yes', received_ms: 1, body }),
      enc({ v: 1, webhook_id: null, signed: false, received_ms: -1, body }),
      enc({ v: 1, webhook_id: null, signed: false, received_ms: 1, body: '{"event":"refund"}' }),
      new Uint8Array(MAX_HUB_MESSAGE_BYTES + 1),
    ];
    for (const data of bad) expect(decodeHubEvent(data).ok).toBe(false);
  });
});
