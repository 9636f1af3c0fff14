// Shared set-up for receiver tests: a real SQLite file in a temp dir, a real receiver on
// 127.0.0.1 port 0, and helpers to deliver events the way the service does.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Checkout, Payment } from '#shared/domain.ts';
import {
  startReceiver,
  sign,
  type ReceiverOptions,
} from '../../../../../electron/core/receiver/index.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';

export const PROFILE = 'sandbox';

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mc-receiver-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * A fresh temp folder and store for every test of the file that calls it (at top level,
 * before its own hooks), closed and removed after the test: vitest runs afterEach hooks in
 * reverse order, so the file's own cleanup (closing a receiver) comes first. `reopen()` is
 * a restart: the same file opened again.
 */
export function storePerTest() {
  let tmp: ReturnType<typeof tempDir> | undefined;
  let current: Store | undefined;
  beforeEach(() => {
    tmp = tempDir();
    current = openTestStore(tmp.dir);
  });
  afterEach(() => {
    current?.close();
    tmp?.cleanup();
    current = undefined;
    tmp = undefined;
  });
  return {
    get store(): Store {
      return current!;
    },
    get dir(): string {
      return tmp!.dir;
    },
    reopen(): Store {
      current!.close();
      current = openTestStore(tmp!.dir);
      return current;
    },
  };
}

export function openTestStore(dir: string): Store {
  const store = openStore(join(dir, 'console.db'));
  if (!store.profiles.get(PROFILE)) {
    store.profiles.add({ id: PROFILE, name: 'Sandbox', kind: 'sandbox', base_url: 'http://x' });
  }
  return store;
}

export function seedCheckout(store: Store, over: Partial<Checkout> = {}): Checkout {
  const id = over.id ?? randomUUID();
  const { paid: _paid, ...c } = {
    id,
    product_name: 'Coffee',
    amount: 12.5,
    currency: 'USD',
    active: true,
    created_at: new Date().toISOString(),
    checkout_url: `http://x/pay/${id}`,
    paid: false,
    ...over,
  };
  return store.checkouts.upsertCreated(PROFILE, c);
}

export function eventBody(checkoutId: string, amount: number, currency = 'USD'): string {
  return JSON.stringify({
    event: 'payment.completed',
    checkout_id: checkoutId,
    payment_status: 'completed',
    amount,
    currency,
  });
}

export function signedHeaders(
  secret: string,
  body: string,
  opts: { id?: string; tsSeconds?: number } = {},
): Record<string, string> {
  const id = opts.id ?? `msg_${randomUUID()}`;
  const ts = String(opts.tsSeconds ?? Math.floor(Date.now() / 1000));
  return {
    'webhook-id': id,
    'webhook-timestamp': ts,
    'webhook-signature': `v1,${sign(secret, id, ts, Buffer.from(body))}`,
  };
}

export async function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

export interface Harness {
  store: Store;
  url: string;
  port: number;
  payments: Payment[];
  lookups: string[];
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(
  store: Store,
  opts: Partial<ReceiverOptions> & { secrets?: string[]; lookup?: Map<string, Checkout> } = {},
): Promise<Harness> {
  const payments: Payment[] = [];
  const lookups: string[] = [];
  const r = await startReceiver({
    store,
    profileId: PROFILE,
    getSecrets: async () => opts.secrets ?? [],
    lookupCheckout: async (id) => {
      lookups.push(id);
      return opts.lookup?.get(id) ?? null;
    },
    onPayment: (p) => payments.push(p),
    log: () => {},
    ...opts,
  });
  return {
    store,
    url: r.url,
    port: r.port,
    payments,
    lookups,
    idle: r.idle,
    close: r.close,
  };
}
