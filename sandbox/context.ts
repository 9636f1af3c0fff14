// What the request handlers share: the open store, its repositories, and the outbox kick.
import type { DatabaseSync } from 'node:sqlite';
import { CheckoutRepo } from './db/checkouts.ts';
import { MerchantRepo } from './db/merchants.ts';
import { PaymentRepo } from './db/payments.ts';
import { WebhookRepo } from './db/webhooks.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { ListCache } from './list-cache.ts';
import type { TargetGuard } from './targets/target-guard.ts';
import type { CheckoutWriter } from './writer/index.ts';

export interface SandboxContext {
  db: DatabaseSync;
  merchants: MerchantRepo;
  checkouts: CheckoutRepo;
  payments: PaymentRepo;
  webhooks: WebhookRepo;
  /** Creates go through group commit (writer thread when available). */
  writer: CheckoutWriter;
  listCache: ListCache;
  /**
   * No trailing slash; checkout_url = `${checkoutPageBase}/pay/<id>`. It is `pagesBase`, or
   * the pay listener's base while one is open (phone mode, sandbox/http/pay-listener.ts).
   */
  checkoutPageBase: string;
  /** The pay pages' base on the main listener (the configured page base, else the base URL). */
  pagesBase: string;
  rateLimiter: RateLimiter | null;
  /** Serve the optional GET/PATCH /api-checkouts/<id> (docs/service-api.md); default on. */
  checkoutExtensions: boolean;
  /** Where this sandbox listens; filled in once listening, before the first request. */
  listen: ListenInfo;
  /** Which webhook URLs may be registered and delivered to. */
  targets: TargetGuard;
  /** Wakes the webhook deliverer after a commit that gave it work (see outbox Deliverer.kick). */
  kick(merchantId?: string): void;
}

export interface ListenInfo {
  /** The bind address as given (127.0.0.1, 0.0.0.0, ::, a name). */
  host: string;
  port: number;
  /** Host header values naming this server (sandbox/http/host-guard.ts). */
  allowedHosts: Set<string>;
}

export function createContext(
  db: DatabaseSync,
  options: {
    checkoutPageBase: string;
    rateLimitPerSecond?: number | undefined;
    listCache?: boolean | undefined;
    checkoutExtensions?: boolean | undefined;
    targets: TargetGuard;
  },
): Omit<SandboxContext, 'kick' | 'writer'> {
  return {
    db,
    merchants: new MerchantRepo(db),
    checkouts: new CheckoutRepo(db),
    payments: new PaymentRepo(db),
    webhooks: new WebhookRepo(db),
    listCache: new ListCache(options.listCache ?? true),
    checkoutPageBase: options.checkoutPageBase.replace(/\/+$/, ''),
    pagesBase: options.checkoutPageBase.replace(/\/+$/, ''),
    rateLimiter: options.rateLimitPerSecond ? new RateLimiter(options.rateLimitPerSecond) : null,
    checkoutExtensions: options.checkoutExtensions ?? true,
    listen: { host: '', port: 0, allowedHosts: new Set() },
    targets: options.targets,
  };
}
