// A seeded generator of bad requests for the receiver: each one comes with the statuses it
// may be answered with, and whether the server may drop it instead (a body that never
// arrives in full, a client too slow, a body too large to read). None of them is a valid
// event, so none may ever be stored.
import { randomUUID } from 'node:crypto';
import { sign } from '../../../../electron/core/receiver/index.ts';
import type { RawRequest } from './raw-client.ts';
import type { Rng } from './seeded.ts';
import {
  hugeNumbers,
  json,
  malformedJson,
  nanLike,
  unicodeBody,
  validEvent,
  wrongTypes,
} from './bad-bodies.ts';

export interface BadRequest extends RawRequest {
  category: string;
  /** Statuses that are a correct answer. */
  expect: readonly number[];
  /** The server may also close the connection without answering. */
  mayDrop: boolean;
}

export interface Target {
  /** /webhooks/<token> */
  path: string;
  secret: string;
}

const CATEGORIES = [
  'malformed_json',
  'wrong_types',
  'huge_numbers',
  'nan_like',
  'unicode',
  'oversized',
  'wrong_path',
  'wrong_method',
  'partial_body',
  'bad_signature',
  'wrong_content_type',
  'malformed_http',
] as const;

const MAX_BODY = 64 * 1024;

function signedHeaders(t: Target, body: Buffer, opts: { secret?: string; ts?: string } = {}) {
  const id = `msg_${randomUUID()}`;
  const ts = opts.ts ?? String(Math.floor(Date.now() / 1000));
  return {
    'webhook-id': id,
    'webhook-timestamp': ts,
    'webhook-signature': `v1,${sign(opts.secret ?? t.secret, id, ts, body)}`,
  };
}

function httpRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  opts: { contentLength?: number | null } = {},
): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  const length = opts.contentLength === undefined ? body.length : opts.contentLength;
  if (length !== null) lines.push(`Content-Length: ${length}`);
  // UTF-8, so a non-ASCII header value arrives as obs-text bytes rather than mangled.
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]);
}

/** A correctly signed POST of `body`: the parser, not the signature, must refuse it. */
function signedPost(t: Target, body: Buffer, category: string): BadRequest {
  const headers = { 'Content-Type': 'application/json', ...signedHeaders(t, body) };
  return {
    category,
    chunks: [httpRequest('POST', t.path, headers, body)],
    after: 'hold',
    expect: [400],
    mayDrop: false,
  };
}

