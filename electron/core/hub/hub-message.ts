// What crosses the hub for one committed delivery, and the till's checks on it: a hub
// message is outside input like a webhook body, so it is bounded and validated before it
// reaches the inbox, and keeps the dedupe key the receiving node used.
import {
  MAX_BODY_BYTES,
  dedupeKey,
  parseEvent,
  type HubEvent,
  type InboxEventInput,
} from '../receiver/index.ts';

/** Largest hub message a till accepts: the body's bound and room for the envelope. */
export const MAX_HUB_MESSAGE_BYTES = MAX_BODY_BYTES * 2 + 1024;

interface Envelope {
  v: 1;
  webhook_id: string | null;
  signed: boolean;
  received_ms: number;
  body: string;
}

export function encodeHubEvent(e: HubEvent): Uint8Array {
  const env: Envelope = {
    v: 1,
    webhook_id: e.webhook_id,
    signed: e.signed,
    received_ms: e.received_ms,
    body: e.body,
  };
  return new TextEncoder().encode(JSON.stringify(env));
}

/** The message id the stream's duplicate window keys on: the webhook-id when there is one. */
export function hubMsgId(e: HubEvent, deviceId: string): string {
  return e.webhook_id ?? `${deviceId}-${e.id}`;
}

/** The inbox row a till commits for a hub message, or why it is refused. */
export function decodeHubEvent(
  data: Uint8Array,
): { ok: true; event: InboxEventInput } | { ok: false; reason: string } {
  if (data.length > MAX_HUB_MESSAGE_BYTES) return { ok: false, reason: 'too large' };
  let env: Partial<Envelope>;
  try {
    env = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data)) as Partial<Envelope>;
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof env !== 'object' || env === null || env.v !== 1) {
    return { ok: false, reason: 'unknown format' };
  }
  const { webhook_id, signed, received_ms, body } = env;
  if (webhook_id !== null && (typeof webhook_id !== 'string' || webhook_id.length > 200)) {
    return { ok: false, reason: 'bad webhook-id' };
  }
  if (typeof signed !== 'boolean' || typeof body !== 'string') {
    return { ok: false, reason: 'bad fields' };
  }
  if (typeof received_ms !== 'number' || !Number.isSafeInteger(received_ms) || received_ms < 0) {
    return { ok: false, reason: 'bad time' };
  }
  const parsed = parseEvent(Buffer.from(body, 'utf8'));
  if (!parsed.ok) return { ok: false, reason: parsed.message };
  const ev = parsed.event;
  return {
    ok: true,
    event: {
      dedupe_key: dedupeKey(ev, webhook_id ?? null, signed),
      webhook_id: webhook_id ?? null,
      checkout_id: ev.checkout_id,
      amount: ev.amount,
      currency: ev.currency,
      signed,
      received_ms,
      body,
    },
  };
}
