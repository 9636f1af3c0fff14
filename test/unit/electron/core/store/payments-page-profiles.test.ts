// Issue 21 §6: a page of payments holds only the asked profile's rows, on shallow pages
// (plain OFFSET) and deep ones (offset ≥ 1,000, found through the per-day and per-slot
// counters), with two profiles' payments interleaved in time in the same file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../../../../electron/core/database.ts';

let dir: string;
let dbPath: string;
let store: Store | null;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mc-page-profiles-'));
  dbPath = join(dir, 'console.db');
  store = null;
});
afterEach(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const PROFILES = ['p1', 'p2'];
const EACH = 1500;

/** Inserts an inbox row and its payment straight into the file, as an import would. */
function seed(db: DatabaseSync): void {
  const inbox = db.prepare(
    `INSERT INTO inbox (profile_id, dedupe_key, webhook_id, checkout_id, amount, currency,
       signed, received_ms, body, processed_ms, outcome)
     VALUES (?, ?, NULL, ?, 1, 'USD', 1, ?, '{}', ?, 'verified')`,
  );
  const pay = db.prepare(
    `INSERT INTO payments (id, profile_id, inbox_id, checkout_id, amount, amount_minor,
       currency, status, reason, product_name, signed, received_ms, processed_ms)
     VALUES (?, ?, ?, ?, 1, 100, 'USD', 'verified', NULL, NULL, 1, ?, ?)`,
  );
  const base = Date.UTC(2026, 4, 10, 12, 0);
  db.exec('BEGIN');
  for (let i = 0; i < EACH; i++) {
    for (const p of PROFILES) {
      // Both profiles paid in the same minutes, over about three days.
      const at = base - i * 170_000 - (p === 'p2' ? 1 : 0);
      const inboxId = inbox.run(p, `${p}-k${i}`, `${p}-c${i}`, at, at).lastInsertRowid;
      pay.run(`${p}-pay${i}`, p, inboxId, `${p}-c${i}`, at, at);
    }
  }
  db.exec('COMMIT');
}

it("pages hold only the asked profile's payments, shallow and deep", () => {
  store = openStore(dbPath);
  for (const id of PROFILES) {
    store.profiles.add({ id, name: id, kind: 'live', base_url: `http://${id}.example` });
  }
  store.close();
  const db = new DatabaseSync(dbPath);
  seed(db);
  db.close();
  // Opening reconciles the counters that deep pages are found through.
  store = openStore(dbPath);
  for (const p of PROFILES) {
    for (const offset of [0, 999, 1000, 1001, 1234, 1450, 1499, 1500]) {
      const page = store.payments.page(p, { limit: 50, offset });
      expect(page.total, `${p} total`).toBe(EACH);
      const expected = Math.max(0, Math.min(50, EACH - offset));
      expect(page.data, `${p} at ${offset}`).toHaveLength(expected);
      // Newest first: the i-th newest of this profile is checkout <p>-c<i>.
      expect(page.data.map((x) => x.checkout_id)).toEqual(
        Array.from({ length: expected }, (_, k) => `${p}-c${offset + k}`),
      );
    }
  }
});