export function generateBadRequest(rng: Rng, t: Target): BadRequest {
  const category = rng.pick(CATEGORIES);
  switch (category) {
    case 'malformed_json':
      return signedPost(t, malformedJson(rng), category);
    case 'wrong_types':
      return signedPost(t, wrongTypes(rng), category);
    case 'huge_numbers':
      return signedPost(t, hugeNumbers(rng), category);
    case 'nan_like':
      return signedPost(t, nanLike(rng), category);
    case 'unicode':
      return signedPost(t, unicodeBody(rng), category);
    case 'oversized': {
      const size = rng.int(MAX_BODY + 1, 2 * 1024 * 1024);
      const body = Buffer.alloc(size, 0x20);
      const headers = { 'Content-Type': 'application/json', ...signedHeaders(t, body) };
      const chunked = rng.next() < 0.3;
      const head = chunked
        ? httpRequest(
            'POST',
            t.path,
            { ...headers, 'Transfer-Encoding': 'chunked' },
            Buffer.alloc(0),
            {
              contentLength: null,
            },
          )
        : httpRequest('POST', t.path, headers, Buffer.alloc(0), { contentLength: size });
      const payload = chunked
        ? Buffer.concat([
            Buffer.from(`${size.toString(16)}\r\n`),
            body,
            Buffer.from('\r\n0\r\n\r\n'),
          ])
        : body;
      return { category, chunks: [head, payload], after: 'hold', expect: [413], mayDrop: true };
    }
    case 'wrong_path': {
      const token = t.path.slice('/webhooks/'.length);
      const path = rng.pick([
        '/',
        '/webhooks',
        '/webhooks/',
        `/webhooks/${token}x`,
        `/webhooks/${token.slice(1)}`,
        `/webhooks/${token}/`,
        `/webhooks/${token}/../${token}`,
        `/Webhooks/${token}`,
        `/webhooks/${randomUUID()}`,
        `/${'a'.repeat(rng.int(100, 4000))}`,
        `/webhooks/%2e%2e/${token}`,
        '*',
      ]);
      const body = json(validEvent());
      const headers = { 'Content-Type': 'application/json', ...signedHeaders(t, body) };
      return {
        category,
        chunks: [httpRequest(rng.pick(['POST', 'GET']), path, headers, body)],
        after: 'hold',
        // '*' is not a path: Node's parser refuses it for methods other than OPTIONS.
        expect: path === '*' ? [400, 404] : [404],
        mayDrop: false,
      };
    }
    case 'wrong_method': {
      const method = rng.pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'FOO']);
      const body =
        method === 'GET' || method === 'HEAD' || method === 'TRACE'
          ? Buffer.alloc(0)
          : json(validEvent());
      const headers = { 'Content-Type': 'application/json', ...signedHeaders(t, body) };
      return {
        category,
        chunks: [httpRequest(method, t.path, headers, body)],
        after: 'hold',
        expect: method === 'FOO' ? [400] : [405],
        mayDrop: false,
      };
    }
    case 'partial_body': {
      const body = json(validEvent());
      const headers = { 'Content-Type': 'application/json', ...signedHeaders(t, body) };
      const cut = rng.int(0, body.length - 1);
      const declared = body.length + rng.int(1, 5000);
      return {
        category,
        chunks: [
          httpRequest('POST', t.path, headers, body.subarray(0, cut), { contentLength: declared }),
        ],
        // Mostly the sender gives up (half-close); sometimes it just stops sending.
        after: rng.next() < 0.9 ? 'end' : 'hold',
        expect: [400, 408],
        mayDrop: true,
      };
    }
    case 'bad_signature': {
      const body = json(validEvent());
      const variant = rng.int(0, 6);
      let headers: Record<string, string> = signedHeaders(t, body);
      if (variant === 0)
        headers = signedHeaders(t, body, {
          secret: `whsec_${Buffer.from(randomUUID()).toString('base64')}`,
        });
      else if (variant === 1) headers = signedHeaders(t, json({ ...validEvent(), amount: 1 }));
      else if (variant === 2)
        headers = signedHeaders(t, body, {
          ts: String(Math.floor(Date.now() / 1000) - rng.int(301, 1e6)),
        });
      else if (variant === 3)
        headers = signedHeaders(t, body, {
          ts: rng.pick(['NaN', '-1', '1e9', '', 'Infinity']) || 'x',
        });
      else if (variant === 4)
        delete (headers as Record<string, string | undefined>)[
          rng.pick(['webhook-id', 'webhook-timestamp', 'webhook-signature'])
        ];
      else if (variant === 5)
        headers['webhook-signature'] = rng.pick([
          'v1,',
          'v2,abc',
          'garbage',
          'v1,☃',
          `v1,${'A'.repeat(5000)}`,
        ]);
      else headers = {};
      return {
        category,
        chunks: [
          httpRequest('POST', t.path, { 'Content-Type': 'application/json', ...headers }, body),
        ],
        after: 'hold',
        expect: [401],
        mayDrop: false,
      };
    }
    case 'wrong_content_type': {
      const body = json(validEvent());
      const type = rng.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'application/jsonx',
        '',
      ]);
      const headers: Record<string, string> = { ...signedHeaders(t, body) };
      if (type !== '') headers['Content-Type'] = type;
      return {
        category,
        chunks: [httpRequest('POST', t.path, headers, body)],
        after: 'hold',
        expect: [415],
        mayDrop: false,
      };
    }
    case 'malformed_http': {
      const variant = rng.int(0, 3);
      if (variant === 3) {
        // Headers past the 16 KiB limit.
        const big = httpRequest(
          'POST',
          t.path,
          { 'X-Big': 'a'.repeat(rng.int(17 * 1024, 64 * 1024)) },
          Buffer.alloc(0),
        );
        return { category, chunks: [big], after: 'hold', expect: [431, 400], mayDrop: true };
      }
      const raw = [
        `\x00\x01\x02 garbage\r\n\r\n`,
        `POST ${t.path} HTTP/9.9\r\nHost: x\r\n\r\n`,
        `POST ${t.path} HTTP/1.1\r\nBad Header Name: x\r\nContent-Length: 1\r\n\r\n{`,
      ][variant] as string;
      return {
        category,
        chunks: [Buffer.from(raw, 'latin1')],
        after: 'hold',
        expect: [400, 505],
        mayDrop: true,
      };
    }
  }
}

/** A few clients that trickle their headers slower than the receiver's header timeout. */
export function slowClient(t: Target, gapMs: number): BadRequest {
  const head = Buffer.from(
    `POST ${t.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`,
    'latin1',
  );
  const chunks = Array.from({ length: Math.ceil(head.length / 4) }, (_, i) =>
    head.subarray(i * 4, i * 4 + 4),
  );
  return { category: 'slow_client', chunks, gapMs, after: 'hold', expect: [408], mayDrop: true };
}
