// The engine's API client follows the key: after key.set the next call already works as
// the new merchant, and after key.clear no call uses the old key.
import { expect, it } from 'vitest';
import { openEngine } from './harness.ts';

const item = { items: [{ name: 'Tea', amount: 3.5 }] };

it('uses a new key from the next call on, and none once it is cleared', async () => {
  const h = await openEngine();
  try {
    for (let i = 0; i < 3; i++) await h.engine.call('checkouts.list', {});
    const first = await h.engine.call('checkouts.create', item);

    // Another merchant of the same sandbox: its key replaces the first one.
    const { profiles } = await h.engine.call('profiles.list', {});
    const base = profiles.find((p) => p.id === 'sandbox')!.base_url;
    const res = await fetch(`${base}/sandbox/merchants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const other = (await res.json()) as { merchant_id: string; api_key: string };
    await h.engine.call('key.set', { key: other.api_key });

    const second = await h.engine.call('checkouts.create', item);
    for (let i = 0; i < 3; i++) await h.engine.call('checkouts.list', {});
    expect(second.merchant_id).toBe(other.merchant_id);
    expect(second.merchant_id).not.toBe(first.merchant_id);

    // No key: the next call says so rather than using the one it had.
    await h.engine.call('key.clear', {});
    await expect(h.engine.call('checkouts.list', {})).rejects.toMatchObject({ code: 'no_key' });
    // It is the sandbox's own key (issue 22 §13): never "add the live key" from a dashboard.
    const err = await h.engine.call('checkouts.list', {}).catch((e: Error) => e);
    expect((err as Error).message).toBe(
      'The sandbox key of "Sandbox" is missing. Restart the console: it makes a new sandbox key.',
    );
  } finally {
    await h.close();
  }
});
