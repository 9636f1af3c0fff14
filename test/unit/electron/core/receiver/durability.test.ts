// synchronous=FULL on the connections that really write: the store's own and the receiver
// writer thread's, and again after a lazy (synchronous=NORMAL) transaction on each. The
// pragma is per connection, so it is read through those connections, never a fresh one; the
// SIGKILL tests cannot catch a lost fsync (the OS keeps the writes of a killed process).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openReceiverWriter } from '../../../../../electron/core/receiver/writer.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import { recordWorkers } from '../../../../support/worker-threads.ts';

const FULL = 2;
let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mc-durable-'));
  store = openStore(join(dir, 'console.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

it('keeps synchronous=FULL on the main connection, also after a lazy transaction', () => {
  expect(store.pragma('synchronous')).toBe(FULL);
  const runId = store.receiver.startRun('sandbox', Date.now());
  store.receiver.heartbeat(runId, Date.now()); // a lazy transaction
  expect(store.pragma('synchronous')).toBe(FULL);
});

it('keeps synchronous=FULL on the writer thread, also after its lazy settlement', async () => {
  const workers = recordWorkers();
  const w = openReceiverWriter(store);
  workers.stop();
  try {
    expect(workers.started).toHaveLength(1);
    expect(await w.pragma('synchronous')).toBe(FULL);
    const event = {
      dedupe_key: 'k1',
      webhook_id: null,
      checkout_id: 'c1',
      amount: 2.5,
      currency: 'USD',
      signed: false,
      received_ms: Date.now(),
      body: '{}',
    };
    // commitBatch is FULL; the settlement that follows it on the thread is lazy.
    expect(await w.commitBatch('sandbox', [event], [], Date.now())).toEqual([true]);
    await w.settled();
    const log = { method: 'POST', path: '/x', status: 400, reason: 'bad', at_ms: Date.now() };
    await w.log('sandbox', [log]); // lazy as well
    expect(await w.pragma('synchronous')).toBe(FULL);
  } finally {
    await w.close();
  }
});
