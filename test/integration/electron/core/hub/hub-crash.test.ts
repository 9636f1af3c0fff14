// A till killed with SIGKILL again and again while payments arrive, and the hub killed and
// restarted on its store twice meanwhile: at the end the till holds every payment exactly
// once, verified, as the receiving node does.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWithoutNats } from '../../../../support/nats-server.ts';
import { openEngine, tempDir } from '../engine/harness.ts';
import { expectExactly, holds, payMany, receivingNode, startRig, type Rig } from './hub-harness.ts';

const CHILD = join(import.meta.dirname, '../../../../support/hub-till-child.ts');

let rig: Rig;
let child: ChildProcess | null = null;

/** Starts the till's process; resolves once it said "ready". */
function startTill(dataDir: string): Promise<ChildProcess> {
  const c = spawn(
    process.execPath,
    [CHILD, dataDir, rig.nats.url, rig.recorder.baseUrl, rig.apiKey],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child = c;
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: c.stdout! });
    lines.on('line', (line) => {
      if (line === 'ready') resolve(c);
    });
    c.once('exit', (code) =>
      reject(new Error(`the till exited (${String(code)}) before it was ready`)),
    );
  });
}

async function kill(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
  c.kill('SIGKILL');
  await exited;
}

describe.skipIf(skipWithoutNats())('a till killed while payments arrive', () => {
  beforeEach(async () => {
    rig = await startRig();
  });
  afterEach(async () => {
    if (child) await kill(child);
    await rig.close();
  });

  it('holds every payment exactly once after 5 SIGKILLs of the till and 2 of the hub', async () => {
    const counter = await receivingNode(rig);
    const dir = tempDir();
    rig.dirs.push(dir);
    const ids: string[] = [];
    let till = await startTill(dir);
    for (let round = 0; round < 5; round++) {
      ids.push(...(await payMany(counter, 4)));
      await kill(till);
      if (round === 1 || round === 3) await rig.nats.restart();
      ids.push(...(await payMany(counter, 2)));
      till = await startTill(dir);
    }
    await holds(counter, ids.length);
    await kill(till);
    // The till's folder read back by a console in this process: it catches up what is left.
    const back = await openEngine({
      dataDir: dir,
      keepDir: true,
      parts: { hub: { reconnectMs: 100, deviceName: 'Crash till' }, receiving: { recheckMs: 200 } },
    });
    rig.consoles.push(back);
    await back.engine.call('key.set', { key: rig.apiKey });
    await holds(back, ids.length);
    await expectExactly(back, ids);
    expect(ids.length).toBe(30);
  }, 120_000);
});
