// A real nats-server for the hub's tests (docs/hub.md): on 127.0.0.1 with JetStream and a
// store in a temp folder, started on a free port (nats-server's -p does not take 0 and tell
// us the port, so one is found by binding port 0 first), ready when it says "Server is
// ready", never after a fixed sleep. It can be killed (SIGKILL) and started again on the same
// port and store. Missing binary: the tests skip with the install command, but never in CI.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NATS_INSTALL = 'sudo apt-get install nats-server';

/** The nats-server binary, or null when it is not installed. */
export function natsServerBinary(): string | null {
  for (const p of ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server']) {
    if (existsSync(p)) return p;
  }
  const which = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return which.status === 0 && found !== '' ? found : null;
}

/**
 * True when the hub tests must skip (nats-server missing, outside CI; the reason printed).
 * In CI a missing nats-server fails the run instead.
 */
export function skipWithoutNats(): boolean {
  if (natsServerBinary() !== null) return false;
  const message = `nats-server is not installed: the hub tests need it (${NATS_INSTALL}).`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`skipping the hub tests: ${message}`);
  return true;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface NatsServer {
  url: string;
  port: number;
  storeDir: string;
  /** SIGKILL, as a crash: the store stays. */
  kill(): Promise<void>;
  /** Starts it again on the same port and store. */
  restart(): Promise<void>;
  /** Stops it and removes its store. */
  close(): Promise<void>;
}

export interface NatsServerOptions {
  /** A configuration file's text (accounts, leaf nodes); `{port}` and `{store}` are filled in. */
  config?: string;
  port?: number;
}

function waitReady(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      reject(new Error(`nats-server did not get ready in ${timeoutMs} ms:\n${seen.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes('Server is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `nats-server exited (${String(code)}) before it was ready:\n${seen.slice(-2000)}`,
        ),
      );
    });
  });
}

export async function startNatsServer(o: NatsServerOptions = {}): Promise<NatsServer> {
  const bin = natsServerBinary();
  if (bin === null) throw new Error(`nats-server is not installed (${NATS_INSTALL}).`);
  const dir = mkdtempSync(join(tmpdir(), 'hub-nats-'));
  const storeDir = join(dir, 'store');
  const port = o.port ?? (await freePort());
  let args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir];
  if (o.config !== undefined) {
    const file = join(dir, 'nats.conf');
    writeFileSync(
      file,
      o.config.replaceAll('{port}', String(port)).replaceAll('{store}', storeDir),
    );
    args = ['-c', file];
  }
  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    const c = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    await waitReady(c);
  };
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    const c = child;
    child = null;
    if (c === null || c.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill(signal);
    await exited;
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    kill: () => stop('SIGKILL'),
    async restart() {
      await stop('SIGKILL');
      await start();
    },
    async close() {
      await stop('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
