// Starts, kills (SIGKILL) and restarts receiver-child.ts on a fixed port and data file, and
// makes sure no child outlives its test (killAll in afterEach).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReceiverTimeouts } from '../../../../electron/core/receiver/index.ts';

const CHILD = fileURLToPath(new URL('./receiver-child.ts', import.meta.url));
const READY_MS = 20_000;

export interface ReceiverProcessOptions {
  dbPath: string;
  profileId: string;
  secretsFile?: string;
  timeouts?: ReceiverTimeouts;
  exposeGc?: boolean;
}

export interface ReceiverProcess {
  /** http://127.0.0.1:<port>/webhooks/<token>; the same across restarts. */
  url: string;
  port: number;
  child: ChildProcess;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
  /** Asks the child for process.memoryUsage() after a full gc (needs exposeGc). */
  memory(): Promise<NodeJS.MemoryUsage>;
  /** Resolves when the child's receiver has committed and processed everything. */
  idle(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Starts a child receiver; port 0 picks one, a number reuses it (a restart). */
export async function startReceiverProcess(
  o: ReceiverProcessOptions,
  port = 0,
): Promise<ReceiverProcess> {
  const args = [
    ...(o.exposeGc ? ['--expose-gc'] : []),
    CHILD,
    o.dbPath,
    o.profileId,
    String(port),
    ...(o.timeouts ? [JSON.stringify(o.timeouts)] : []),
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...(o.secretsFile ? { MC_SECRETS_FILE: o.secretsFile } : {}) },
  });
  running.add(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const ready = await new Promise<{ url: string; port: number }>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`receiver child not ready: ${stderr}`)),
      READY_MS,
    );
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl === -1) return;
      clearTimeout(timer);
      resolve(JSON.parse(out.slice(0, nl)) as { url: string; port: number });
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`receiver child exited before ready: ${stderr}`));
    });
  });

  let seq = 0;
  const ask = <T>(op: string, pick: (m: Record<string, unknown>) => T | undefined): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++seq;
      const onMessage = (m: Record<string, unknown>): void => {
        if (m.seq !== id) return;
        child.off('message', onMessage);
        const v = pick(m);
        if (v === undefined) reject(new Error(`child could not answer ${op}`));
        else resolve(v);
      };
      child.on('message', onMessage);
      child.send({ op, seq: id });
    });

  return {
    url: ready.url,
    port: ready.port,
    child,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    memory: () =>
      ask('memory', (m) => (m.gc === true ? (m.memory as NodeJS.MemoryUsage) : undefined)),
    idle: () => ask('idle', (m) => (m.idle === true ? true : undefined)).then(() => undefined),
  };
}

/** SIGKILLs every child still running; for afterEach, whatever the test's outcome. */
export async function killAllReceiverProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
  running.clear();
}
