// The pairing routes, open to anyone who can reach a listener (the token comes from here):
// GET /pair (the page), /pair.js, /pair.css; POST /pair {code, name} → {id, token}, once per
// pairing code; GET /pair/status with the new token → {status, role, name} while the screen
// waits for the owner's approval. Everything else needs a token (server.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DeviceName } from '#shared/contract.ts';
import { EngineError, toErrorShape } from '#shared/errors.ts';
import { PAGE_HEADERS } from '#shared/node/static-files.ts';
import type { Engine } from '../engine/types.ts';
import { BodyError, STATUS_BY_CODE, readJsonBody, sendError, sendJson } from './http-json.ts';
import { PAIR_CSS, PAIR_HTML, PAIR_JS } from './pair-page.ts';
import { requestToken } from './http-guard.ts';

const FILES: Record<string, { type: string; body: string }> = {
  '/pair': { type: 'text/html; charset=utf-8', body: PAIR_HTML },
  '/pair.js': { type: 'text/javascript; charset=utf-8', body: PAIR_JS },
  '/pair.css': { type: 'text/css; charset=utf-8', body: PAIR_CSS },
};
/** A pairing request is a code and a name: a few hundred bytes. */
const PAIR_BODY_LIMIT = 4096;

export function isPairRoute(path: string): boolean {
  return path in FILES || path === '/pair/status';
}

/** The caller's address as the list of screens shows it (no IPv4-mapped prefix). */
export function remoteAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

export async function handlePair(
  engine: Engine,
  path: string,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (path === '/pair/status') {
    const token = requestToken(req, url, false);
    const state = token ? engine.screens.pairState(token) : null;
    if (!state) {
      sendError(res, 401, { code: 'unauthorized', message: 'This screen is not paired.' });
      return;
    }
    sendJson(res, 200, { data: state });
    return;
  }
  if (path === '/pair' && req.method === 'POST') {
    await claim(engine, req, res);
    return;
  }
  const file = FILES[path]!;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendError(res, 405, { code: 'method_not_allowed', message: 'Use GET.' }, { Allow: 'GET' });
    return;
  }
  res.writeHead(200, {
    ...PAGE_HEADERS,
    'Content-Type': file.type,
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(file.body),
  });
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

async function claim(engine: Engine, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body: unknown;
  try {
    body = await readJsonBody(req, PAIR_BODY_LIMIT);
  } catch (err) {
    if (!(err instanceof BodyError)) throw err;
    sendError(res, err.status, { code: err.code, message: err.message }, { Connection: 'close' });
    return;
  }
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const name = DeviceName.safeParse(b.name);
  if (typeof b.code !== 'string' || b.code.length > 32) {
    sendError(res, 400, {
      code: 'bad_input',
      message: 'Type the pairing code shown on the console.',
      field: 'code',
    });
    return;
  }
  if (!name.success) {
    sendError(res, 400, {
      code: 'bad_input',
      message: `The screen's name ${name.error.issues[0]?.message ?? 'is not valid'}.`,
      field: 'name',
    });
    return;
  }
  try {
    sendJson(res, 200, { data: engine.screens.claim(b.code, name.data, remoteAddress(req)) });
  } catch (err) {
    const shape = toErrorShape(err);
    sendError(res, err instanceof EngineError ? (STATUS_BY_CODE[shape.code] ?? 500) : 500, shape);
  }
}
