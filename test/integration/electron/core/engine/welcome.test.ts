// app.info.welcome: the engine says whether the console's data has an account in use, so a
// second screen in a new browser never opens on Welcome (issue 22 §1). A switch to the
// account already in use changes nothing (it used to restart the receiver).
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openEngine, tempDir } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const welcome = async (x: Harness) => (await x.engine.call('app.info', {})).welcome;

describe('app.info.welcome', () => {
  it('is true for new data, and false for good once the sandbox is chosen (across a restart)', async () => {
    dir = tempDir();
    h = await openEngine({ dataDir: dir, keepDir: true });
    expect(await welcome(h)).toBe(true);
    const before = h.engine.receiverUrl();
    // "Try the sandbox" on the sandbox in use: chosen, and the receiver keeps running.
    const list = await h.engine.call('profiles.switch', { id: 'sandbox' });
    expect(list.active_id).toBe('sandbox');
    expect(h.engine.receiverUrl()).toBe(before);
    expect(await welcome(h)).toBe(false);
    await h.close();
    h = await openEngine({ dataDir: dir, keepDir: true });
    expect(await welcome(h)).toBe(false);
  });

  it('is false once a live account exists, and stays false after it is removed', async () => {
    h = await openEngine();
    const p = await h.engine.call('profiles.add', {
      name: 'Corner Bakery',
      base_url: 'https://api.example.com',
    });
    expect(await welcome(h)).toBe(false);
    await h.engine.call('profiles.remove', { id: p.id });
    expect(await welcome(h)).toBe(false);
  });

  it('is false for data that already has checkouts (a console used before this flag)', async () => {
    h = await openEngine();
    await h.engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 4.5 }] });
    expect(await welcome(h)).toBe(false);
  });

  it('is false when the console was started with a profile named (--profile sandbox)', async () => {
    h = await openEngine({ profile: 'sandbox' });
    expect(await welcome(h)).toBe(false);
  });
});
