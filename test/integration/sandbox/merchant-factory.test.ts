// POST /sandbox/merchants hands out API keys, so a web page must not be able to call it:
// not through DNS rebinding (Host), not cross-site (Origin), not as a simple form or
// text/plain POST (Content-Type). Requests go over a real socket with the headers as given.
import { request } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../../sandbox/db/open.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let own: string;
beforeAll(async () => {
  h = await startHarness();
  own = `127.0.0.1:${h.sandbox.port}`;
});
afterAll(() => h.stop());

interface Answer {
  status: number;
  body: { error?: { code: string; message: string }; api_key?: string };
}

/** One POST with exactly these headers (node:http sends Host as given). */
function post(headers: Record<string, string>, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: h.sandbox.port,
        method: 'POST',
        path: '/sandbox/merchants',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        setHost: false,
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function merchantCount(): number {
  const db = new DatabaseSync(join(h.dataDir, DB_FILE), { readOnly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM merchants').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('POST /sandbox/merchants refuses what a web page could send', () => {
  it('the request from the issue (evil Host, evil Origin, text/plain) gets no key', async () => {
    const before = merchantCount();
    const res = await post(
      { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'text/plain' },
      '{}',
    );
    expect(res.status).toBe(403);
    expect(res.body.api_key).toBeUndefined();
    expect(merchantCount()).toBe(before);
  });

  const refused: [string, Record<string, string>, number, string, RegExp][] = [
    [
      'a rebinding Host',
      { host: 'evil.example', 'content-type': 'application/json' },
      403,
      'forbidden',
      /Host/,
    ],
    [
      'a rebinding Host with our port',
      { host: 'evil.example:PORT', 'content-type': 'application/json' },
      403,
      'forbidden',
      /Host/,
    ],
    [
      'another Origin',
      { host: 'OWN', origin: 'http://evil.example', 'content-type': 'application/json' },
      403,
      'forbidden',
      /another origin/,
    ],
    [
      'an opaque Origin (null)',
      { host: 'OWN', origin: 'null', 'content-type': 'application/json' },
      403,
      'forbidden',
      /another origin/,
    ],
    [
      'the right host over https',
      { host: 'OWN', origin: 'https://OWN', 'content-type': 'application/json' },
      403,
      'forbidden',
      /another origin/,
    ],
    [
      'text/plain',
      { host: 'OWN', 'content-type': 'text/plain' },
      415,
      'unsupported_media_type',
      /application\/json/,
    ],
    [
      'a form',
      { host: 'OWN', 'content-type': 'application/x-www-form-urlencoded' },
      415,
      'unsupported_media_type',
      /application\/json/,
    ],
    ['no Content-Type', { host: 'OWN' }, 415, 'unsupported_media_type', /application\/json/],
  ];
  it.each(refused)('%s', async (_label, headers, status, code, message) => {
    const before = merchantCount();
    const given = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [
        k,
        v.replace('OWN', own).replace('PORT', String(h.sandbox.port)),
      ]),
    );
    const res = await post(given, '{}');
    expect(res.status).toBe(status);
    expect(res.body.error?.code).toBe(code);
    expect(res.body.error?.message).toMatch(message);
    expect(merchantCount()).toBe(before);
  });

  it('400 for a body with fields (only {} or nothing)', async () => {
    const res = await post({ host: own, 'content-type': 'application/json' }, '{"admin":true}');
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('validation_error');
  });
});

describe('POST /sandbox/merchants from this machine', () => {
  it.each([
    ['127.0.0.1 with its own Origin and {}', () => ({ host: own, origin: `http://${own}` }), '{}'],
    ['localhost, no Origin, empty body', () => ({ host: `localhost:${h.sandbox.port}` }), ''],
    ['charset parameter', () => ({ host: own }), '{}', 'application/json; charset=utf-8'],
  ])('201 with a working key: %s', async (_label, headers, body, type = 'application/json') => {
    const res = await post({ ...headers(), 'content-type': type }, body);
    expect(res.status).toBe(201);
    const list = await fetch(`${h.sandbox.baseUrl}/api-checkouts`, {
      headers: { 'x-api-key': res.body.api_key! },
    });
    expect(list.status).toBe(200);
  });
});
