// The search thread: its own read-only connection to console.db (WAL lets it read while the
// engine and the receiver's writer write), running checkout-search.ts for search-reader.ts.
// A search does bounded work (its budget), but one step of the full-text index can still
// take tens of milliseconds and node:sqlite cannot interrupt it; here that step holds up
// only the next search, never the event loop that acknowledges webhooks.
import { setPriority } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { searchCheckouts, type CheckoutSearch } from './checkout-search.ts';
import { openCheckoutsRepo } from './checkouts-repo.ts';
import { errorMessage } from '#shared/error-message.ts';

/** A call from search-reader.ts. */
export interface SearchCall {
  seq: number;
  profileId: string;
  input: CheckoutSearch;
}

// On a busy machine the acknowledgements should win the CPU over a search: this thread runs
// at a lower priority. Only on Linux, where a priority set for "this process" (0) applies to
// the calling thread alone; elsewhere it would lower the whole engine.
if (process.platform === 'linux') {
  try {
    setPriority(0, 10);
  } catch {
    // Not allowed here (a sandbox, a container's seccomp): searches run at normal priority.
  }
}

const port = parentPort!;
const { path } = workerData as { path: string };
const db = new DatabaseSync(path, { readOnly: true });
db.exec('PRAGMA busy_timeout = 5000');
// Only reads are ever run through it (the repository also prepares its writes).
const checkouts = openCheckoutsRepo(db, Date.now);

port.on('message', (m: SearchCall) => {
  try {
    // The status tokens were refreshed on the writing connection before the call.
    const page = searchCheckouts(db, checkouts, m.profileId, m.input);
    // JSON text: one string crosses the thread boundary, not a tree of small objects.
    port.postMessage({ seq: m.seq, ok: true, result: JSON.stringify(page) });
  } catch (err) {
    port.postMessage({
      seq: m.seq,
      ok: false,
      message: errorMessage(err),
    });
  }
});
