// SIGKILL during a close (issue 24, Proof): a child process records batches of payments and
// closes the day in a loop on a real console.db; it is killed 50 times at a random line of
// its output (often "closing", with a close of up to 450 payments in flight). After each
// kill the file must hold closes 1..n with no hole, each covering the payments right after
// the one before it, each frozen report agreeing with the payments in its range, and every
// payment the child said it committed still there: none lost, none counted twice.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { DayReport } from '#shared/day.ts';
import { toMinor } from '#shared/money.ts';
import { DayBook } from '../../../../../electron/core/day/index.ts';
import { openStore } from '../../../../../electron/core/database.ts';

const CHILD = fileURLToPath(new URL('../../../../support/day-close-child.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'day-crash-'));
const dbPath = join(dir, 'console.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Said {
  paid: number;
  closed: number;
  killedAt: string;
}

/** Runs the child until its `stopAfter`-th line, then SIGKILLs it. */
function runAndKill(stopAfter: number, seed: number): Promise<Said> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, dbPath, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const said: Said = { paid: 0, closed: 0, killedAt: '' };
    let lines = 0;
    const rl = createInterface({ input: child.stdout });
    rl.on('line', (line) => {
      if (said.killedAt !== '') return;
      const [word, n] = line.split(' ');
      if (word === 'paid') said.paid += Number(n);
      if (word === 'closed') said.closed = Number(n);
      lines += 1;
      if (lines >= stopAfter) {
        said.killedAt = line;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(said);
      else reject(new Error(`child exited with ${code}: ${stderr}`));
    });
  });
}

const minor = (amount: number, currency: string): number => {
  const r = toMinor(amount, currency);
  if (!r.ok) throw new Error(r.reason);
  return r.minor;
};

function check(
  committedPayments: number,
  lastClosedSaid: number,
): { closes: number; payments: number } {
  const store = openStore(dbPath);
  try {
    const rows = store.db
      .prepare(
        `SELECT number, from_rowid, to_rowid, report FROM day_closes WHERE profile_id = 'shop'
         ORDER BY number`,
      )
      .all() as { number: number; from_rowid: number; to_rowid: number; report: string }[];
    let before = 0;
    rows.forEach((r, i) => {
      expect(r.number, 'numbers 1..n without a hole').toBe(i + 1);
      expect(r.from_rowid, `close #${r.number} starts where #${r.number - 1} ended`).toBe(before);
      before = r.to_rowid;
      const report = DayReport.parse(JSON.parse(r.report));
      const inRange = store.db
        .prepare(
          `SELECT UPPER(currency) AS currency, status, COUNT(*) AS n, SUM(amount_minor) AS m
           FROM payments WHERE profile_id = 'shop' AND rowid > ? AND rowid <= ?
           GROUP BY 1, 2`,
        )
        .all(r.from_rowid, r.to_rowid) as {
        currency: string;
        status: string;
        n: number;
        m: number;
      }[];
      expect(report.payments).toBe(inRange.reduce((s, g) => s + g.n, 0));
      const verified = inRange.filter((g) => g.status === 'verified');
      expect(report.totals.map((t) => [t.currency, t.count, minor(t.amount, t.currency)])).toEqual(
        verified
          .sort((a, b) => a.currency.localeCompare(b.currency))
          .map((g) => [g.currency, g.n, g.m]),
      );
    });
    expect(rows.length).toBeGreaterThanOrEqual(lastClosedSaid);
    const all = (
      store.db.prepare("SELECT COUNT(*) AS n FROM payments WHERE profile_id = 'shop'").get() as {
        n: number;
      }
    ).n;
    expect(all, 'every payment the child said it committed is there').toBeGreaterThanOrEqual(
      committedPayments,
    );
    // The open period holds exactly the rest: nothing lost between the closes and it.
    const book = new DayBook({
      db: store.db,
      now: Date.now,
      device: 'check',
      rollsAt: () => '00:00',
      profileCreatedMs: () => 0,
    });
    const covered = rows.reduce((s, r) => s + DayReport.parse(JSON.parse(r.report)).payments, 0);
    expect(covered + book.current('shop').payments).toBe(all);
    return { closes: rows.length, payments: all };
  } finally {
    store.close();
  }
}

it('50 kills at random points leave closes 1..n, no payment lost or twice', async () => {
  let committed = 0;
  let closedSaid = 0;
  const killedAt: Record<string, number> = {};
  let last = { closes: 0, payments: 0 };
  for (let i = 0; i < 50; i++) {
    const said = await runAndKill(2 + Math.floor(Math.random() * 5), 1 + i * 7919);
    committed += said.paid;
    closedSaid = Math.max(closedSaid, said.closed);
    const word = said.killedAt.split(' ')[0] ?? '';
    killedAt[word] = (killedAt[word] ?? 0) + 1;
    last = check(committed, closedSaid);
  }
  console.log(
    `day close crash: ${last.closes} closes, ${last.payments} payments, killed after`,
    killedAt,
  );
  expect(killedAt.closing ?? 0).toBeGreaterThan(0);
}, 120_000);
