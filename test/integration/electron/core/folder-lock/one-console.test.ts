// One console per data folder (issue 25 §3), through every way of starting one that runs
// here: createEngine directly, `npm run serve` (electron/web/cli.ts) and `npm start`'s
// browser fallback (scripts/start.ts, no display). The desktop app calls the same
// createEngine; Electron itself cannot run on this machine, so its dialog is not shown here.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../../../electron/core/index.ts';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { LOCK_FILE } from '../../../../../electron/core/folder-lock/index.ts';

const ROOT = resolve(import.meta.dirname, '../../../../..');
const CLI = join(ROOT, 'electron/web/cli.ts');
const START = join(ROOT, 'scripts/start.ts');

const dirs: string[] = [];
const children: ChildProcess[] = [];
const engines: Engine[] = [];
afterEach(async () => {
  for (const c of children.splice(0))
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const e of engines.splice(0)) await e.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mc-lock-'));
  dirs.push(d);
  return d;
}

async function open(dataDir: string, onSecondStart?: () => void): Promise<Engine> {
  const engine = await createEngine({
    dataDir,
    transport: 'web',
    version: '0.0.0-test',
    vault: new MemoryVault(),
    ...(onSecondStart ? { onSecondStart } : {}),
    log: () => {},
  });
  engines.push(engine);
  return engine;
}

function refusal(p: Promise<unknown>): Promise<{ code?: string; message?: string } | null> {
  return p.then(
    () => null,
    (e: unknown) => e as { code?: string; message?: string },
  );
}

interface Child {
  child: ChildProcess;
  line: Promise<string>;
  stderr: () => string;
  exit: Promise<number | null>;
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Child {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += String(d)));
  const exit = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  const line = new Promise<string>((res, rej) => {
    createInterface({ input: child.stdout! }).once('line', res);
    child.once('exit', (code) => rej(new Error(`exited ${code} before its line: ${err}`)));
  });
  line.catch(() => undefined); // a child that is meant to be refused never prints it
  return { child, line, stderr: () => err, exit };
}

describe('one console per data folder', () => {
  it('refuses a second engine on the same folder, naming the folder, the pid and what to do', async () => {
    const dataDir = tempDir();
    await open(dataDir);
    const err = await refusal(open(dataDir));
    expect(err?.code).toBe('data_folder_busy');
    expect(err?.message).toBe(
      `The Merchant Console is already running (pid ${process.pid}) on the data folder ${dataDir}. ` +
        'To watch payments on this device, use Other screens in its Settings. ' +
        'To run a separate console, start it with another data folder.',
    );
  });

  it('tells the holder a second start was refused (the desktop app focuses its window)', async () => {
    const dataDir = tempDir();
    let knocked!: () => void;
    const knock = new Promise<void>((r) => (knocked = r));
    await open(dataDir, () => knocked());
    await refusal(open(dataDir));
    await knock;
  });

  it('lets the next console start once the first closed', async () => {
    const dataDir = tempDir();
    const first = await open(dataDir);
    await first.close();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    await open(dataDir);
  });

  it('takes over silently a lock whose pid now belongs to another program', async () => {
    const dataDir = tempDir();
    // Our own pid, but a start time no process of ours ever had: a reused pid.
    writeFileSync(
      join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, started: '1', exe: '/old/node', nonce: 'x' }),
    );
    await open(dataDir);
    const lock = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { nonce: string };
    expect(lock.nonce).not.toBe('x');
  });

  it('takes over a lock cut short by a crash (an empty file)', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, LOCK_FILE), '');
    await open(dataDir);
  });

  it('refuses `npm run serve` on a folder the engine holds, and starts after the holder was SIGKILLed', async () => {
    const dataDir = tempDir();
    const first = run(CLI, ['--data', dataDir]);
    await first.line;
    const holderPid = first.child.pid!;

    const second = run(CLI, ['--data', dataDir]);
    expect(await second.exit).toBe(1);
    expect(second.stderr()).toContain(
      `The Merchant Console is already running (pid ${holderPid}) on the data folder ${dataDir}.`,
    );
    const inProcess = await refusal(open(dataDir));
    expect(inProcess?.message).toContain(`(pid ${holderPid})`);

    first.child.kill('SIGKILL');
    await first.exit;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true); // left behind by the crash
    const third = run(CLI, ['--data', dataDir]);
    expect(JSON.parse(await third.line)).toHaveProperty('url');
    third.child.kill('SIGTERM');
    expect(await third.exit).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('refuses `npm start` (its browser fallback) on a folder a console holds', async () => {
    const config = tempDir();
    const dataDir = join(config, 'merchant-console');
    const holder = await open(dataDir);
    const start = run(START, [], { XDG_CONFIG_HOME: config, DISPLAY: '', BROWSER: 'true' });
    expect(await start.exit).toBe(1);
    expect(start.stderr()).toContain(
      `The Merchant Console is already running (pid ${process.pid}) on the data folder ${dataDir}.`,
    );
    await holder.close();
  }, 60_000);
});
