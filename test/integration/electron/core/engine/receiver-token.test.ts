// Issue 10 §4: the receiver's own token never leaves the engine. Whatever public URL is set
// (its path holding /webhooks/ zero, one or two times, a trailing slash), receiver.status,
// its event, webhook.register and the logs show the token masked; a service that echoes the
// URL in an error does not bring it back; a request holding the token elsewhere in its path
// is not logged with it.
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { maskWebhookUrl } from '../../../../../electron/core/receiver/index.ts';
import type { Store } from '../../../../../electron/core/database.ts';
import { callError, openEngine, type Harness } from './harness.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function engine(): Promise<Harness & { store: Store }> {
  const h = await openEngine({ keepDir: true });
  cleanups.push(() => rmSync(h.dataDir, { recursive: true, force: true }));
  cleanups.push(() => h.close());
  return h;
}

function tokenOf(h: Harness): string {
  const url = h.engine.receiverUrl();
  expect(url).toMatch(/\/webhooks\/[A-Za-z0-9_-]{43}$/);
  return (url as string).split('/').pop() as string;
}

/** Everything the engine has shown or logged so far, as text. */
function shown(h: Harness, outputs: unknown[]): string[] {
  return [
    ...outputs.map((o) => JSON.stringify(o)),
    ...h.events.map((e) => JSON.stringify(e.payload)),
    ...h.logs,
  ];
}

describe("the receiver's token never leaves the engine", () => {
  it('is masked in receiver.status, its event and webhook.register for any public URL', async () => {
    const h = await engine();
    const token = tokenOf(h);
    const outputs: unknown[] = [];
    const publicUrls = [
      'http://127.0.0.1:9/webhooks/', // once, trailing slash
      'http://127.0.0.1:9', // no /webhooks/ at all
      'http://127.0.0.1:9/webhooks', // once: the example
      'http://127.0.0.1:9/webhooks/webhooks', // twice
      'http://127.0.0.1:9/a/webhooks/b/webhooks/', // twice, apart, trailing slash
    ];
    for (const public_url of publicUrls) {
      h.events.length = 0;
      // The Sandbox profile refuses a new public URL through settings.set; one left in the
      // settings (by a live profile) is still used for its registration.
      h.store.settings.set({ public_url });
      await h.engine.call('webhook.register', {});
      const status = await h.engine.call('receiver.status', {});
      // Registered at the sandbox under the full URL (with the token)…
      expect(status.webhook.registered, public_url).toBe(true);
      // …and shown with the token masked, the public URL's own path intact.
      const base = public_url.replace(/\/+$/, '');
      expect(status.webhook.url).toBe(`${base}/webhooks/••••`);
      const events = h.events.filter((e) => e.event === 'receiver.status');
      expect(events.length).toBeGreaterThan(0);
      outputs.push(status, await h.engine.call('webhook.register', {}));
    }
    // A query string or fragment is refused, saying why, without echoing anything secret.
    const refused = await callError(h.engine, 'settings.set', {
      public_url: 'http://127.0.0.1:9/webhooks?x=1',
    });
    expect(refused).toMatchObject({ code: 'bad_input', field: 'public_url' });
    outputs.push(refused.toJSON(), await h.engine.call('settings.get', {}));
    for (const text of shown(h, outputs)) {
      expect(text.includes(token), `the token leaked into: ${text.slice(0, 160)}`).toBe(false);
    }
  });

  it('a service echoing the URL in its error does not bring the token back', async () => {
    // A service that accepts the key and refuses every webhook URL, quoting it.
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        const send = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        if (req.url?.startsWith('/api-webhooks')) {
          const { url } = JSON.parse(body) as { url: string };
          send(400, { error: { code: 'validation_error', message: `url: ${url} is not allowed` } });
        } else send(200, { data: [], total: 0, limit: 1, offset: 0 });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const h = await engine();
    const p = await h.engine.call('profiles.add', {
      name: 'Echo',
      base_url: base,
      key: 'sk_live_echoechoecho0000',
    });
    await h.engine.call('profiles.switch', { id: p.id });
    const token = tokenOf(h);
    await h.engine.call('settings.set', { public_url: 'https://tunnel.example/webhooks' });
    const err = await callError(h.engine, 'webhook.register', {});
    const status = await h.engine.call('receiver.status', {});
    expect(status.webhook.error).toContain('is not allowed');
    expect(status.webhook.error).toContain('https://tunnel.example/webhooks/webhooks/••••');
    for (const text of shown(h, [status, err.toJSON(), err.message])) {
      expect(text.includes(token), `the token leaked into: ${text.slice(0, 160)}`).toBe(false);
    }
  });

  it('a request holding the token elsewhere in its path is logged without it', async () => {
    const h = await engine();
    const token = tokenOf(h);
    const origin = new URL(h.engine.receiverUrl() as string).origin;
    const paths = [
      `//webhooks/${token}`,
      `/x/${token}`,
      `/webhooks/${token}/extra`,
      `/${encodeURIComponent(token).replace(/A/g, '%41')}`,
    ];
    for (const path of paths) {
      const res = await fetch(`${origin}${path}`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
    }
    await h.close();
    const db = new DatabaseSync(join(h.dataDir, 'console.db'), { readOnly: true });
    const logged = db.prepare('SELECT path FROM request_log').all() as { path: string }[];
    db.close();
    expect(logged).toHaveLength(paths.length);
    for (const { path } of logged) expect(path.includes(token), path).toBe(false);
    for (const line of h.logs) expect(line.includes(token), line).toBe(false);
  });
});

describe('maskWebhookUrl', () => {
  const T = 'tokTOKENtokenTOKENtoken0123456789abcdefghi';
  it('hides the token wherever it is, with or without a query string or trailing slash', () => {
    const cases: [string, string][] = [
      [`http://h/webhooks/${T}`, 'http://h/webhooks/••••'],
      [`https://t.example/webhooks/webhooks/${T}`, 'https://t.example/webhooks/webhooks/••••'],
      [`https://t.example/p/${T}`, 'https://t.example/p/••••'],
      [`https://t.example/webhooks/${T}?src=tunnel`, 'https://t.example/webhooks/••••?src=tunnel'],
      [`https://t.example/webhooks/${T}/`, 'https://t.example/webhooks/••••/'],
      [
        `https://t.example/webhooks/x/webhooks/${T}#f`,
        'https://t.example/webhooks/x/webhooks/••••#f',
      ],
    ];
    for (const [url, masked] of cases) expect(maskWebhookUrl(url, T)).toBe(masked);
  });

  it('a URL registered under an earlier token: its last /webhooks/ segment is hidden', () => {
    expect(maskWebhookUrl('https://t.example/webhooks/webhooks/OLDTOKEN', T)).toBe(
      'https://t.example/webhooks/webhooks/••••',
    );
    expect(maskWebhookUrl('https://t.example/webhooks/OLD?x=1', null)).toBe(
      'https://t.example/webhooks/••••?x=1',
    );
    expect(maskWebhookUrl(null, T)).toBeNull();
  });
});
