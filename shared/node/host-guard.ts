// Which Host headers a local server answers to, and whether a request names one of them
// (no DNS rebinding) with a same-origin Origin, when a browser sends one (no cross-site use).
// One copy for the console's HTTP listeners (electron/core/http/http-guard.ts) and the sandbox's
// merchant factory and pay listener (sandbox/http/), so a fix reaches both.
import type { IncomingMessage } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}

/** A bind address that means every interface. */
export function isWildcardHost(host: string): boolean {
  return WILDCARDS.has(host);
}

/** Brackets IPv6 literals so the name can sit in a URL or a Host header. */
export function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Loopback peers only: IPv4 127/8, ::1, and 127/8 mapped into IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * Host header values (lower case) a server bound to `bindHost` answers to. Bound to
 * loopback: the loopback names. Bound to one address or name: that one. Bound to every
 * interface: this machine's own addresses and name. Each with the port, and also bare when
 * the port is 80 (a browser leaves the default port out). A rebinding attacker's domain is
 * never in the set.
 */
export function allowedHostHeaders(bindHost: string, port: number): Set<string> {
  const names = new Set<string>();
  if (isLoopbackHost(bindHost)) {
    for (const n of [...LOOPBACK_NAMES, hostForUrl(bindHost)]) names.add(n);
  } else if (isWildcardHost(bindHost)) {
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
  const out = new Set<string>();
  for (const n of names) {
    if (n === '') continue;
    out.add(`${n.toLowerCase()}:${port}`);
    if (port === 80) out.add(n.toLowerCase());
  }
  return out;
}

/**
 * What is wrong with the request's Host and Origin: 'host' when Host is not one of
 * `allowed`, 'origin' when a browser's Origin is not this very origin, else null. Each
 * server words the refusal itself.
 */
export function hostOrOriginProblem(
  req: IncomingMessage,
  allowed: Set<string>,
): 'host' | 'origin' | null {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!allowed.has(host)) return 'host';
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) return 'origin';
  return null;
}
