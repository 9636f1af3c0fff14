// Which webhook URLs the sandbox will deliver to. Always refused: a user name or password,
// control characters or spaces (the URL parser silently drops CR, LF and tab, so what was
// checked would not be what is sent), and the sandbox's own origin (a delivery could pay a
// checkout or make a merchant). A sandbox listening beyond loopback (someone hosts it) also
// refuses non-public addresses (loopback, private, link-local, …; address-class.ts) unless
// allowPrivate: every address a name resolves to is checked when the URL is registered and
// again by the delivery's own DNS lookup, the one its socket then connects to, so a name
// that re-resolves to 127.0.0.1 later (DNS rebinding) is still refused.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import { isLoopbackHost, isWildcardHost } from '#shared/node/host-guard.ts';
import { addressClass, isIpLiteral, type AddressClass } from './address-class.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host name (the default is the OS resolver, as node:http uses). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

export interface TargetGuardOptions {
  /** Deliver to non-public addresses even when listening beyond loopback. */
  allowPrivate?: boolean | undefined;
  /** Tests inject a resolver (DNS rebinding); default systemResolver. */
  resolve?: Resolver | undefined;
}

export interface Listening {
  /** The bind address as given. */
  host: string;
  port: number;
  /** Origins that are this sandbox: its base URL and the pay page's base. */
  origins: readonly string[];
}

/** The outcome of the checks a delivery makes before it connects. */
export type DeliveryCheck = { problem: string } | { lookup: LookupFunction | undefined };

const CONTROL_OR_SPACE = /[\p{Cc}\s]/u;
const FLAG = '--allow-private-webhooks';

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

class TargetRefused extends Error {}

export class TargetGuard {
  readonly #allowPrivate: boolean;
  readonly #resolve: Resolver;
  #listen: Listening = { host: '127.0.0.1', port: -1, origins: [] };
  #ownAddresses = new Set<string>();

  constructor(options: TargetGuardOptions = {}) {
    this.#allowPrivate = options.allowPrivate ?? false;
    this.#resolve = options.resolve ?? systemResolver;
  }

  /** Called once the server listens (the port is known only then). */
  setListening(listen: Listening): void {
    this.#listen = listen;
    const own = new Set<string>();
    if (isWildcardHost(listen.host)) {
      for (const list of Object.values(networkInterfaces())) {
        for (const info of list ?? []) own.add(info.address.split('%')[0]!.toLowerCase());
      }
    } else if (isIpLiteral(listen.host)) {
      own.add(listen.host.replace(/^\[|\]$/g, '').toLowerCase());
    }
    this.#ownAddresses = own;
  }

  /** Only a sandbox bound beyond loopback refuses non-public targets. */
  get refusesNonPublic(): boolean {
    return !isLoopbackHost(this.#listen.host) && !this.#allowPrivate;
  }

  /** Problems visible in the text alone: credentials, control characters, own origin. */
  syntaxProblem(raw: string): string | null {
    if (CONTROL_OR_SPACE.test(raw)) {
      return 'must not contain control characters or spaces (CR, LF, tab, …)';
    }
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'must be an absolute http(s) URL';
    }
    if (url.username !== '' || url.password !== '') {
      return 'must not contain a user name or password';
    }
    const o = url.origin;
    if (this.#listen.origins.some((own) => origin(own) === o)) {
      return 'must not point at this sandbox itself';
    }
    return null;
  }

  /** Why an address (with the URL's port) is refused, or null. */
  addressProblem(address: string, port: number, named: boolean): string | null {
    const kind = addressClass(address);
    if (port === this.#listen.port && this.#isOwnAddress(address, kind)) {
      return 'must not point at this sandbox itself';
    }
    if (kind === null || !this.refusesNonPublic) return null;
    const what = named ? `resolves to ${article(kind)} address` : `is ${article(kind)} address`;
    return (
      `${what}; this sandbox listens on ${this.#listen.host}, so it refuses loopback, ` +
      `private, link-local and other non-public targets (start it with ${FLAG} to allow them)`
    );
  }

  #isOwnAddress(address: string, kind: AddressClass | null): boolean {
    if (kind === 'loopback' || kind === 'unspecified') return true;
    return this.#ownAddresses.has(address.replace(/^\[|\]$/g, '').toLowerCase());
  }

  /** The whole check at registration: the text, then every address the host has. */
  async registrationProblem(raw: string): Promise<string | null> {
    const syntax = this.syntaxProblem(raw);
    if (syntax !== null) return syntax;
    const url = new URL(raw);
    const port = portOf(url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIpLiteral(host)) return this.addressProblem(host, port, false);
    // A name needs resolving only when something depends on its addresses.
    if (!this.refusesNonPublic && port !== this.#listen.port) return null;
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.#resolve(host);
    } catch (err) {
      // Unresolvable: harmless unless addresses are being vetted (then say so).
      if (!this.refusesNonPublic) return null;
      const code = (err as NodeJS.ErrnoException).code ?? 'no answer';
      return `has a host name that could not be resolved (${code}); check the name`;
    }
    if (addresses.length === 0 && this.refusesNonPublic) {
      return 'has a host name that resolves to no address';
    }
    for (const a of addresses) {
      const problem = this.addressProblem(a.address, port, true);
      if (problem !== null) return problem;
    }
    return null;
  }

  /**
   * The check at each delivery: the text and an IP literal now; a name through the returned
   * lookup, which node:http uses to connect, so the addresses checked are the ones used.
   */
  deliveryCheck(raw: string): DeliveryCheck {
    const syntax = this.syntaxProblem(raw);
    if (syntax !== null) return { problem: syntax };
    const url = new URL(raw);
    const port = portOf(url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIpLiteral(host)) {
      const problem = this.addressProblem(host, port, false);
      return problem === null ? { lookup: undefined } : { problem };
    }
    return { lookup: this.#lookupFor(port) };
  }

  #lookupFor(port: number): LookupFunction {
    return (hostname, options, callback) => {
      this.#resolve(hostname).then(
        (all) => {
          for (const a of all) {
            const problem = this.addressProblem(a.address, port, true);
            if (problem !== null) {
              callback(new TargetRefused(`target refused: ${problem}`), '', 0);
              return;
            }
          }
          const wanted = options.family;
          const family =
            wanted === 4 || wanted === 'IPv4' ? 4 : wanted === 6 || wanted === 'IPv6' ? 6 : 0;
          const usable = family === 0 ? all : all.filter((a) => a.family === family);
          if (usable.length === 0) {
            const err: NodeJS.ErrnoException = new Error(`no IPv${family} address for the host`);
            err.code = 'ENOTFOUND';
            callback(err, '', 0);
            return;
          }
          if (options.all) callback(null, usable);
          else callback(null, usable[0]!.address, usable[0]!.family);
        },
        (err: NodeJS.ErrnoException) => callback(err, '', 0),
      );
    };
  }
}

function article(kind: AddressClass): string {
  return kind === 'unspecified' ? `an ${kind}` : `a ${kind}`;
}
