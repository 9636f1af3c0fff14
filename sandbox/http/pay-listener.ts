// Phone mode: a second listener, on an address other devices can reach (the machine's LAN
// address), that serves only the pay pages (pay-server.ts). While it is open, new checkout
// URLs use its base so a QR code works from a phone; the API and /sandbox/* stay on the
// main (loopback) listener. Closing it lets requests in flight finish, then checkout URLs
// go back to the main listener's page base.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxContext } from '../context.ts';
import { allowedHostHeaders, hostForUrl, isWildcardHost } from '#shared/node/host-guard.ts';
import { createPayServer } from './pay-server.ts';

export interface PayListenerInfo {
  /** The address it is bound to, as given (IPv6 without brackets). */
  host: string;
  port: number;
  /** `http://<host>:<port>`: the checkout page base while it is open. */
  base: string;
}

const CLOSE_GRACE_MS = 3000;

/** Why this can't be a pay listener's address, or null. */
export function payListenAddressProblem(host: string): string | null {
  const bare = host.trim().replace(/^\[|\]$/g, '');
  if (bare === '' || isWildcardHost(bare)) {
    return 'must be one address of this machine (not empty, not 0.0.0.0 or ::)';
  }
  if (/[\s/?#@]/.test(bare)) return 'must be an address or host name, not a URL';
  return null;
}

export class PayListener {
  readonly #ctx: SandboxContext;
  readonly #onChange: (info: PayListenerInfo | null) => void;
  #server: Server | null = null;
  #info: PayListenerInfo | null = null;
  #steps: Promise<unknown> = Promise.resolve();

  /** onChange runs after checkout_page_base changed (the caller updates what depends on it). */
  constructor(ctx: SandboxContext, onChange: (info: PayListenerInfo | null) => void) {
    this.#ctx = ctx;
    this.#onChange = onChange;
  }

  get info(): PayListenerInfo | null {
    return this.#info;
  }

  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#steps.then(step, step);
    this.#steps = run.catch(() => undefined);
    return run;
  }

  /**
   * Listens on `host` (replacing a listener on another address). Port: the one given, else
   * the main listener's port when free on that address (links look alike), else any.
   */
  open(host: string, port?: number): Promise<PayListenerInfo> {
    return this.#serial(async () => {
      const problem = payListenAddressProblem(host);
      if (problem !== null) throw new RangeError(`pay listener address ${problem}`);
      const bare = host.trim().replace(/^\[|\]$/g, '');
      if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
        throw new RangeError('pay listener port must be an integer from 0 to 65535');
      }
      const current = this.#info;
      if (current && current.host === bare && (port === undefined || port === current.port)) {
        return current;
      }
      await this.#closeNow();
      const tries = port !== undefined ? [port] : [this.#ctx.listen.port, 0];
      let lastError: unknown;
      for (const p of tries) {
        try {
          const info = await this.#listen(bare, p);
          this.#apply(info);
          return info;
        } catch (err) {
          lastError = err;
          if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') break;
        }
      }
      throw lastError;
    });
  }

  close(): Promise<void> {
    return this.#serial(() => this.#closeNow());
  }

  async #listen(host: string, port: number): Promise<PayListenerInfo> {
    const options = { base: '', allowedHosts: new Set<string>() };
    const server = createPayServer(this.#ctx, options);
    const bound = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
    // Filled before any request is handled: listen's callback runs first.
    options.base = `http://${hostForUrl(host)}:${bound}`;
    for (const h of allowedHostHeaders(host, bound)) options.allowedHosts.add(h);
    this.#server = server;
    return { host, port: bound, base: options.base };
  }

  #apply(info: PayListenerInfo | null): void {
    this.#info = info;
    this.#ctx.checkoutPageBase = info?.base ?? this.#ctx.pagesBase;
    // Listed checkout URLs carry the page base: pages cached with the old one must go.
    this.#ctx.listCache.bump();
    this.#onChange(info);
  }

  async #closeNow(): Promise<void> {
    const server = this.#server;
    if (server === null) return;
    this.#server = null;
    // New links go back to loopback at once; the socket stops accepting right away too.
    this.#apply(null);
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    });
  }
}
