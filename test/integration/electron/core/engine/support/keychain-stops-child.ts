// Runs inside its own D-Bus session (dbus-run-session, started by keychain-stops.test.ts)
// with its own throw-away gnome-keyring, so stopping that keyring touches no other test.
// It drives the engine through the fault and prints what it saw as one JSON line; the test
// judges it. Usage: node keychain-stops-child.ts <data dir>
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createEngine } from '../../../../../../electron/core/index.ts';
import { KEYTAR_MODULE, KeytarVault } from '../../../../../../electron/core/vault/index.ts';
import { sign } from '../../../../../../electron/core/receiver/index.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: keychain-stops-child.ts <data dir>');
const PASSWORD = 'test-only-password';

/** Starts the keyring, unlocked; resolves once it is up. */
function startKeyring(): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    p.stdin.end(PASSWORD);
    // It forks the daemon and exits once the daemon answers.
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`keyring exit ${code}`))));
  });
}

/** The keyring daemon's process id, from the bus that owns its name (ours alone). */
function keyringPid(): number {
  const out = execFileSync('dbus-send', [
    '--session',
    '--print-reply',
    '--dest=org.freedesktop.DBus',
    '/org/freedesktop/DBus',
    'org.freedesktop.DBus.GetConnectionUnixProcessID',
    'string:org.freedesktop.secrets',
  ]).toString();
  const m = /uint32 (\d+)/.exec(out);
  if (!m) throw new Error(`no keyring on the bus: ${out}`);
  return Number(m[1]);
}

async function exited(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise<void>((r) => setImmediate(r));
  }
}

interface Finding {
  code?: string;
  message?: string;
}
const outcome = async (p: Promise<unknown>): Promise<Finding> =>
  p.then(
    () => ({ code: 'ok' }),
    (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }),
  );

await startKeyring();
const service = `Merchant Console test ${randomUUID()}`;
const vault = new KeytarVault({ service, probeTimeoutMs: 3000 });
const payments: string[] = [];
const engine = await createEngine({
  dataDir,
  transport: 'web',
  version: '0',
  vault,
  sandboxTimeScale: 1000,
  openExternal: async () => {},
  log: () => {},
});
engine.on('payment.received', (p) => payments.push(p.checkout_id));
interface KeytarFind {
  findCredentials(s: string): Promise<{ account: string; password: string }[]>;
}
const mod = (await import(KEYTAR_MODULE)) as KeytarFind & { default?: KeytarFind };
const keytar = mod.default ?? mod;
const secret = (await keytar.findCredentials(service)).find((c) =>
  c.account.endsWith(':webhook-secret'),
)!.password;
const before = await outcome(
  engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 4.5 }] }),
);
const other = await engine.call('checkouts.create', { items: [{ name: 'Pie', amount: 3 }] });

/** A signed delivery, as the service sends it; the receiver needs no keychain for it. */
async function deliver(checkoutId: string, amount: number): Promise<number> {
  const body = JSON.stringify({
    event: 'payment.completed',
    checkout_id: checkoutId,
    payment_status: 'completed',
    amount,
    currency: 'USD',
  });
  const id = `msg_${randomUUID()}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await fetch(engine.receiverUrl()!, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': ts,
      'webhook-signature': `v1,${sign(secret, id, ts, Buffer.from(body))}`,
    },
    body,
  });
  await res.arrayBuffer();
  await engine.call('receiver.status', {});
  return res.status;
}

// The keychain's service stops in the middle of the session. (Locking the collection is not
// simulated: keytar's lookup crashes the process on a locked item, see docs/faults.md.)
const pid = keyringPid();
process.kill(pid, 'SIGTERM');
await exited(pid);
const stopped = await outcome(
  engine.call('checkouts.create', { items: [{ name: 'Jam', amount: 1 }] }),
);
const stoppedStatus = await engine.call('key.status', {});
const stoppedDelivery = await deliver(other.id, 3);
await engine.call('receiver.status', {});
await engine.close();
console.log(
  JSON.stringify({
    before,
    stopped,
    stoppedStatus,
    stoppedDelivery,
    payments,
    expected: [other.id],
  }),
);
