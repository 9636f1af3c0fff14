// Issue 22 §5: "X of Y" read "390 of 390" with 1,569 checkouts on this computer, and Settings
// "60 checkouts copied", until the next sync: links created here enter the mirror at once
// (checkouts.create stores them), but the sync status counted the mirror only when a sync
// pushed. checkouts.syncStatus counts what the mirror holds when it is asked.
import { afterEach, describe, expect, it } from 'vitest';
import { openEngine } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the mirror’s count', () => {
  it('includes links created since the last sync', async () => {
    h = await openEngine();
    const { engine } = h;
    // The start's sync has finished (nothing to read yet).
    await expect
      .poll(async () => (await engine.call('checkouts.syncStatus', {})).last_synced_at)
      .not.toBeNull();
    expect((await engine.call('checkouts.syncStatus', {})).mirrored).toBe(0);
    for (const name of ['Tea', 'Green tea', 'Cake']) {
      await engine.call('checkouts.create', { items: [{ name, amount: 2 }] });
    }
    const status = await engine.call('checkouts.syncStatus', {});
    expect(status.state).toBe('idle');
    expect(status.mirrored).toBe(3);
    // What a search counts, and what the status says is on this computer, agree.
    const all = await engine.call('checkouts.search', { limit: 10, offset: 0 });
    expect(all.total).toBe(3);
    const tea = await engine.call('checkouts.search', { query: 'tea', limit: 10, offset: 0 });
    expect(tea.total).toBe(2);
  });
});
