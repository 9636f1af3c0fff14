// The receiver writer's thread: its own connection to the console's SQLite file, so the
// fsync of each group commit (synchronous=FULL) never blocks the event loop that parses
// webhooks. It runs the same writer-sql.ts the in-thread fallback runs. A commit is answered
// as soon as it is durable; its new events are settled right after, in a lazy transaction,
// while the event loop sends the acknowledgements (the settlement follows as its own message).
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import type { InboxEventInput } from './types.ts';
import { settledOf, writerSql, type CommittedEvents, type WriterSql } from './writer-sql.ts';
import { errorMessage } from '#shared/error-message.ts';

/** A call from writer.ts: the operation and its arguments as JSON text. */
export interface ThreadCall {
  seq: number;
  op: keyof WriterSql | 'close';
  args: string;
}

const port = parentPort!;
const { path, keepLog } = workerData as { path: string; keepLog: number };
const db = new DatabaseSync(path);
db.exec('PRAGMA busy_timeout = 5000');
db.exec('PRAGMA synchronous = FULL');
const ops = writerSql(db, randomUUID, keepLog);

port.on('message', (m: ThreadCall) => {
  if (m.op === 'close') {
    db.close();
    port.postMessage({ seq: m.seq, ok: true });
    return;
  }
  let args: unknown[];
  let result: unknown;
  try {
    args = JSON.parse(m.args) as unknown[];
    result = (ops[m.op] as (...a: unknown[]) => unknown)(...args);
  } catch (err) {
    port.postMessage({ seq: m.seq, ok: false, message: errorMessage(err) });
    return;
  }
  port.postMessage({ seq: m.seq, ok: true, result: JSON.stringify(result) });
  if (m.op !== 'commitEvents') return;
  const [profileId, events, , nowMs] = args as [string, InboxEventInput[], unknown, number];
  try {
    // Converted here, off the event loop that answers webhooks.
    const settled = settledOf(
      ops.settleNew(profileId, events, (result as CommittedEvents).ids, nowMs),
    );
    port.postMessage({ seq: m.seq, settled: true, ok: true, result: JSON.stringify(settled) });
  } catch (err) {
    port.postMessage({ seq: m.seq, settled: true, ok: false, message: errorMessage(err) });
  }
});

port.postMessage({ seq: 0, ok: true });
