// One engine per test: its own data folder, a memory vault (or the one given), every pushed
// event and every diagnostic line captured, and clean-up that closes and removes it all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { EVENTS, type EventName } from '#shared/channels.ts';
import type { EventPayload } from '#shared/contract.ts';
import { EngineError } from '../../../../../electron/core/index.ts';
import type { Engine } from '../../../../../electron/core/index.ts';
import type { RunningReceiver } from '../../../../../electron/core/receiver/index.ts';
import type { Store } from '../../../../../electron/core/database.ts';
import { MemoryVault, type KeyVault } from '../../../../../electron/core/vault/index.ts';
import { buildEngine, type EngineParts } from '../../../../support/engine.ts';
import type { SavePdf } from '../../../../../electron/core/day/index.ts';

export interface Captured {
  event: EventName;
  payload: unknown;
}

export interface Harness {
  engine: Engine;
  /** The engine's own store (the same object it uses). */
  store: Store;
  /** Every receiver the engine started, in order. */
  receivers: RunningReceiver[];
  dataDir: string;
  vault: KeyVault;
  events: Captured[];
  logs: string[];
  opened: string[];
  payments(): EventPayload<'payment.received'>[];
  close(): Promise<void>;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'engine-test-'));
}

export async function openEngine(
  o: {
    dataDir?: string;
    vault?: KeyVault;
    profile?: string;
    keepDir?: boolean;
    /** What the engine is built from: short timeouts, fake clocks and timers, … */
    parts?: EngineParts;
    /** The desktop transport's Save as PDF (day.pdf); absent as in a browser transport. */
    savePdf?: SavePdf;
  } = {},
): Promise<Harness> {
  const dataDir = o.dataDir ?? tempDir();
  const vault = o.vault ?? new MemoryVault();
  const logs: string[] = [];
  const events: Captured[] = [];
  const opened: string[] = [];
  const { engine, store, receivers } = await buildEngine(
    {
      dataDir,
      transport: 'web',
      version: '0.0.0-test',
      vault,
      sandboxTimeScale: 1000,
      openExternal: async (url) => {
        opened.push(url);
      },
      log: (m) => logs.push(m),
      ...(o.profile ? { profile: o.profile } : {}),
      ...(o.savePdf ? { savePdf: o.savePdf } : {}),
    },
    {
      http: { timeoutMs: 2000, baseDelayMs: 10 },
      ...o.parts,
    },
  );
  const offs = EVENTS.map((event) =>
    engine.on(event, (payload) => events.push({ event, payload })),
  );
  return {
    engine,
    store,
    receivers,
    dataDir,
    vault,
    events,
    logs,
    opened,
    payments: () =>
      events
        .filter((e) => e.event === 'payment.received')
        .map((e) => e.payload as EventPayload<'payment.received'>),
    async close() {
      offs.forEach((off) => off());
      await engine.close();
      if (!o.keepDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Pays a checkout the way a customer does: the hosted page's form POST. */
export async function payCheckout(checkoutUrl: string): Promise<number> {
  const res = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'pay=1',
    redirect: 'manual',
  });
  await res.arrayBuffer();
  return res.status;
}

/** The EngineError a call fails with (fails the test if it succeeds). */
export async function callError(
  engine: Engine,
  channel: Parameters<Engine['call']>[0],
  input: unknown,
  caller?: Parameters<Engine['call']>[2],
): Promise<EngineError> {
  const err = await engine.call(channel, input, caller).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `${channel} should fail`).toBeInstanceOf(EngineError);
  return err as EngineError;
}
