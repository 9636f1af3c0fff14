// The hosted page over plain HTTP (no browser): statuses, headers, escaping, and paying
// exactly once however often the form is posted.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../../sandbox/db/open.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

async function create(body: Record<string, unknown>) {
  const res = await h.post('/api-checkouts', body);
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string; checkout_url: string } }).data;
}

const pay = (url: string, init: RequestInit = {}) =>
  fetch(url, { method: 'POST', redirect: 'manual', ...init });

/** Rows in the sandbox's own tables, read through a second connection. */
function count(sql: string, ...args: string[]): number {
  const db = new DatabaseSync(join(h.dataDir, DB_FILE), { readOnly: true });
  try {
    return Number((db.prepare(sql).get(...args) as { n: number }).n);
  } finally {
    db.close();
  }
}

describe('GET /pay/<id>', () => {
  it('shows items, quantities, unit and line totals, and the total, with no script', async () => {
    const c = await create({
      items: [
        { name: 'Coffee <b>beans</b> & "co"', amount: 19.99, quantity: 3 },
        { name: 'Filter', amount: 0.5 },
      ],
    });
    const res = await fetch(c.checkout_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Coffee &lt;b&gt;beans&lt;/b&gt; &amp; &quot;co&quot;');
    expect(html).not.toContain('<b>beans');
    expect(html).toContain('$19.99');
    expect(html).toContain('$59.97');
    expect(html).toContain('$60.47');
    expect(html).toMatch(/<form method="post">/);
    expect(html).toMatch(/<button type="submit"[^>]*>Pay \$60\.47<\/button>/);
  });

  it('formats the currency with its own decimals', async () => {
    const c = await create({
      items: [{ name: 'Ramen', amount: 980, quantity: 2 }],
      currency: 'JPY',
    });
    const html = await (await fetch(c.checkout_url)).text();
    expect(html).toContain('¥1,960');
    expect(html).not.toContain('¥1,960.00');
  });

  it('404 page for an unknown or malformed id', async () => {
    for (const path of ['/pay/00000000-0000-4000-8000-000000000000', '/pay/nope', '/pay/']) {
      const res = await fetch(h.sandbox.baseUrl + path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('Payment link not found');
    }
    const post = await pay(`${h.sandbox.baseUrl}/pay/00000000-0000-4000-8000-000000000000`);
    expect(post.status).toBe(404);
  });

  it('410 page for a checkout created inactive, which cannot be paid', async () => {
    const c = await create({ items: [{ name: 'Off', amount: 1 }], active: false });
    const res = await fetch(c.checkout_url);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('This payment link is not active');
    expect((await pay(c.checkout_url)).status).toBe(410);
    expect(count('SELECT COUNT(*) AS n FROM payments WHERE checkout_id = ?', c.id)).toBe(0);
  });

  it('405 with Allow for other methods', async () => {
    const c = await create({ items: [{ name: 'M', amount: 1 }] });
    const res = await fetch(c.checkout_url, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
  });
});

describe('POST /pay/<id>', () => {
  it('pays once: 303 to the receipt, inactive, one payment and one event', async () => {
    const c = await create({ items: [{ name: 'Lamp', amount: 30 }] });
    const first = await pay(c.checkout_url);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`${c.checkout_url}/receipt`);
    const again = await pay(c.checkout_url, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${c.checkout_url}/receipt`);
    expect(count('SELECT COUNT(*) AS n FROM payments WHERE checkout_id = ?', c.id)).toBe(1);
    const events = count(
      "SELECT COUNT(*) AS n FROM outbox WHERE json_extract(payload, '$.checkout_id') = ?",
      c.id,
    );
    expect(events).toBe(1);

    const list = (await (await h.api('/api-checkouts?limit=100')).json()) as {
      data: { id: string; active: boolean }[];
    };
    expect(list.data.find((x) => x.id === c.id)?.active).toBe(false);

    const receipt = await fetch(`${c.checkout_url}/receipt`);
    expect(receipt.status).toBe(200);
    const html = await receipt.text();
    expect(html).toContain('Payment received');
    expect(html).toContain('$30.00');
    const reopened = await fetch(c.checkout_url);
    expect(reopened.status).toBe(200);
    const text = await reopened.text();
    expect(text).toContain('This checkout is already paid');
    expect(text).not.toContain('<form');
  });

  it('redirects to success_url, the second time too', async () => {
    const c = await create({
      items: [{ name: 'Book', amount: 12.5 }],
      success_url: 'https://shop.example/thanks?order=7',
    });
    const page = await fetch(c.checkout_url);
    expect(page.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://shop.example",
    );
    for (let i = 0; i < 2; i++) {
      const res = await pay(c.checkout_url);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('https://shop.example/thanks?order=7');
    }
    expect(count('SELECT COUNT(*) AS n FROM payments WHERE checkout_id = ?', c.id)).toBe(1);
  });

  it('concurrent posts still make exactly one payment', async () => {
    const c = await create({ items: [{ name: 'Race', amount: 3 }] });
    const results = await Promise.all(Array.from({ length: 10 }, () => pay(c.checkout_url)));
    expect(results.every((r) => r.status === 303)).toBe(true);
    expect(count('SELECT COUNT(*) AS n FROM payments WHERE checkout_id = ?', c.id)).toBe(1);
  });

  it('415 page for a JSON body; receipt before payment goes back to the page', async () => {
    const c = await create({ items: [{ name: 'J', amount: 1 }] });
    const res = await pay(c.checkout_url, {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    const early = await fetch(`${c.checkout_url}/receipt`, { redirect: 'manual' });
    expect(early.status).toBe(303);
    expect(early.headers.get('location')).toBe(c.checkout_url);
  });
});
