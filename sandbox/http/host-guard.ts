// Who may use the sandbox-only merchant factory (POST /sandbox/merchants): a loopback peer,
// a Host header naming this server (a DNS-rebinding page's name is never one), an Origin,
// when a browser sends one, equal to this server's own, and a JSON content type (a form or
// text/plain POST from another site needs no preflight; application/json does, and the
// sandbox answers no CORS). The same rules as the console's web transport, written here
// because the sandbox never imports the console.
import type { IncomingMessage } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';
import { HttpError } from './respond.ts';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}

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
 * Host header values (lower case) this server answers to. Bound to loopback: the loopback
 * names. Bound to one address or name: that one. Bound to every interface: this machine's
 * own addresses and name. Each with the port, and also bare when the port is 80.
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

const forbidden = (message: string) => new HttpError(403, 'forbidden', message);

/** Throws the 403/415 that refuses this request to the merchant factory, if any. */
export function guardMerchantFactory(req: IncomingMessage, allowedHosts: Set<string>): void {
  if (!isLoopback(req.socket.remoteAddress)) {
    throw forbidden('Merchants can only be created from this machine (loopback addresses)');
  }
  const host = (req.headers.host ?? '').toLowerCase();
  if (!allowedHosts.has(host)) {
    throw forbidden('The Host header does not name this sandbox');
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) {
    throw forbidden('Merchants cannot be created from another origin (a web page elsewhere)');
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send Content-Type: application/json (the body may be empty or {})',
    );
  }
}
