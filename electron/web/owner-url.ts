// The browser transport's own token (the owner's, in the URL fragment it prints) and the
// address it prints for it.
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { hostForUrl, isLoopbackHost, isWildcardHost } from '#shared/node/host-guard.ts';

/** 32 random bytes, URL-safe, so it can ride in a URL fragment or query unescaped. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The address a person on this machine or the LAN would type to reach the server. */
export function publicHost(bindHost: string): string {
  if (isLoopbackHost(bindHost)) return hostForUrl(bindHost);
  if (!isWildcardHost(bindHost)) return hostForUrl(bindHost);
  for (const list of Object.values(networkInterfaces())) {
    const lan = (list ?? []).find((i) => i.family === 'IPv4' && !i.internal);
    if (lan) return lan.address;
  }
  return '127.0.0.1';
}
