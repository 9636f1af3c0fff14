// Who may talk to a console listener: a bearer token (compared in constant time) and a Host
// header naming this server (no DNS rebinding), plus a same-origin Origin when one is sent
// (no cross-site use from another page in the same browser). The Host allow-list is the
// one the sandbox uses too (shared/node/host-guard.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostOrOriginProblem } from '#shared/node/host-guard.ts';

/** Hashing first makes both sides the same length, so the compare leaks nothing either. */
export function tokenMatches(given: string | undefined | null, expected: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The token from `Authorization: Bearer …`, or from `?token=` when the caller allows it. */
export function requestToken(req: IncomingMessage, url: URL, allowQuery: boolean): string | null {
  const auth = req.headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return m?.[1] ?? null;
  }
  return allowQuery ? url.searchParams.get('token') : null;
}

export type GuardFailure = { status: 403; message: string } | null;

/** Host must be one of ours; Origin, when present, must be this very origin. */
export function checkHostAndOrigin(req: IncomingMessage, allowed: Set<string>): GuardFailure {
  const problem = hostOrOriginProblem(req, allowed);
  if (problem === 'host') {
    return { status: 403, message: 'The Host header does not name this server.' };
  }
  if (problem === 'origin') {
    return { status: 403, message: 'Requests from another origin are not allowed.' };
  }
  return null;
}
