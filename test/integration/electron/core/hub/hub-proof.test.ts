// The proof at a size the suite can afford (HUB_PROOF_PAYMENTS=2000 for the full
// run): one receiving node and 3 tills, each till in its own process; customers pay at 50/s
// through the sandbox while a till is SIGKILLed 5 times and the nats-server twice (started
// again on the same store). At the end every till holds every payment exactly once,
// verified as on the receiving node.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWithoutNats } from '../../../../support/nats-server.ts';
import { openEngine, payCheckout, tempDir } from '../engine/harness.ts';
import { expectExactly, holds, receivingNode, startRig, type Rig } from './hub-harness.ts';

const CHILD = join(import.meta.dirname, '../../../../support/hub-till-child.ts');
const PAYMENTS = Number(process.env.HUB_PROOF_PAYMENTS ?? 300);
const RATE = 50;

let rig: Rig;
const children = new Set<ChildProcess>();

function startTill(dataDir: string): Promise<ChildProcess> {
  const c = spawn(
    process.execPath,
    [CHILD, dataDir, rig.nats.url, rig.recorder.baseUrl, rig.apiKey],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.add(c);
  c.once('exit', () => children.delete(c));
  return new Promise((resolve, reject) => {
    createInterface({ input: c.stdout! }).on('line', (line) => {
      if (line === 'ready') resolve(c);
    });
    c.once('exit', (code) =>
      reject(new Error(`a till exited (${String(code)}) before it was ready`)),
    );
  });
}

async function kill(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
  c.kill('SIGKILL');
  await exited;
}

const until = (t: number) =>
  new Promise<void>((r) => setTimeout(r, Math.max(0, t - performance.now())));

describe.skipIf(skipWithoutNats())(
  'the proof: 3 tills, tills and hub killed while customers pay',
  () => {
    beforeEach(async () => {
      rig = await startRig();
    });
    afterEach(async () => {
      for (const c of [...children]) await kill(c);
      await rig.close();
    });

    it(`every till holds all ${PAYMENTS} payments exactly once`, async () => {
      const counter = await receivingNode(rig);
      const dirs = [tempDir(), tempDir(), tempDir()];
      rig.dirs.push(...dirs);
      const tills = await Promise.all(dirs.map((d) => startTill(d)));
      const checkouts: { id: string; checkout_url: string }[] = [];
      for (let i = 0; i < PAYMENTS; i++) {
        checkouts.push(
          await counter.engine.call('checkouts.create', {
            items: [{ name: `Proof ${i}`, amount: 3 + (i % 7) }],
            currency: 'EUR',
          }),
        );
      }
      // Customers pay on an absolute schedule; the failures happen at evenly spaced moments.
      const start = performance.now() + 100;
      const span = (PAYMENTS * 1000) / RATE;
      const paying = Promise.all(
        checkouts.map(async (c, i) => {
          await until(start + (i * 1000) / RATE);
          expect(await payCheckout(c.checkout_url)).toBeLessThan(400);
        }),
      );
      const events: (() => Promise<void>)[] = [];
      for (let k = 0; k < 5; k++) {
        events.push(async () => {
          const i = k % 3;
          await kill(tills[i]!);
          tills[i] = await startTill(dirs[i]!);
        });
        if (k === 1 || k === 3) events.push(() => rig.nats.restart());
      }
      for (const [n, event] of events.entries()) {
        await until(start + ((n + 1) * span) / (events.length + 1));
        await event();
      }
      await paying;
      const ids = checkouts.map((c) => c.id);
      await holds(counter, PAYMENTS, 60_000);
      await expectExactly(counter, ids);
      for (const t of tills) await kill(t);
      // Each till's folder, read back here: what it had not committed yet it catches up now.
      for (const dir of dirs) {
        const back = await openEngine({
          dataDir: dir,
          keepDir: true,
          parts: { hub: { reconnectMs: 100 }, receiving: { recheckMs: 200 } },
        });
        rig.consoles.push(back);
        await back.engine.call('key.set', { key: rig.apiKey });
        await holds(back, PAYMENTS, 60_000);
        await expectExactly(back, ids);
        await rig.stop(back);
      }
    }, 600_000);
  },
);
