// The server under test, in its own process: seeds N checkouts straight into the database
// (as if created over the API), then starts the sandbox on that folder.
import { openDatabase } from '../../sandbox/db/open.ts';
import { CheckoutRepo, type NewCheckout } from '../../sandbox/db/checkouts.ts';
import { MerchantRepo } from '../../sandbox/db/merchants.ts';
import { inTransaction } from '../../sandbox/db/open.ts';
import { startSandbox } from '../../sandbox/index.ts';
import { randomUUID } from 'node:crypto';

const dataDir = process.env.BENCH_DATA_DIR!;
const seed = Number(process.env.BENCH_SEED ?? 100_000);

const db = openDatabase(dataDir);
const merchant = new MerchantRepo(db).create();
const repo = new CheckoutRepo(db);
const t0 = Date.now() - seed * 1000;
const rows: NewCheckout[] = [];
for (let i = 0; i < seed; i++) {
  const n = 1 + (i % 3);
  const items = Array.from({ length: n }, (_, j) => ({
    name: `Seeded item ${i}-${j}`,
    amount: 10 + j,
    quantity: 1 + (j % 2),
  }));
  const minor = items.reduce((s, it) => s + it.amount * 100 * it.quantity, 0);
  rows.push({
    id: randomUUID(),
    merchantId: merchant.merchant_id,
    items,
    amountMinor: minor,
    currency: 'USD',
    productName: n === 1 ? items[0]!.name : `${items[0]!.name} + ${n - 1} more`,
    active: i % 4 !== 0,
    successUrl: i % 2 === 0 ? 'https://shop.example/thanks' : null,
    createdAt: new Date(t0 + i * 1000).toISOString(),
  });
}
inTransaction(db, () => repo.insertMany(rows));
db.close();

const sandbox = await startSandbox({
  dataDir,
  writerThread: process.env.BENCH_WRITER !== 'inline',
  listCache: process.env.BENCH_LIST_CACHE !== 'off',
});
process.stdout.write(
  `${JSON.stringify({ port: sandbox.port, api_key: merchant.api_key, seeded: seed })}\n`,
);
process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
