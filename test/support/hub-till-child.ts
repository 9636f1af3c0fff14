// A till in its own process for the hub's SIGKILL test (test/integration/electron/core/hub/
// hub-crash.test.ts): it opens the console on <dataDir>, joins the hub at <natsUrl> as a till,
// adds (or keeps) the shop's live profile at <baseUrl> with <apiKey>, says "ready", then one
// line "paid <checkout id>" per payment it commits. The test kills it with SIGKILL at any
// moment and starts it again on the same folder.
// Run: node hub-till-child.ts <dataDir> <natsUrl> <baseUrl> <apiKey>
import { MemoryVault } from '../../electron/core/vault/index.ts';
import { buildEngine } from './engine.ts';

const [dataDir, natsUrl, baseUrl, apiKey] = process.argv.slice(2);
if (!dataDir || !natsUrl || !baseUrl || !apiKey) {
  throw new Error('usage: hub-till-child.ts <dataDir> <natsUrl> <baseUrl> <apiKey>');
}
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const { engine } = await buildEngine(
  {
    dataDir,
    transport: 'web',
    version: 'crash-child',
    vault: new MemoryVault(),
    log: () => undefined,
  },
  {
    hub: { deviceName: 'Crash till', reconnectMs: 100 },
    http: { timeoutMs: 2000, baseDelayMs: 10 },
    // Until the key is given again, a checkout not yet in its mirror cannot be looked up.
    receiving: { recheckMs: 200 },
  },
);
engine.on('payment.received', (p) => say(`paid ${p.checkout_id}`));
await engine.call('hub.set', { url: natsUrl, role: 'till' });
const shop = (await engine.call('profiles.list', {})).profiles.find((p) => p.kind === 'live');
if (shop) {
  // The keychain of this process is new each time: the key is given again.
  await engine.call('key.set', { key: apiKey });
} else {
  const p = await engine.call('profiles.add', {
    name: 'Shop',
    base_url: `${baseUrl}/`,
    key: apiKey,
  });
  await engine.call('profiles.switch', { id: p.id });
}
say('ready');
