// The search bench's adversarial part (issue 21 §2): hostile text in the mirror, hostile
// queries, and the receiver's acknowledgement latency measured while they run.
//  - Data (written by search.ts's seeding): one checkout in ten carries an item of
//    repetitive text ("ProProPro…", 180 characters); three carry a 300 KB product name
//    (x's, "Pro" repeated, and "Croissant almond " repeated, near the newest end, so the
//    keystrokes meet it first); ids are time-ordered (version 7, as the service makes them),
//    so every id starts with the same characters.
//  - Queries: "ProProPro"; a 500-character query of one repeated trigram; a query matching
//    every row (the ids' common start) on its first page, its last counted page and deep;
//    "xxx" and "croissant almond" (the 300 KB names).
//  - Acknowledgements: the parent process sends signed payment.completed webhooks to the
//    engine's receiver at a steady rate while the child searches, and times each from the
//    moment it was due (a late send counts as latency) to its 200.
import { randomBytes } from 'node:crypto';
import { request, Agent } from 'node:http';
import { sign } from '../../electron/core/receiver/index.ts';
import { newEventId } from '../../sandbox/ids-and-keys.ts';

/** The 300 KB product names, and where they sit among n checkouts (0 is the oldest). */
export const BIG = 300_000;
export function bigName(i: number, n: number): string | null {
  if (i === n - 3) return 'x'.repeat(BIG);
  if (i === n - 7) return 'Pro'.repeat(BIG / 3);
  if (i === n - 11) return 'Croissant almond '.repeat(Math.ceil(BIG / 17)).slice(0, BIG);
  return null;
}

/** One checkout in ten (never one that already has items) has an item of repetitive text. */
export const REPETITIVE = 'Pro'.repeat(60);
export const hasRepetitiveItem = (i: number): boolean => i % 10 === 5;

/** A version 7 UUID for a created time: the time in its first 48 bits, the rest random. */
export function uuidV7(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  const v = `7${hex.slice(13, 16)}`;
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${v}-${variant}-${hex.slice(20, 32)}`;
}

/** The adversarial searches, by label; `every` is the ids' common start (3+ characters). */
export function adversarialQueries(every: string): Record<string, object> {
  return {
    repetitive_ProProPro: { query: 'ProProPro' },
    one_trigram_500_chars: { query: `${'Pro'.repeat(166)}Pr` },
    every_row: { query: every },
    every_row_last_counted_page: { query: every, offset: 975 },
    every_row_deep_page: { query: every, offset: 100_000 },
    big_name_xxx: { query: 'xxx' },
    big_name_croissant_almond: { query: 'croissant almond' },
  };
}

export interface AckTarget {
  port: number;
  path: string;
  secret: string;
  /** Checkouts the mirror holds: each event pays one. */
  checkouts: { id: string; amount: number; currency: string }[];
}

export interface AckResult {
  sent: number;
  acked: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

/**
 * Sends signed webhooks at `rate` per second until stop() is called, on keep-alive sockets;
 * each latency runs from the moment the event was due, so a stalled receiver cannot hide
 * behind a late send. stop() resolves once every request has been answered.
 */
export function pacedWebhooks(target: AckTarget, rate: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  let inFlight = 0;
  let drained: (() => void) | null = null;
  const started = performance.now();
  const send = (due: number) => {
    const c = target.checkouts[sent % target.checkouts.length]!;
    sent += 1;
    const body = JSON.stringify({
      event: 'payment.completed',
      checkout_id: c.id,
      payment_status: 'completed',
      amount: c.amount,
      currency: c.currency,
    });
    const id = newEventId();
    const ts = String(Math.floor(Date.now() / 1000));
    inFlight += 1;
    const done = (ok: boolean) => {
      if (ok) latencies.push(performance.now() - due);
      else errors += 1;
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    };
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'webhook-id': id,
          'webhook-timestamp': ts,
          'webhook-signature': `v1,${sign(target.secret, id, ts, Buffer.from(body))}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode === 200));
      },
    );
    req.on('error', () => done(false));
    req.end(body);
  };
  // Every event due by now is sent (a timer that fires late sends the ones it owes).
  const interval = 1000 / rate;
  const timer = setInterval(
    () => {
      const due = Math.floor((performance.now() - started) / interval);
      while (sent < due) send(started + sent * interval);
    },
    Math.max(1, Math.floor(interval / 2)),
  );
  return {
    async stop(): Promise<AckResult> {
      clearInterval(timer);
      if (inFlight > 0) await new Promise<void>((r) => (drained = r));
      agent.destroy();
      const s = [...latencies].sort((a, b) => a - b);
      const at = (p: number) =>
        +(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0).toFixed(2);
      return {
        sent,
        acked: latencies.length,
        errors,
        p50_ms: at(50),
        p99_ms: at(99),
        max_ms: +(s.at(-1) ?? 0).toFixed(2),
      };
    },
  };
}
