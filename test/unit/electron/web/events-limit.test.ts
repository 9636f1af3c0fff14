// Issue 10 §6: at most 32 concurrent /events streams per web server, over real sockets. The
// 33rd gets a 503 with a JSON error, and the 32 open ones keep streaming through it.
import { request, type IncomingHttpHeaders } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { MAX_EVENT_STREAMS } from '../../../../electron/core/http/sse.ts';
import { openSse, type SseStream } from '../support/http.ts';
import { samplePayment } from '../support/test-engine.ts';
import { useWebFixture } from '../support/web-fixture.ts';

const f = useWebFixture();

/** One GET: a refusal is read whole; a stream that opens is closed at once (no hang). */
function refusal(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: unknown }> {
  return new Promise((resolve, reject) => {
    const r = request(
      {
        host: '127.0.0.1',
        port: f.web.port,
        path,
        headers: { Host: `127.0.0.1:${f.web.port}`, ...headers },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status === 200) {
          r.destroy();
          resolve({ status, headers: res.headers, body: null });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString()),
          }),
        );
      },
    );
    r.on('error', reject);
    r.end();
  });
}

describe('GET /events: a bounded number of streams', () => {
  it('serves 32 streams, answers the 33rd 503 JSON, and the 32 keep streaming', async () => {
    expect(MAX_EVENT_STREAMS).toBe(32);
    const path = `/events?token=${f.web.token}`;
    const open: SseStream[] = [];
    for (let i = 0; i < 32; i++) open.push(await openSse(f.web.port, path));
    expect(open.map((s) => s.status)).toEqual(Array(32).fill(200));
    await vi.waitFor(() => expect(f.web.sseClients()).toBe(32));

    const extra = await refusal(path, { Accept: 'text/event-stream' });
    expect(extra.status).toBe(503);
    expect(extra.headers['content-type']).toMatch(/^application\/json/);
    expect(extra.headers['retry-after']).toBe('10');
    expect(extra.body).toEqual({
      error: { code: 'too_many_streams', message: expect.stringMatching(/32 live connections/) },
    });
    // Through the bearer header too: the limit is per server, not per way of asking.
    const viaHeader = await refusal('/events', { Authorization: `Bearer ${f.web.token}` });
    expect(viaHeader.status).toBe(503);
    expect(f.web.sseClients()).toBe(32);

    // The open streams were not disturbed: every one gets the next pushes, and keep-alives.
    const marks = open.map((s) => s.comments.length);
    f.engine.emit('payment.received', samplePayment({ id: 'after-limit-1' }));
    f.engine.emit('payment.received', samplePayment({ id: 'after-limit-2' }));
    await vi.waitFor(() => {
      for (const s of open) {
        expect(s.frames.map((fr) => (fr.data as { id: string }).id)).toEqual([
          'after-limit-1',
          'after-limit-2',
        ]);
      }
    });
    await vi.waitFor(() => {
      for (const [i, s] of open.entries()) {
        expect(s.comments.length).toBeGreaterThan(marks[i] as number);
      }
    });
    expect(open.some((s) => s.ended())).toBe(false);

    // A freed place is taken again.
    open.pop()?.close();
    await vi.waitFor(() => expect(f.web.sseClients()).toBe(31));
    const again = await openSse(f.web.port, path);
    expect(again.status).toBe(200);
    open.push(again);
    await vi.waitFor(() => expect(f.web.sseClients()).toBe(32));
    for (const s of open) s.close();
  });
});
