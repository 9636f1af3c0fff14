// Who may talk to the web transport: a bearer token (compared in constant time) and a Host
// header naming this server (no DNS rebinding), plus a same-origin Origin when one is sent
// (no cross-site use from another page in the same browser).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { networkInterfaces, hostname } from 'node:os';
import type { IncomingMessage } from 'node:http';

/** 32 random bytes, URL-safe, so it can ride in a URL fragment or query unescaped. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

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

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}

/** Brackets IPv6 literals so the name can sit in a URL or a Host header. */
export function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * Host header values (host:port, lower case) this server answers to. Bound to loopback:
 * the loopback names. Bound to one address or name: that one. Bound to every interface:
 * this machine's own addresses and name. A rebinding attacker's domain is never in the set.
 */
export function allowedHostHeaders(bindHost: string, port: number): Set<string> {
  const names = new Set<string>();
  if (isLoopbackHost(bindHost)) {
    for (const n of [...LOOPBACK_NAMES, hostForUrl(bindHost)]) names.add(n);
  } else if (WILDCARDS.has(bindHost)) {
    for (const n of LOOPBACK_NAMES) names.add(n);
    for (const list of Object.values(networkInterfaces())) {
      for (const info of list ?? []) names.add(hostForUrl(info.address.split('%')[0] ?? ''));
    }
    const own = hostname().toLowerCase();
    names.add(own);
    if (!own.includes('.')) names.add(`${own}.local`);
  } else {
    names.add(hostForUrl(bindHost));
  }
  return new Set([...names].filter(Boolean).map((n) => `${n.toLowerCase()}:${port}`));
}

export type GuardFailure = { status: 403; message: string } | null;

/** Host must be one of ours; Origin, when present, must be this very origin. */
export function checkHostAndOrigin(req: IncomingMessage, allowed: Set<string>): GuardFailure {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!allowed.has(host)) {
    return { status: 403, message: 'The Host header does not name this server.' };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) {
    return { status: 403, message: 'Requests from another origin are not allowed.' };
  }
  return null;
}

/** The address a person on this machine or the LAN would type to reach the server. */
export function publicHost(bindHost: string): string {
  if (isLoopbackHost(bindHost)) return hostForUrl(bindHost);
  if (!WILDCARDS.has(bindHost)) return hostForUrl(bindHost);
  for (const list of Object.values(networkInterfaces())) {
    const lan = (list ?? []).find((i) => i.family === 'IPv4' && !i.internal);
    if (lan) return lan.address;
  }
  return '127.0.0.1';
}
