// Reading a webhook request: its headers, a body bounded in size, and its path made safe to
// log (the token never reaches the log).
import type { IncomingMessage } from 'node:http';

/** Largest accepted body (docs/receiver.md: ≤ 64 KiB). */
export const MAX_BODY_BYTES = 64 * 1024;

/** True for application/json with no charset or a UTF-8 one. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type = '', ...params] = header.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json') return false;
  const charset = params.find((p) => p.startsWith('charset='));
  return !charset || /^charset="?utf-8"?$/.test(charset);
}

export type BodyResult =
  { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'aborted' };

/**
 * Reads the body up to `limit` bytes. Over the limit it stops keeping data at once and
 * reports too_large; the caller answers 413 and closes the connection.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: BodyResult): void => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      resolve(r);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        finish({ ok: false, reason: 'too_large' });
      } else chunks.push(chunk);
    };
    const onEnd = (): void => finish({ ok: true, body: Buffer.concat(chunks, size) });
    const onClose = (): void => finish({ ok: false, reason: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
}

/**
 * The request path as it may be logged: any /webhooks/<segment> is masked, and so is a path
 * holding the receiver's own token anywhere else (//webhooks/<token>, /x/<token>, the token
 * percent-encoded); length bounded.
 */
export function loggablePath(rawUrl: string | undefined, token: string | null = null): string {
  const path = (rawUrl ?? '').split('?')[0] ?? '';
  if (path.startsWith('/webhooks/')) return '/webhooks/<not the token>';
  if (token !== null && (path.includes(token) || decoded(path).includes(token))) {
    return '/<a path holding the token>';
  }
  // Printable ASCII only, so the log cannot carry control characters.
  return path.replace(/[^\x20-\x7e]/g, '?').slice(0, 120) || '/';
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
