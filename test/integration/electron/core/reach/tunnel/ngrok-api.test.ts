// The ngrok adapter reads its agent's API (at the address its own log line named) with a cap
// on size and time: an answer that never ends costs a bounded read, not the console's memory.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { ngrok } from '../../../../../../electron/core/reach/tunnel/index.ts';

const servers: Server[] = [];
const aborts: AbortController[] = [];
afterEach(async () => {
  for (const a of aborts.splice(0)) a.abort();
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** Runs the adapter as the supervisor would, its stdout saying the web service is at `addr`. */
function watch(addr: string) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const abort = new AbortController();
  aborts.push(abort);
  const urls: string[] = [];
  ngrok.watch({
    port: 41234,
    stdout,
    stderr,
    env: {},
    signal: abort.signal,
    onUrl: (u) => urls.push(u),
    onComplaint: () => undefined,
  });
  stdout.write(
    `t=2026-11-23T10:11:12+0000 lvl=info msg="starting web service" obj=web addr=${addr} allow_hosts=[]\n`,
  );
  return { urls, abort };
}

it('an agent API that streams without end is read up to a cap, then dropped', async () => {
  let sent = 0;
  let closed = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const endless = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"tunnels":[');
    // Endless as far as the console can tell; the test stops at 48 MB to spare the machine.
    const pump = () => {
      while (!res.destroyed && sent < 48 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    res.on('close', () => (closed += 1));
    pump();
  });
  const port = await listen(endless);
  const { urls } = watch(`127.0.0.1:${port}`);
  // The console hangs up on the first answer well before it is large.
  await expect.poll(() => closed, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  expect(sent).toBeLessThan(16 * 1024 * 1024);
  expect(urls).toEqual([]);
});

it('an agent API that sends headers and then nothing is given up on', async () => {
  let closed = 0;
  const started = Date.now();
  const stalled = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"tunnels":[');
    res.on('close', () => (closed += 1));
  });
  const port = await listen(stalled);
  watch(`127.0.0.1:${port}`);
  await expect.poll(() => closed, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  expect(Date.now() - started).toBeLessThan(8000);
});
