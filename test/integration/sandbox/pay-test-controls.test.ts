// The pay page's test controls over plain HTTP: a different amount pays the checkout with that
// amount (the stored payment and, later, the event carry it); an unknown-checkout event leaves
// the checkout unpaid; bad amounts, wrong methods and too many sends are refused in words.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../../sandbox/db/open.ts';
import { UNKNOWN_PER_CHECKOUT } from '../../../sandbox/pay/test-controls.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

async function create(amount: number) {
  const res = await h.post('/api-checkouts', { items: [{ name: 'Tea', amount }] });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string; checkout_url: string } }).data;
}

const form = (url: string, body: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });

function rows<T>(sql: string, ...args: string[]): T[] {
  const db = new DatabaseSync(join(h.dataDir, DB_FILE), { readOnly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

const outbox = () =>
  rows<{ payload: string }>('SELECT payload FROM outbox ORDER BY created_at').map(
    (r) => JSON.parse(r.payload) as { checkout_id: string; amount: number; currency: string },
  );

describe('pay page test controls', () => {
  it('the page offers them, closed and marked sandbox only', async () => {
    const c = await create(4.5);
    const html = await (await fetch(c.checkout_url)).text();
    expect(html).toContain('<details class="test-controls">');
    expect(html).toContain('<span class="tag">sandbox only</span>');
    expect(html).toContain(`action="/pay/${c.id}/test/pay-amount"`);
    expect(html).toContain(`action="/pay/${c.id}/test/unknown"`);
  });

  it('pays a different amount: the payment and its event carry it', async () => {
    const c = await create(4.5);
    const res = await form(`${c.checkout_url}/test/pay-amount`, 'amount=3.00');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Paid $3.00 for a checkout of $4.50.');
    expect(rows('SELECT amount_minor FROM payments WHERE checkout_id = ?', c.id)).toEqual([
      { amount_minor: 300 },
    ]);
    expect(outbox().find((e) => e.checkout_id === c.id)).toMatchObject({ amount: 3 });
    // Paid now: a second try sends nothing.
    const again = await form(`${c.checkout_url}/test/pay-amount`, 'amount=2');
    expect(await again.text()).toContain('nothing was sent');
    expect(outbox().filter((e) => e.checkout_id === c.id)).toHaveLength(1);
  });

  it('refuses an amount that is not one, in words', async () => {
    const c = await create(4.5);
    for (const body of ['amount=abc', 'amount=0', 'amount=', 'amount=1.234', 'x=1']) {
      const res = await form(`${c.checkout_url}/test/pay-amount`, body);
      expect(res.status, body).toBe(400);
      expect(await res.text(), body).toContain('write it like 4.50');
    }
    expect(rows('SELECT id FROM payments WHERE checkout_id = ?', c.id)).toEqual([]);
  });

  it('sends an event for a checkout that does not exist, and leaves this one unpaid', async () => {
    const c = await create(2);
    const res = await form(`${c.checkout_url}/test/unknown`, '');
    expect(res.status).toBe(200);
    const id = /checkout ([0-9a-f-]{36}), which does not exist/.exec(await res.text())?.[1];
    expect(id).toBeDefined();
    expect(rows('SELECT id FROM checkouts WHERE id = ?', id!)).toEqual([]);
    expect(outbox().find((e) => e.checkout_id === id)).toMatchObject({
      amount: 2,
      currency: 'USD',
    });
    expect(rows('SELECT id FROM payments WHERE checkout_id = ?', c.id)).toEqual([]);
  });

  it('sends at most a bounded number of unknown events per checkout', async () => {
    const c = await create(1);
    for (let i = 0; i < UNKNOWN_PER_CHECKOUT; i++) {
      expect((await form(`${c.checkout_url}/test/unknown`, '')).status).toBe(200);
    }
    const over = await form(`${c.checkout_url}/test/unknown`, '');
    expect(over.status).toBe(429);
    expect(await over.text()).toContain('Limit reached');
  });

  it('answers only a form POST', async () => {
    const c = await create(1);
    expect((await fetch(`${c.checkout_url}/test/unknown`)).status).toBe(405);
    const json = await fetch(`${c.checkout_url}/test/unknown`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    const missing = await form(`${c.checkout_url.replace(/.{4}$/, '0000')}/test/unknown`, '');
    expect(missing.status).toBe(404);
  });
});
