// The CLI as a user runs it: one JSON line when ready, a key that works, clean exits.
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, runCli } from './cli-process.ts';
import { tempDir } from './harness.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('sandbox CLI', () => {
  it('prints one JSON line, serves with its key, and exits 0 on SIGINT', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const run = runCli([
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data',
      dir,
      '--time-scale',
      '100',
    ]);
    const ready = await run.ready;
    expect(Object.keys(ready).sort()).toEqual([
      'api_key',
      'base_url',
      'checkout_page_base',
      'merchant_id',
    ]);
    expect(ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.checkout_page_base).toBe(ready.base_url);
    expect(ready.api_key).toMatch(/^sk_live_[0-9A-Za-z]{32,}$/);

    const res = await fetch(`${ready.base_url}/api-checkouts`, {
      method: 'POST',
      headers: { 'x-api-key': ready.api_key, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ name: 'CLI', amount: 1 }] }),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: { merchant_id: string } }).data.merchant_id).toBe(
      ready.merchant_id,
    );

    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
    expect(run.lines).toHaveLength(1);
    expect(run.stderr()).not.toContain(ready.api_key);
  });

  it('exits 0 on SIGTERM too', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const run = runCli(['--data', dir]);
    await run.ready;
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('--allow-private-webhooks lets a sandbox on 0.0.0.0 deliver to loopback', async () => {
    const register = async (args: string[]) => {
      const dir = tempDir();
      dirs.push(dir);
      const run = runCli(['--host', '0.0.0.0', '--data', dir, ...args]);
      const ready = await run.ready;
      const res = await fetch(`${ready.base_url}/api-webhooks`, {
        method: 'POST',
        headers: { 'x-api-key': ready.api_key, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'http://127.0.0.1:9/hook' }),
      });
      const body = (await res.json()) as { error?: { message: string } };
      run.child.kill('SIGTERM');
      expect(await run.exit).toBe(0);
      return { status: res.status, message: body.error?.message ?? '' };
    };
    const without = await register([]);
    expect(without.status).toBe(400);
    expect(without.message).toMatch(/loopback address.*--allow-private-webhooks/);
    expect((await register(['--allow-private-webhooks'])).status).toBe(201);
  });

  const bad: [string[], RegExp][] = [
    [['--allow-private-webhooks=yes'], /allow-private-webhooks/],
    [['--port', 'abc'], /--port/],
    [['--port', '70000'], /--port/],
    [['--port', '-1'], /--port/],
    [['--time-scale', '0'], /--time-scale/],
    [['--time-scale', 'fast'], /--time-scale/],
    [['--colour', 'red'], /colour/],
    [['--host', ''], /--host/],
    [['stray'], /stray|positional/i],
  ];
  it.each(bad)('%j → exit 2 with a clear message', (args, message) => {
    const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('Usage:');
    expect(r.stdout).toBe('');
  });
});
