// The writer commits each batch on its thread or inline (placement.ts), whichever is
// faster at the moment; either way every submitted row is committed once and listed.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CheckoutRepo } from '../../../sandbox/db/checkouts.ts';
import { MerchantRepo } from '../../../sandbox/db/merchants.ts';
import { openDatabase } from '../../../sandbox/db/open.ts';
import { prepareCreate } from '../../../sandbox/writer/create-batch.ts';
import { startWriter } from '../../../sandbox/writer/index.ts';
import { tempDir } from './harness.ts';

describe('writer placement', () => {
  it('commits every row exactly once across many batches, wherever each batch ran', async () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    try {
      const merchant = new MerchantRepo(db).create();
      let commits = 0;
      const writer = await startWriter({ db, dataDir: dir, onCommit: () => commits++ });
      const ids: string[] = [];
      // 30 rounds of 5 concurrent creates: many batches, so both placements get a turn
      // whenever commits are fast, and the thread keeps them when they are slow.
      for (let round = 0; round < 30; round++) {
        await Promise.all(
          Array.from({ length: 5 }, async (_, i) => {
            const body = JSON.stringify({ items: [{ name: `R${round}-${i}`, amount: 2.5 }] });
            const out = prepareCreate({ merchantId: merchant.merchant_id, body }, 'http://x');
            if (!('row' in out)) throw new Error(out.result.body);
            ids.push(out.row[0]);
            await writer.submitRow(out.row);
          }),
        );
      }
      expect(writer.stats.jobs).toBe(150);
      expect(commits).toBe(writer.stats.batches);
      const repo = new CheckoutRepo(db);
      const page = repo.listJson(merchant.merchant_id, { limit: 100, offset: 0 }, 'http://x');
      expect(page.total).toBe(150);
      const listed = JSON.parse(`[${page.data}]`) as { id: string; amount: number }[];
      expect(listed).toHaveLength(100);
      for (const id of ids) expect(repo.get(id)?.amount_minor).toBe(250);
      await writer.close();
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
