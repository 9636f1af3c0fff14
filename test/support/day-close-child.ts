// The child of the SIGKILL-during-close test (test/integration/electron/core/day/close-crash.test.ts):
// records batches of payments on a second connection (the receiver writer's stand-in) and
// closes the day on the store's own, forever, saying on stdout what it has committed. The
// test kills it at random lines. Run: node day-close-child.ts <console.db> <seed>
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { DayBook } from '../../electron/core/day/index.ts';
import { writerSql } from '../../electron/core/receiver/writer-sql.ts';
import { openStore } from '../../electron/core/database.ts';

const [dbPath, seedText] = process.argv.slice(2);
if (!dbPath) throw new Error('usage: day-close-child.ts <console.db> <seed>');
let seed = Number(seedText ?? 1) >>> 0 || 1;
/** xorshift: the same seed gives the same batches, so a failure can be replayed. */
const rand = (n: number): number => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
};

const P = 'shop';
const store = openStore(dbPath);
if (!store.profiles.get(P)) {
  store.profiles.add({ id: P, name: 'Shop', kind: 'live', base_url: 'http://127.0.0.1:1' });
}
const writerDb = new DatabaseSync(dbPath);
writerDb.exec('PRAGMA busy_timeout = 5000');
const writer = writerSql(writerDb, randomUUID, 1000);
const book = new DayBook({
  db: store.db,
  now: Date.now,
  device: 'crash-child',
  rollsAt: () => '00:00',
  profileCreatedMs: () => 0,
});
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** Records one batch of 50–449 payments, a third of them unknown_checkout. */
function recordBatch(): number {
  const n = 50 + rand(400);
  const currency = rand(2) === 0 ? 'USD' : 'EUR';
  const events = Array.from({ length: n }, (_, i) => ({
    dedupe_key: randomUUID(),
    webhook_id: null,
    checkout_id: `cs_${i}_${randomUUID()}`,
    amount: (100 + rand(10_000)) / 100,
    currency,
    signed: true,
    received_ms: Date.now() - rand(60_000),
    body: '{}',
  }));
  const { ids } = writer.commitEvents(P, events, []);
  writer.settle(
    P,
    ids.map((inbox_id, i) => ({
      kind: 'payment' as const,
      inbox_id,
      status: i % 3 === 0 ? ('unknown_checkout' as const) : ('verified' as const),
      reason: i % 3 === 0 ? 'No such checkout.' : null,
      product_name: null,
      amount_minor: Math.round(events[i]!.amount * 100),
    })),
    Date.now(),
  );
  return n;
}

say('ready');
for (;;) {
  // One or two batches, with an X report (a screen showing the open period) after some,
  // so that most closes fold on from a report rather than read their period afresh.
  for (let b = 1 + rand(2); b > 0; b--) {
    say(`paid ${recordBatch()}`);
    if (rand(2) === 0) say(`x ${book.current(P).payments}`);
  }
  say('closing');
  const z = book.close(P);
  say(`closed ${z?.number ?? 0}`);
}
