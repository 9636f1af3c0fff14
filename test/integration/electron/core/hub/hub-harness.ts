// The hub's test rig: the sandbox behind a recorder of webhook registrations, a real
// nats-server on 127.0.0.1, and consoles joined to it as the receiving node or as tills.
import { rmSync } from 'node:fs';
import { expect } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../../sandbox/index.ts';
import type { Payment } from '#shared/domain.ts';
import { startNatsServer, type NatsServer } from '../../../../support/nats-server.ts';
import {
  startWebhookRecorder,
  type WebhookRecorder,
} from '../../../../support/webhook-recorder.ts';
import { openEngine, payCheckout, tempDir, type Harness } from '../engine/harness.ts';

export interface Rig {
  service: RunningSandbox;
  recorder: WebhookRecorder;
  nats: NatsServer;
  apiKey: string;
  consoles: Harness[];
  /** Every console's data folder, removed at the end. */
  dirs: string[];
  /** Closes a console as a stop of its computer would (its data folder and keychain stay). */
  stop(h: Harness): Promise<void>;
  close(): Promise<void>;
}

export async function startRig(): Promise<Rig> {
  const serviceDir = tempDir();
  const service = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    dataDir: serviceDir,
    timeScale: 1000,
  });
  const recorder = await startWebhookRecorder(service.baseUrl);
  const nats = await startNatsServer();
  const { api_key } = await service.createMerchant();
  const consoles: Harness[] = [];
  const dirs: string[] = [];
  const rig: Rig = {
    service,
    recorder,
    nats,
    apiKey: api_key,
    consoles,
    dirs,
    async stop(h) {
      consoles.splice(consoles.indexOf(h), 1);
      await h.engine.close();
    },
    async close() {
      for (const c of consoles.splice(0)) await c.close().catch(() => undefined);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await rig.nats.close();
      await recorder.close();
      await service.close();
      rmSync(serviceDir, { recursive: true, force: true });
    },
  };
  return rig;
}

export const HUB_PACE = { reconnectMs: 100, leaseTtlMs: 3000, claimTimeoutMs: 5000 };

/** Opens a console named `name` (or reopens `from` on its data folder and keychain). */
export async function openConsole(rig: Rig, name: string, from?: Harness): Promise<Harness> {
  const h = await openEngine({
    ...(from ? { dataDir: from.dataDir, vault: from.vault } : {}),
    keepDir: true,
    parts: { hub: { ...HUB_PACE, deviceName: name }, receiving: { recheckMs: 200 } },
  });
  rig.consoles.push(h);
  if (!rig.dirs.includes(h.dataDir)) rig.dirs.push(h.dataDir);
  return h;
}

/** Adds the merchant's live profile (the key tested and kept) and makes it the active one. */
export async function addShop(rig: Rig, h: Harness): Promise<string> {
  const p = await h.engine.call('profiles.add', {
    name: 'Shop',
    base_url: `${rig.recorder.baseUrl}/`,
    key: rig.apiKey,
  });
  await h.engine.call('profiles.switch', { id: p.id });
  return p.id;
}

/** The receiving node: the shop's profile first (it registers its URL), then the hub. */
export async function receivingNode(rig: Rig, name = 'Counter'): Promise<Harness> {
  const h = await openConsole(rig, name);
  await addShop(rig, h);
  await h.engine.call('hub.set', { url: rig.nats.url, role: 'receiver' });
  return h;
}

/** A till: joins the hub first, then adds the shop (so it never registers anything). */
export async function till(rig: Rig, name: string): Promise<Harness> {
  const h = await openConsole(rig, name);
  await h.engine.call('hub.set', { url: rig.nats.url, role: 'till' });
  await addShop(rig, h);
  return h;
}

/** Creates `n` links on `on` and pays each as a customer does; their checkout ids. */
export async function payMany(on: Harness, n: number, amount = 5): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = await on.engine.call('checkouts.create', {
      items: [{ name: `Item ${i}`, amount }],
      currency: 'EUR',
    });
    expect(await payCheckout(c.checkout_url)).toBeLessThan(400);
    ids.push(c.id);
  }
  return ids;
}

/** Every payment the console holds, oldest first. */
export async function allPayments(h: Harness): Promise<Payment[]> {
  const out: Payment[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await h.engine.call('payments.list', { limit: 500, offset });
    out.push(...page.data);
    if (out.length >= page.total || page.data.length === 0) return out.reverse();
  }
}

/** Waits until the console holds `n` payments (the events it is waiting for). */
export async function holds(h: Harness, n: number, timeout = 30_000): Promise<void> {
  await expect
    .poll(async () => (await h.engine.call('payments.list', { limit: 1 })).total, {
      timeout,
      interval: 50,
    })
    .toBe(n);
}

/** Each checkout paid exactly once, and verified, on this console. */
export async function expectExactly(h: Harness, ids: string[]): Promise<void> {
  const payments = await allPayments(h);
  expect(payments.map((p) => p.checkout_id).sort()).toEqual([...ids].sort());
  // A checkout looked up while the service could not answer is verified at its recheck.
  await expect
    .poll(async () => (await allPayments(h)).filter((p) => p.status !== 'verified').length, {
      interval: 50,
      timeout: 15_000,
    })
    .toBe(0);
}
