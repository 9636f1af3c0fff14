// The writer thread: its own connection to the same SQLite file, so the fsync of each group
// commit happens off the event loop that parses requests and serves lists.
import { parentPort, workerData } from 'node:worker_threads';
import { CheckoutRepo } from '../db/checkouts.ts';
import { openDatabase } from '../db/open.ts';
import type { StoredRow } from '../db/checkouts.ts';
import { insertBatch } from './create-batch.ts';
import { errorMessage } from '#shared/error-message.ts';

export interface BatchMessage {
  type: 'batch';
  id: number;
  rows: StoredRow[];
}

const port = parentPort!;
const db = openDatabase((workerData as { dataDir: string }).dataDir);
const repo = new CheckoutRepo(db);

port.on('message', (msg: BatchMessage | { type: 'close' }) => {
  if (msg.type === 'close') {
    db.close();
    port.close();
    return;
  }
  let results;
  const started = performance.now();
  try {
    results = insertBatch(db, repo, msg.rows);
  } catch (err) {
    port.postMessage({ id: msg.id, error: errorMessage(err) });
    return;
  }
  // The commit's own time (no handoff), so the main thread can tell whether to commit inline.
  const ms = performance.now() - started;
  port.postMessage(
    results.every((r) => r === null) ? { id: msg.id, ms } : { id: msg.id, ms, results },
  );
});
port.postMessage({ type: 'ready' });
