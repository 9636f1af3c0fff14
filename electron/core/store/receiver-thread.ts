// The receiver writer's thread: its own connection to the console's SQLite file, so the
// fsync of each group commit (synchronous=FULL) never blocks the event loop that parses
// webhooks. It runs the same write-ops.ts the in-thread fallback runs.
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { writeOps, type WriteOps } from './write-ops.ts';

/** A call from receiver-writer.ts: the operation and its arguments as JSON text. */
export interface ThreadCall {
  seq: number;
  op: keyof WriteOps | 'close';
  args: string;
}

const port = parentPort!;
const { path, keepLog } = workerData as { path: string; keepLog: number };
const db = new DatabaseSync(path);
db.exec('PRAGMA busy_timeout = 5000');
db.exec('PRAGMA synchronous = FULL');
const ops = writeOps(db, randomUUID, keepLog);

port.on('message', (m: ThreadCall) => {
  if (m.op === 'close') {
    db.close();
    port.postMessage({ seq: m.seq, ok: true });
    return;
  }
  try {
    const args = JSON.parse(m.args) as unknown[];
    const result = (ops[m.op] as (...a: unknown[]) => unknown)(...args);
    port.postMessage({ seq: m.seq, ok: true, result: JSON.stringify(result) });
  } catch (err) {
    port.postMessage({
      seq: m.seq,
      ok: false,
      message: err instanceof Error ? err.message : String(err),
    });
  }
});
port.postMessage({ seq: 0, ok: true });
