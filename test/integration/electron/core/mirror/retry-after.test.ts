// The mirror waits as long as a 429's Retry-After asks before it asks the service again. The
// clock and the waits are the test's own (the mirror's `now` and `after`), the service a
// scripted one on a real socket and the store a real SQLite file: the next list request is
// made no earlier, by the mirror's own clock, than Retry-After said.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { SyncStatus } from '#shared/domain.ts';
import { BoundKey, createApiClient } from '../../../../../electron/core/api/index.ts';
import { CheckoutMirror } from '../../../../../electron/core/mirror/index.ts';
import { openStore } from '../../../../../electron/core/database.ts';
import { checkoutJson, json, startFakeService } from '../../../../support/fake-service.ts';

const KEY = `sk_live_${'Rr7Aa8Bb9C'.repeat(4)}`;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

it('asks again no earlier than a 429 Retry-After said', async () => {
  const svc = await startFakeService();
  cleanups.push(() => svc.close());
  svc.script(
    json(429, { error: { code: 'rate_limited', message: 'Slow down' } }, { 'retry-after': '30' }),
    json(200, { data: [checkoutJson()], total: 1 }),
  );
  const dir = mkdtempSync(join(tmpdir(), 'mirror-retry-'));
  const store = openStore(join(dir, 'console.db'));
  cleanups.push(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let clock = Date.UTC(2026, 10, 21, 12, 0, 0);
  const asked: number[] = [];
  const client = createApiClient({
    baseUrl: svc.baseUrl,
    key: new BoundKey(KEY, svc.baseUrl),
    http: { timeoutMs: 2000, maxRetries: 0 },
  });
  const api = {
    listCheckoutRows: (...args: Parameters<typeof client.listCheckoutRows>) => {
      asked.push(clock);
      return client.listCheckoutRows(...args);
    },
  };
  const waits: { ms: number; fn: () => void }[] = [];
  const statuses: SyncStatus[] = [];
  const mirror = new CheckoutMirror(
    {
      store,
      active: { id: 'p1', api: async () => api },
      emit: (s) => statuses.push(s),
      log: () => undefined,
      now: () => clock,
    },
    {
      progressMs: 0,
      after: (ms, fn) => {
        waits.push({ ms, fn });
        return () => undefined;
      },
    },
  );
  cleanups.push(() => mirror.close());

  mirror.sync();
  await expect.poll(() => statuses.find((s) => s.state === 'backing_off')).toBeTruthy();
  const paused = statuses.find((s) => s.state === 'backing_off')!;
  expect(paused.error?.code).toBe('rate_limited');
  expect(paused.retry_at).toBe(new Date(asked[0]! + 30_000).toISOString());
  expect(waits).toHaveLength(1);

  // Time passes as the mirror asked, and its wait ends.
  const wait = waits.shift()!;
  clock += wait.ms;
  wait.fn();
  await expect.poll(() => statuses.at(-1)?.state).toBe('idle');
  expect(statuses.at(-1)?.mirrored).toBe(1);
  expect(asked).toHaveLength(3); // the 429, the page, and the quick pass after a full one
  expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(30_000);
});
