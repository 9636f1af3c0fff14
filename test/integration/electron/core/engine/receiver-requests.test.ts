// receiver.requests: what the receiver answered lately, newest first, for Settings; the
// refusals with their reason, the stored events, and never the receiver's token.
import { expect, it } from 'vitest';
import { openEngine } from './harness.ts';

it('lists accepted and refused requests without the token', async () => {
  const h = await openEngine();
  try {
    const url = h.engine.receiverUrl()!;
    const token = new URL(url).pathname.split('/').pop()!;
    const refused = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(refused.status).toBe(415);
    const wrongPath = await fetch(new URL('/webhooks/not-the-token', url), { method: 'POST' });
    expect(wrongPath.status).toBe(404);

    await expect
      .poll(async () => (await h.engine.call('receiver.requests', {})).requests.length)
      .toBe(2);
    const { requests } = await h.engine.call('receiver.requests', {});
    expect(requests.map((r) => [r.status, r.path])).toEqual([
      [404, '/webhooks/<not the token>'],
      [415, '/webhooks/<token>'],
    ]);
    expect(requests[1]?.reason).toBe('Content-Type must be application/json.');
    expect(JSON.stringify(requests)).not.toContain(token);
    expect((await h.engine.call('receiver.requests', { limit: 1 })).requests).toHaveLength(1);
  } finally {
    await h.close();
  }
});
