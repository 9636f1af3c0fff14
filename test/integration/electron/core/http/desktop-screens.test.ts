// Other screens from the desktop app (issue 25 §1): the engine built as electron/main builds
// it (transport 'electron', nothing of electron/web), with the screens listener it attaches
// (serveScreens from the engine's front door, the built renderer as its files). The owner
// talks in-process, as the window does over IPC; a tablet pairs over a real socket, is
// approved, loads the renderer and streams a payment. The Electron binary cannot run here:
// this is the desktop's wiring without the window.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  serveScreens,
  type Engine,
  type ScreensServer,
} from '../../../../../electron/core/index.ts';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { buildEngine } from '../../../../support/engine.ts';
import { openSse, rawRequest, rpc } from '../../../../unit/electron/support/http.ts';
import { payCheckout } from '../engine/harness.ts';

/** The error code of a new TCP connection to the port (null when it connects). */
function connectError(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** The desktop's engine and screens listener, on a fresh data folder and a fake build. */
async function desktop(): Promise<{ engine: Engine; screens: ScreensServer; logs: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'desktop-screens-'));
  const rendererDir = join(dir, 'out-renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>console build</title>');
  const logs: string[] = [];
  const { engine } = await buildEngine(
    {
      dataDir: join(dir, 'data'),
      transport: 'electron',
      version: '0.0.0-test',
      openExternal: async () => undefined,
      onSecondStart: () => undefined,
      systemLocales: () => ({ languages: ['en-GB'], regional: 'en-GB' }),
      vault: new MemoryVault(),
      sandboxTimeScale: 1000,
      log: (m) => logs.push(m),
    },
    { lanAddresses: () => [] },
  );
  const screens = await serveScreens(engine, { staticDir: rendererDir });
  cleanup = async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { engine, screens, logs };
}

it('the desktop engine serves other screens: pairing, the renderer, a streamed payment', async () => {
  const { engine, screens, logs } = await desktop();
  const on = await engine.call('screens.set', { enabled: true, address: '127.0.0.1' });
  expect(on).toMatchObject({ enabled: true, error: null });
  const port = Number(new URL(on.url!).port);
  expect(port).toBeGreaterThan(0);

  // The tablet opens the QR's URL: the pairing page, then asks with a name.
  const pairing = await engine.call('screens.pair', {});
  expect((await rawRequest({ port, path: '/pair' })).text).toContain('Name of this screen');
  const asked = await rawRequest({
    port,
    method: 'POST',
    path: '/pair',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: new URL(pairing.url).hash.replace('#code=', ''), name: 'Till 2' }),
  });
  expect(asked.status, asked.text).toBe(200);
  const { id, token } = (asked.json() as { data: { id: string; token: string } }).data;
  await engine.call('screens.approve', { id, role: 'watch' });

  // Approved: it loads the desktop's build and calls with its own role.
  const page = await rawRequest({ port, path: '/' });
  expect(page.status).toBe(200);
  expect(page.text).toContain('console build');
  const info = await rpc(port, token, 'app.info');
  expect((info.json() as { data: { role: string } }).data.role).toBe('watch');
  // The desktop has no owner token over HTTP: nothing else gets in.
  expect((await rpc(port, 'x'.repeat(43), 'app.info')).status).toBe(401);

  const events = await openSse(port, '/events', { Authorization: `Bearer ${token}` });
  expect(events.status).toBe(200);
  await expect.poll(() => screens.sseClients()).toBe(1);
  const made = await engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 3 }] });
  expect(await payCheckout(made.checkout_url)).toBeLessThan(400);
  await expect
    .poll(() => events.frames.filter((f) => f.event === 'payment.received').length)
    .toBe(1);
  expect(events.frames.map((f) => f.event)).not.toContain('checkout.created'); // a Watch

  // Revoked from the desktop: its stream ends at once.
  await engine.call('screens.revoke', { id });
  await expect.poll(() => events.ended()).toBe(true);
  expect(logs.join('\n')).not.toContain(token.split('.')[1]);

  // Off closes the listener: a new connection is refused. (A fresh socket, not the HTTP
  // agent's pool: a kept-alive socket the server closed would be reset instead.)
  await engine.call('screens.set', { enabled: false });
  expect(await connectError(port)).toBe('ECONNREFUSED');
}, 30_000);
