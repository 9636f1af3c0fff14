// receiver.check: a signed test request through the public URL back to this receiver. Each
// way it fails has its own code (all on loopback: a closed port, a server that never
// answers, another HTTP server, an .invalid host, https to plain http), success goes through
// a tiny forwarder standing in for a tunnel, and no check ever stores a payment.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, connect, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../../../electron/core/database.ts';
import { REACH_HEADER } from '../../../../../electron/core/reach/index.ts';
import type { ReachCheck } from '#shared/domain.ts';
import { openEngine, type Harness } from '../engine/harness.ts';

let h: Harness;
let store: Store;
const servers: (Server | TcpServer)[] = [];

beforeEach(async () => {
  h = await openEngine({ parts: { reach: { timeoutMs: 400 } } });
  store = h.store;
  // A live profile: the Sandbox profile takes no public URL (its service is on this computer).
  const p = await h.engine.call('profiles.add', {
    name: 'Shop',
    base_url: `http://127.0.0.1:${await closedPort()}/`,
  });
  await h.engine.call('profiles.switch', { id: p.id });
});
afterEach(async () => {
  await h.close();
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          if ('closeAllConnections' in s) s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

function listen<S extends Server | TcpServer>(server: S): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const s = createTcpServer();
  const port = await new Promise<number>((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)),
  );
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A tunnel stand-in: every connection piped to the receiver's port. */
async function forwarder(onData?: (chunk: Buffer) => void): Promise<string> {
  const address = (await h.engine.call('receiver.status', {})).address!;
  const [host, port] = [address.split(':')[0]!, Number(address.split(':')[1])];
  const server = createTcpServer((client) => {
    const upstream = connect(port, host);
    client.on('data', (c: Buffer) => onData?.(c));
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return `http://127.0.0.1:${await listen(server)}`;
}

/** What a check must never change: stored payments, inbox, counters, downtime. */
function snapshot() {
  const count = (sql: string) => (store.db.prepare(sql).get() as { n: number }).n;
  return {
    inbox: count('SELECT COUNT(*) AS n FROM inbox'),
    payments: count('SELECT COUNT(*) AS n FROM payments'),
    counted: count('SELECT COALESCE(SUM(n), 0) AS n FROM payment_counts'),
    downtime: count('SELECT COUNT(*) AS n FROM downtime'),
  };
}

async function checkThrough(publicUrl: string): Promise<ReachCheck> {
  await h.engine.call('settings.set', { public_url: publicUrl });
  return h.engine.call('receiver.check', {});
}

function token(): string {
  return (h.engine.receiverUrl() ?? '').split('/webhooks/')[1]!;
}

describe('receiver.check', () => {
  it('is reachable through a forwarder, answered by this receiver without storing anything', async () => {
    const before = snapshot();
    const totals = await h.engine.call('payments.totals', {});
    const requestsBefore = await h.engine.call('receiver.requests', {});
    const check = await checkThrough(await forwarder());
    expect(check).toMatchObject({ reachable: true });
    expect(check.error).toBeUndefined();
    expect(check.round_trip_ms).toBeGreaterThanOrEqual(0);
    expect(check.public_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/••••$/);
    expect(JSON.stringify(check)).not.toContain(token());
    expect(snapshot()).toEqual(before);
    expect(await h.engine.call('payments.totals', {})).toEqual(totals);
    expect(h.payments()).toEqual([]);
    // Not in the request log (that is for rejections); the status shows the result.
    expect(await h.engine.call('receiver.requests', {})).toEqual(requestsBefore);
    // The status carries the latest check for the strip.
    expect((await h.engine.call('receiver.status', {})).reach).toMatchObject({ reachable: true });
  });

  it('a refused connection (closed port) says so', async () => {
    const before = snapshot();
    const check = await checkThrough(`http://127.0.0.1:${await closedPort()}`);
    expect(check.reachable).toBe(false);
    expect(check.round_trip_ms).toBeNull();
    expect(check.error?.code).toBe('refused');
    expect(check.error?.message).toMatch(
      /^connection refused at http:\/\/127\.0\.0\.1:\d+\/webhooks\/••••$/,
    );
    expect(snapshot()).toEqual(before);
  });

  it('a server that accepts and never answers is a timeout (bounded)', async () => {
    const silent = createHttpServer(() => undefined);
    const before = snapshot();
    const check = await checkThrough(`http://127.0.0.1:${await listen(silent)}`);
    expect(check.error?.code).toBe('timeout');
    expect(check.error?.message).toMatch(/^no answer within 400 ms at http:.*\/webhooks\/••••$/);
    expect(snapshot()).toEqual(before);
  });

  it('another HTTP server answering 200 is not this receiver, even echoing the probe', async () => {
    const other = createHttpServer((req, res) => {
      // Echoes the probe header back: a proof must come from the secret, not the request.
      res.end(JSON.stringify({ reach: String(req.headers[REACH_HEADER] ?? '').split('.')[1] }));
    });
    const before = snapshot();
    const url = `http://127.0.0.1:${await listen(other)}`;
    const check = await checkThrough(url);
    expect(check.error?.code).toBe('not_this_receiver');
    expect(check.error?.message).toContain('not this console');
    expect(check.error!.message.split(url).join('')).not.toContain('200');
    expect(snapshot()).toEqual(before);
  });

  it('another server is not this receiver, whatever it answers; its status and body are not repeated', async () => {
    let status = 404;
    const other = createHttpServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'text/plain', 'x-powered-by': 'Intranet/7.3' });
      res.end(`Example Corp payroll portal, build 7734 (status ${status})`);
    });
    const url = `http://127.0.0.1:${await listen(other)}`;
    for (const s of [404, 200, 418, 502, 301]) {
      status = s;
      const check = await checkThrough(url);
      expect(check.error?.code, String(s)).toBe('not_this_receiver');
      expect(check.error?.message).toMatch(
        /^something answered at http:\/\/127\.0\.0\.1:\d+\/webhooks\/••••, but not this console’s receiver/,
      );
      // The message without the address (whose port may hold any digits).
      const shown = (check.error?.message ?? '').split(url).join('<url>');
      for (const echo of ['Example Corp', '7734', 'Intranet', String(s), 'HTTP']) {
        expect(shown, `${s}: ${echo}`).not.toContain(echo);
      }
    }
  });

  it('an unresolvable host is a DNS error', async () => {
    const before = snapshot();
    const check = await checkThrough('http://reach-check.invalid');
    expect(check.error?.code).toBe('dns');
    expect(check.error?.message).toBe(
      'the host name could not be found (DNS failed) at http://reach-check.invalid/webhooks/••••',
    );
    expect(snapshot()).toEqual(before);
  });

  it('https to a plain http server is a TLS error', async () => {
    const plain = createHttpServer((_req, res) => res.end('hello'));
    const before = snapshot();
    const check = await checkThrough(`https://127.0.0.1:${await listen(plain)}`);
    expect(check.error?.code).toBe('tls');
    expect(check.error?.message).toMatch(
      /^the secure connection failed \(TLS error: .+\) at https:/,
    );
    expect(snapshot()).toEqual(before);
  });

  it('a replayed or forged probe is refused and stores nothing', async () => {
    const seen: string[] = [];
    await checkThrough(await forwarder((c) => seen.push(c.toString('latin1'))));
    const probe = /x-console-reach: ([^\r\n]+)/i.exec(seen.join(''))?.[1];
    expect(probe).toBeDefined();
    const before = snapshot();
    const url = h.engine.receiverUrl()!;
    for (const value of [probe!, `${probe!.split('.')[0]}.AAAA`, 'garbage']) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [REACH_HEADER]: value },
        body: '{"type":"console.reach_check"}',
      });
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain('"reach"');
    }
    expect(snapshot()).toEqual(before);
  });

  it('a live profile without a public URL says there is none, sending nothing', async () => {
    const p = await h.engine.call('profiles.add', {
      name: 'Shop',
      base_url: `http://127.0.0.1:${await closedPort()}/`,
    });
    await h.engine.call('profiles.switch', { id: p.id });
    const check = await h.engine.call('receiver.check', {});
    expect(check).toMatchObject({ reachable: false, public_url: null, round_trip_ms: null });
    expect(check.error?.code).toBe('no_public_url');
    expect(check.error?.message).toContain('no public URL is set');
  });

  it('the registered URL keeps its token masked in the error, whatever the path', async () => {
    const check = await checkThrough(`http://127.0.0.1:${await closedPort()}/webhooks`);
    expect(check.public_url).toMatch(/\/webhooks\/webhooks\/••••$/);
    expect(JSON.stringify(check)).not.toContain(token());
    expect(h.logs.join('\n')).not.toContain(token());
  });
});
