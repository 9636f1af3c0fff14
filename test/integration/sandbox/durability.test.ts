// What was acknowledged survives: a clean restart keeps merchants, checkouts and webhooks,
// and a SIGKILL right after a burst of 201s loses none of them (group commit + FULL sync).
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { runCli } from './cli-process.ts';
import { startHarness, tempDir } from './harness.ts';
import { startReceiver } from './receiver.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('restart', () => {
  it('keeps merchants, checkouts, counters and webhooks', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const receiver = await startReceiver();
    const first = await startHarness({ timeScale: 1000 }, dir);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await first.post('/api-checkouts', {
        items: [{ name: `Thing ${i}`, amount: 1.25 }],
        active: i !== 4,
      });
      ids.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    expect(
      (await first.post('/api-webhooks', { url: receiver.url('/after-restart') })).status,
    ).toBe(201);
    await first.sandbox.close(); // not stop(): keep the folder

    const second = await startSandbox({ dataDir: dir, timeScale: 1000 });
    try {
      const headers = { 'x-api-key': first.key };
      const res = await fetch(`${second.baseUrl}/api-checkouts?active=true`, { headers });
      expect(res.status).toBe(200);
      const page = (await res.json()) as {
        data: { id: string; checkout_url: string }[];
        total: number;
      };
      expect(page.total).toBe(4);
      expect(page.data.map((c) => c.id)).toEqual(ids.slice(0, 4).reverse());
      // Links point at the running instance, whatever port it got this time.
      expect(page.data[0]!.checkout_url).toBe(`${second.checkoutPageBase}/pay/${ids[3]}`);
      const all = await fetch(`${second.baseUrl}/api-checkouts`, { headers });
      expect(((await all.json()) as { total: number }).total).toBe(5);

      // The webhook registered before the restart receives the next payment.
      const pay = await fetch(page.data[0]!.checkout_url, { method: 'POST', redirect: 'manual' });
      expect(pay.status).toBe(303);
      await vi.waitFor(() => expect(receiver.deliveries).toHaveLength(1), {
        timeout: 10_000,
        interval: 20,
      });
      expect(receiver.deliveries[0]!.path).toBe('/after-restart');
    } finally {
      await second.close();
      await receiver.close();
    }
  });
});

describe('start failures', () => {
  it('a taken port rejects with EADDRINUSE and leaves the folder usable', async () => {
    const [dir, other] = [tempDir(), tempDir()];
    dirs.push(dir, other);
    const first = await startSandbox({ dataDir: other });
    try {
      await expect(startSandbox({ dataDir: dir, port: first.port })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
      const again = await startSandbox({ dataDir: dir });
      const m = await again.createMerchant();
      expect(m.api_key).toMatch(/^sk_live_/);
      await again.close();
    } finally {
      await first.close();
    }
  });
});

describe('crash', () => {
  it('every checkout answered 201 is on disk when the process is killed', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const run = runCli(['--port', '0', '--data', dir]);
    const ready = await run.ready;
    const create = (i: number) =>
      fetch(`${ready.base_url}/api-checkouts`, {
        method: 'POST',
        headers: { 'x-api-key': ready.api_key, 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ name: `Burst ${i}`, amount: 2 }] }),
      }).then(async (r) => {
        expect(r.status).toBe(201);
        return ((await r.json()) as { data: { id: string } }).data.id;
      });
    // Concurrent, so they share group commits.
    const ids = await Promise.all(Array.from({ length: 150 }, (_, i) => create(i)));
    run.child.kill('SIGKILL');
    await run.exit;

    const after = await startSandbox({ dataDir: dir });
    try {
      const seen = new Set<string>();
      for (let offset = 0; offset < 150; offset += 100) {
        const res = await fetch(`${after.baseUrl}/api-checkouts?limit=100&offset=${offset}`, {
          headers: { 'x-api-key': ready.api_key },
        });
        const page = (await res.json()) as { data: { id: string }[]; total: number };
        expect(page.total).toBe(150);
        page.data.forEach((c) => seen.add(c.id));
      }
      expect(ids.filter((id) => !seen.has(id))).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
