// The console's receiver (engine store + startReceiver) alone in a child process, so a test
// can SIGKILL it (a real crash: no close, no cleanup) or measure its memory.
// Usage: node [--expose-gc] receiver-child.ts <db file> <profile id> <port> [timeouts JSON]
// MC_SECRETS_FILE names a file holding the whsec_ secret (read at each burst, like the
// keychain); when it is missing, deliveries are taken unsigned. Prints one JSON line
// {url, port, pid} when listening. Over IPC, {op: 'memory'} answers process.memoryUsage()
// after a full garbage collection.
import { readFileSync } from 'node:fs';
import { startReceiver, type ReceiverTimeouts } from '../../../../electron/core/receiver/index.ts';
import { openStore } from '../../../../electron/core/database.ts';

const [dbPath, profileId, portText, timeoutsJson] = process.argv.slice(2);
if (!dbPath || !profileId || portText === undefined) {
  throw new Error('usage: receiver-child.ts <db> <profile> <port> [timeouts JSON]');
}
const secretsFile = process.env.MC_SECRETS_FILE;

const store = openStore(dbPath);
const r = await startReceiver({
  store,
  profileId,
  port: Number(portText),
  getSecrets: async () => {
    if (!secretsFile) return [];
    try {
      return [readFileSync(secretsFile, 'utf8').trim()];
    } catch {
      return [];
    }
  },
  // The test seeds every checkout into the store; one it did not is an unknown checkout.
  lookupCheckout: async () => null,
  onPayment: () => {},
  log: (m) => process.stderr.write(`[receiver-child] ${m}\n`),
  ...(timeoutsJson ? { timeouts: JSON.parse(timeoutsJson) as ReceiverTimeouts } : {}),
});

process.on('message', (m: { op?: string; seq?: number }) => {
  if (m.op === 'memory') {
    // Several passes: one gc can leave garbage that only the next one frees (weak refs).
    for (let i = 0; i < 3; i++) globalThis.gc?.();
    process.send?.({ seq: m.seq, memory: process.memoryUsage(), gc: globalThis.gc !== undefined });
  } else if (m.op === 'idle') {
    void r.idle().then(() => process.send?.({ seq: m.seq, idle: true }));
  }
});
process.stdout.write(`${JSON.stringify({ url: r.url, port: r.port, pid: process.pid })}\n`);
// Keep the process alive until it is killed (the receiver's own timers are unref'd).
setInterval(() => {}, 1 << 30);
