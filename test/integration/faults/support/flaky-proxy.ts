// A webhook endpoint in front of the console's real receiver that fails on purpose: while
// `down`, and for the first `failFirst` attempts of each event, it answers 500; otherwise it
// forwards the delivery untouched and relays the receiver's status. It logs every attempt,
// so a test can tell what was sent after what.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Attempt {
  id: string;
  /** 1 for the first attempt of this event id. */
  n: number;
  status: number;
}

export interface FlakyProxy {
  url: string;
  down: boolean;
  log: Attempt[];
  close(): Promise<void>;
}

export async function startFlakyProxy(target: string, failFirst: number): Promise<FlakyProxy> {
  const counts = new Map<string, number>();
  const proxy: FlakyProxy = { url: '', down: false, log: [], close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      const n = (counts.get(id) ?? 0) + 1;
      counts.set(id, n);
      const answer = (status: number): void => {
        proxy.log.push({ id, n, status });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      };
      if (proxy.down || n <= failFirst) return answer(500);
      const headers: Record<string, string> = {};
      for (const h of ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        const v = req.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      fetch(target, { method: 'POST', headers, body: Buffer.concat(chunks) }).then(
        async (r) => {
          await r.arrayBuffer();
          answer(r.status);
        },
        () => answer(502),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://127.0.0.1:${port}/hook`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
