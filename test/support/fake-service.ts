// A tiny scripted HTTP server on 127.0.0.1:0 standing in for the service in API client
// tests: each request is recorded and answered by the next scripted responder.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Responder = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface FakeService {
  baseUrl: string;
  requests: Recorded[];
  /** Responders used in order; the last one repeats. */
  script(...responders: Responder[]): void;
  close(): Promise<void>;
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Responder =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

export const text =
  (status: number, body: string): Responder =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(body);
  };

/** Never answers (the request hangs until the client gives up). */
export const hang: Responder = () => undefined;

/** Drops the connection without an answer. */
export const drop: Responder = (req) => req.socket.destroy();

export async function startFakeService(): Promise<FakeService> {
  let responders: Responder[] = [json(200, {})];
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const next = responders.length > 1 ? responders.shift() : responders[0];
      next?.(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script: (...r) => {
      responders = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function checkoutJson(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '0b7c6f0e-2f4b-4c39-9a43-2a4a3f1f0a11',
    merchant_id: '9f3c6f0e-2f4b-4c39-9a43-2a4a3f1f0a22',
    product_name: 'Tea',
    amount: 4.5,
    currency: 'USD',
    active: true,
    created_at: '2026-01-02T03:04:05.000Z',
    checkout_url: 'http://127.0.0.1:1/pay/0b7c6f0e-2f4b-4c39-9a43-2a4a3f1f0a11',
    items: [{ name: 'Tea', amount: 4.5, quantity: 1 }],
    ...over,
  };
}
