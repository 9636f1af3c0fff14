// A sync waiting because the account had no usable key starts as soon as the key changes,
// not at the next regular sync (5 minutes: these tests run the mirror at real time, so
// waiting for that would time out).
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '#shared/domain.ts';
import { startSandbox } from '../../../../../sandbox/index.ts';
import { startFakeService } from '../../../../support/fake-service.ts';
import { openEngine, tempDir, type Harness } from '../engine/harness.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function engine(): Promise<Harness> {
  // Real time: the next regular sync is 5 minutes away.
  const h = await openEngine({ parts: { mirror: { progressMs: 0 } } });
  cleanups.push(() => h.close());
  return h;
}

const syncs = (h: Harness, id: string) =>
  h.events
    .filter((e) => e.event === 'checkouts.sync')
    .map((e) => e.payload as SyncStatus)
    .filter((s) => s.profile_id === id);

async function reaches(h: Harness, id: string, ok: (s: SyncStatus) => boolean, after = 0) {
  await expect.poll(() => syncs(h, id).slice(after).some(ok), { timeout: 10_000 }).toBe(true);
}

describe('a new key for an account waiting for one', () => {
  it('key.set starts the sync at once', async () => {
    const dir = tempDir();
    const sandbox = await startSandbox({ dataDir: dir, timeScale: 1000 });
    cleanups.push(async () => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const { api_key } = await sandbox.createMerchant();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${sandbox.baseUrl}/api-checkouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': api_key },
        body: JSON.stringify({ items: [{ name: `Bun ${i}`, amount: 2 }] }),
      });
      expect(res.status).toBe(201);
    }
    const h = await engine();
    const p = await h.engine.call('profiles.add', { name: 'Shop', base_url: sandbox.baseUrl });
    await h.engine.call('profiles.switch', { id: p.id });
    await reaches(h, p.id, (s) => s.state === 'failed' && s.error?.code === 'no_key');
    const seen = syncs(h, p.id).length;
    await h.engine.call('key.set', { key: api_key });
    await reaches(h, p.id, (s) => s.state === 'idle' && s.mirrored === 3, seen);
  });

  it('profiles.update to a new address retries at once instead of showing the old key problem', async () => {
    // Service A accepts the key when it is tested, then rejects it.
    const a = await startFakeService();
    const b = await startFakeService();
    cleanups.push(() => a.close());
    cleanups.push(() => b.close());
    let tested = false;
    a.script((req, res) => {
      const first = !tested && (req.url ?? '').includes('limit=1');
      tested ||= first;
      res.writeHead(first ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          first ? { data: [], total: 0 } : { error: { code: 'unauthorized', message: 'no' } },
        ),
      );
    });
    const h = await engine();
    const key = `sk_live_${'Zz09yY18xX'.repeat(4)}`;
    const p = await h.engine.call('profiles.add', { name: 'Shop', base_url: a.baseUrl, key });
    await h.engine.call('profiles.switch', { id: p.id });
    await reaches(h, p.id, (s) => s.state === 'failed' && s.error?.code === 'key_rejected');
    const seen = syncs(h, p.id).length;
    // The new address removes the key: the status says so now, not in 5 minutes.
    await h.engine.call('profiles.update', { id: p.id, base_url: b.baseUrl });
    await reaches(h, p.id, (s) => s.state === 'failed' && s.error?.code === 'no_key', seen);
  });
});
