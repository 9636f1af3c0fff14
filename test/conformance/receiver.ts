// A small webhook receiver for tests: node:http on 127.0.0.1 port 0, records every request
// with its raw body, and answers as the test scripts it (status, hang, or cut the socket).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** What the receiver answered: an HTTP status, or 'hang' / 'destroy'. */
  answer: Reaction;
}

export type Reaction = number | 'hang' | 'destroy';

export interface Receiver {
  url: string;
  origin: string;
  received: Received[];
  /** Requests answered with a 2xx: what the sender may consider acknowledged. */
  acknowledged(): Received[];
  /** Requests in progress right now, and the most seen at once. */
  concurrency(): { now: number; max: number };
  /** Sets how the next requests are answered; `n` counts requests from 1. */
  react(fn: (n: number, req: http.IncomingMessage) => Reaction): void;
  close(): Promise<void>;
}

export async function startReceiver(
  options: { path?: string; delayMs?: number } = {},
): Promise<Receiver> {
  const received: Received[] = [];
  let reaction: (n: number, req: http.IncomingMessage) => Reaction = () => 200;
  let count = 0;
  let active = 0;
  let maxActive = 0;
  const server = http.createServer((req, res) => {
    active += 1;
    maxActive = Math.max(maxActive, active);
    res.on('close', () => (active -= 1));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      count += 1;
      const answer = reaction(count, req);
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answer,
      });
      if (answer === 'hang') return; // the sender's timeout has to end it
      if (answer === 'destroy') {
        req.socket.destroy();
        return;
      }
      const send = () => {
        const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
        if (answer >= 300 && answer < 400) headers.location = `/redirected`;
        res.writeHead(answer, headers).end(JSON.stringify({ ok: answer < 300 }));
      };
      if (options.delayMs) setTimeout(send, options.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${options.path ?? '/webhooks'}`,
    origin,
    received,
    acknowledged: () =>
      received.filter((r) => typeof r.answer === 'number' && r.answer >= 200 && r.answer < 300),
    concurrency: () => ({ now: active, max: maxActive }),
    react(fn) {
      reaction = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One header's value as a string ('' when absent). */
export function header(r: Received, name: string): string {
  const value = r.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}
