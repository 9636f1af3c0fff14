// A stand-in Payment Checkout Service on 127.0.0.1:0 that keeps every byte it receives, on
// every connection, before any HTTP parsing: a key that reached it by any route (header,
// body, path, query) is in raw(). It answers like the real service, so a client that did
// talk to it would carry on (and send more).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface CaptureRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface CaptureService {
  baseUrl: string;
  /** Every byte received so far, all connections. */
  raw(): Buffer;
  requests: CaptureRequest[];
  /** What GET /api-checkouts lists (newest first); tests may add rows. */
  checkouts: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startCaptureService(): Promise<CaptureService> {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const requests: CaptureRequest[] = [];
  const checkouts: Record<string, unknown>[] = [];

  const send = (res: ServerResponse, status: number, body: unknown): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/api-checkouts') {
        const limit = Number(new URL(req.url ?? '', 'http://x').searchParams.get('limit') ?? 50);
        send(res, 200, {
          data: checkouts.slice(0, limit),
          total: checkouts.length,
          limit,
          offset: 0,
        });
      } else if (req.method === 'POST' && path === '/api-webhooks') {
        const url = (JSON.parse(body || '{}') as { url?: string }).url ?? '';
        send(res, 201, {
          data: { id: 'wh_capture', url, created_at: new Date().toISOString() },
        });
      } else if (req.method === 'POST' && path === '/api-checkouts') {
        send(res, 201, {
          data: {
            id: '018f0000-0000-7000-8000-000000000001',
            product_name: 'Captured',
            amount: 1,
            currency: 'USD',
            active: true,
            created_at: new Date().toISOString(),
            checkout_url: 'http://127.0.0.1:9/pay/018f0000-0000-7000-8000-000000000001',
          },
        });
      } else {
        send(res, 404, { error: { code: 'not_found', message: 'Not found.' } });
      }
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    raw: () => Buffer.concat(chunks),
    requests,
    checkouts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
