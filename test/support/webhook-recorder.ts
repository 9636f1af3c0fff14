// A loopback HTTP proxy in front of a service (the sandbox) that forwards every request and
// records each webhook registration (POST /api-webhooks) as it passes: the hub's tests prove
// from it that the registered URL never changes while tills start, restart and switch.
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookRecorder {
  baseUrl: string;
  /** The URL of every registration that went through, in order. */
  registrations: string[];
  close(): Promise<void>;
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startWebhookRecorder(target: string): Promise<WebhookRecorder> {
  const to = new URL(target);
  const registrations: string[] = [];
  const server = createServer((req, res) => {
    void readAll(req).then((body) => {
      if (req.method === 'POST' && (req.url ?? '').startsWith('/api-webhooks')) {
        try {
          registrations.push(String((JSON.parse(body.toString('utf8')) as { url: unknown }).url));
        } catch {
          registrations.push('(unreadable)');
        }
      }
      const out = request(
        {
          host: to.hostname,
          port: to.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: to.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => {
        res.writeHead(502).end();
      });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    registrations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
