// The search bench's third part: the first sync of n checkouts from a sandbox, against plain
// paging of the same endpoint (a fetch loop, what curl would do) in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../../electron/core/index.ts';
import { MemoryVault } from '../../electron/core/vault/index.ts';
import { startSandbox } from '../../sandbox/index.ts';
import type { SyncStatus } from '#shared/domain.ts';

/** The first sync of n checkouts from a sandbox, against plain paging of the same endpoint. */
export async function firstSync(n: number, words: readonly string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'sync-bench-'));
  const sandbox = await startSandbox({ dataDir: join(dir, 'svc'), rateLimitPerSecond: 1_000_000 });
  try {
    const { api_key: key } = await sandbox.createMerchant();
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < n) {
          const i = next++;
          const res = await fetch(`${sandbox.baseUrl}/api-checkouts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: JSON.stringify({
              items: [{ name: `${words[i % words.length]} ${i}`, amount: 2 }],
            }),
          });
          if (res.status !== 201) throw new Error(`seed: ${res.status}`);
          await res.arrayBuffer();
        }
      }),
    );
    const seedS = (performance.now() - t0) / 1000;

    // Baseline: page through the list endpoint with nothing else to do.
    const tb = performance.now();
    let read = 0;
    for (let offset = 0; ; offset += 100) {
      const res = await fetch(`${sandbox.baseUrl}/api-checkouts?limit=100&offset=${offset}`, {
        headers: { 'x-api-key': key },
      });
      const body = (await res.json()) as { data: unknown[] };
      read += body.data.length;
      if (body.data.length < 100) break;
    }
    const bareS = (performance.now() - tb) / 1000;

    const engine = await createEngine({
      dataDir: join(dir, 'console'),
      transport: 'web',
      version: 'bench',
      vault: new MemoryVault(),
      log: () => {},
    });
    try {
      const p = await engine.call('profiles.add', { name: 'Shop', base_url: sandbox.baseUrl, key });
      const ts = performance.now();
      const done = new Promise<SyncStatus>((resolve) => {
        engine.on('checkouts.sync', (s) => {
          if (s.profile_id === p.id && s.state === 'idle' && s.mirrored >= n) resolve(s);
        });
      });
      await engine.call('profiles.switch', { id: p.id });
      const last = await done;
      const syncS = (performance.now() - ts) / 1000;
      return {
        checkouts: n,
        seed_s: +seedS.toFixed(1),
        bare_paging_s: +bareS.toFixed(2),
        bare_read: read,
        first_sync_s: +syncS.toFixed(2),
        mirrored: last.mirrored,
        ratio_to_bare: +(syncS / bareS).toFixed(2),
      };
    } finally {
      await engine.close();
    }
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
