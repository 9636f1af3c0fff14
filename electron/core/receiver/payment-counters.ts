// The payment counters of migration 2 (per status, per feed slot and day, verified totals
// per slot and currency), added once per batch for the rows it wrote: per-row upserts (or
// the trigger migration 3 dropped) would cost more than the rest of settling.
import type { DatabaseSync } from 'node:sqlite';
import type { WrittenPayment } from './types.ts';

export function paymentCounters(
  db: DatabaseSync,
): (profileId: string, rows: readonly WrittenPayment[]) => void {
  const addCount = db.prepare(`
    INSERT INTO payment_counts (profile_id, status, n) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, status) DO UPDATE SET n = n + excluded.n`);
  const addFeedSlot = db.prepare(`
    INSERT INTO payment_feed_slots (profile_id, slot, n) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, slot) DO UPDATE SET n = n + excluded.n`);
  const addFeedDay = db.prepare(`
    INSERT INTO payment_feed_days (profile_id, day, n) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, day) DO UPDATE SET n = n + excluded.n`);
  const addSlot = db.prepare(`
    INSERT INTO payment_slots (profile_id, slot, currency, minor, n) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (profile_id, slot, currency) DO UPDATE
      SET minor = minor + excluded.minor, n = n + excluded.n`);
  return (profileId, rows) => {
    // Same slot widths as the migration's triggers: 15 minutes, and 96 of them a day.
    const SLOT_MS = 900000;
    const DAY_MS = 86400000;
    const bump = (m: Map<string | number, number>, k: string | number): void => {
      m.set(k, (m.get(k) ?? 0) + 1);
    };
    const statuses = new Map<string | number, number>();
    const feedSlots = new Map<string | number, number>();
    const feedDays = new Map<string | number, number>();
    const verified = new Map<
      string,
      { slot: number; currency: string; minor: number; n: number }
    >();
    for (const r of rows) {
      bump(statuses, r.status);
      bump(feedSlots, Math.floor(r.received_ms / SLOT_MS));
      bump(feedDays, Math.floor(r.received_ms / DAY_MS));
      if (r.status !== 'verified') continue;
      const slot = Math.floor(r.received_ms / SLOT_MS);
      const key = `${slot}|${r.currency}`;
      const acc = verified.get(key) ?? { slot, currency: r.currency, minor: 0, n: 0 };
      acc.minor += r.amount_minor ?? 0;
      acc.n += 1;
      verified.set(key, acc);
    }
    for (const [k, n] of statuses) addCount.run(profileId, k, n);
    for (const [k, n] of feedSlots) addFeedSlot.run(profileId, k, n);
    for (const [k, n] of feedDays) addFeedDay.run(profileId, k, n);
    for (const v of verified.values()) addSlot.run(profileId, v.slot, v.currency, v.minor, v.n);
  };
}
