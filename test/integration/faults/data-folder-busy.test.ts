// The console's database held by another program (a second console on the same folder, a
// backup tool holding a lock): after busy_timeout (bounded, 5 s) the merchant reads that
// another program is using the data folder, with its path, and a code of its own; never
// SQLite's "database is locked". Deliveries meanwhile get 503 and are stored once it lets go.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, expect, it } from 'vitest';
import { createEngine } from '../../../electron/core/index.ts';
import { MemoryVault } from '../../../electron/core/vault/index.ts';
import { busyMessage } from '../../../electron/core/store/faults.ts';
import { callError, openEngine, tempDir, type Harness } from '../electron/core/engine/harness.ts';
import { eventBody, post, signedHeaders } from '../electron/core/receiver/harness.ts';

let h: Harness | undefined;
let holder: DatabaseSync | undefined;
afterEach(async () => {
  if (holder?.isTransaction) holder.exec('ROLLBACK');
  holder?.close();
  holder = undefined;
  await h?.close();
  h = undefined;
});

/** Another program's connection that takes the database's write lock and keeps it. */
function holdLock(dataDir: string): DatabaseSync {
  const db = new DatabaseSync(join(dataDir, 'console.db'));
  db.exec('BEGIN EXCLUSIVE');
  return db;
}

it('reports the busy data folder with its path, answers 503, and recovers when it is let go', async () => {
  const vault = new MemoryVault();
  h = await openEngine({ vault });
  const { engine } = h;
  const url = engine.receiverUrl()!;
  const secret = [...vault.entries].find(([account]) => account.endsWith(':webhook-secret'))![1];
  const checkout = await engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 4.5 }] });

  holder = holdLock(h.dataDir);
  const expected = busyMessage(join(h.dataDir, 'console.db'));
  expect(expected).toContain(
    `another program is using the console's data folder (${h.dataDir})`.replace(
      'another',
      'Another',
    ),
  );

  const body = eventBody(checkout.id, 4.5);
  const headers = signedHeaders(secret, body);
  const refused = await post(url, body, headers);
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).not.toBeNull();
  expect((await engine.call('receiver.status', {})).error).toBe(expected);

  const err = await callError(engine, 'checkouts.create', { items: [{ name: 'Cake', amount: 2 }] });
  expect(err.code).toBe('data_folder_busy');
  expect(err.message).toBe(expected);
  expect(err.message).not.toMatch(/SQLITE|locked/i);

  // The other program lets go: the retry is stored and paid, links work again.
  holder.exec('ROLLBACK');
  expect((await post(url, body, headers)).status).toBe(200);
  expect((await engine.call('receiver.status', {})).error).toBeNull();
  await expect.poll(() => h!.payments().map((p) => p.checkout_id)).toEqual([checkout.id]);
  expect(
    (await engine.call('checkouts.create', { items: [{ name: 'Cake', amount: 2 }] })).product_name,
  ).toBe('Cake');
}, 30_000);

it('does not start on a database another program holds, and says which folder', async () => {
  const dataDir = tempDir();
  h = await openEngine({ dataDir, keepDir: true });
  await h.close();
  h = undefined;
  holder = holdLock(dataDir);
  const err = await createEngine({
    dataDir,
    transport: 'web',
    version: '0.0.0-test',
    vault: new MemoryVault(),
    openExternal: async () => {},
    log: () => {},
  }).then(
    () => null,
    (e: unknown) => e as { code?: string; message?: string },
  );
  expect(err).toMatchObject({
    code: 'data_folder_busy',
    message: busyMessage(join(dataDir, 'console.db')),
  });
}, 30_000);
