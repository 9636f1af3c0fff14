import { describe, expect, it } from 'vitest';
import { EngineError } from '#shared/errors.ts';
import {
  KeytarVault,
  MemoryVault,
  accounts,
  checkKeyShape,
  isKeyShape,
  maskKey,
  redact,
} from '../../../../../electron/core/vault/index.ts';
import type { KeytarLike } from '../../../../../electron/core/vault/index.ts';

describe('key shape and masking', () => {
  it('accepts <prefix>_live_<rest> and nothing else', () => {
    expect(isKeyShape('sk_live_abcd1234')).toBe(true);
    expect(isKeyShape('pk_live_a-b_c1234')).toBe(true);
    for (const bad of [
      'sk_test_abcd1234',
      'sk_live_',
      'live_abcd',
      'sk_live_ab',
      'sk live_abcd',
      '',
    ]) {
      expect(isKeyShape(bad)).toBe(false);
    }
  });

  it('checkKeyShape trims, or throws validation_error on field key without echoing it', () => {
    expect(checkKeyShape('  sk_live_abcd1234\n')).toBe('sk_live_abcd1234');
    try {
      checkKeyShape('not-a-key-SECRETISH');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
      expect((e as EngineError).code).toBe('validation_error');
      expect((e as EngineError).field).toBe('key');
      expect((e as EngineError).message).not.toContain('SECRETISH');
    }
  });

  it('masks to the prefix and the last 4 characters', () => {
    expect(maskKey('sk_live_0123456789ab1a2b')).toBe('sk_live_••••1a2b');
    expect(maskKey('garbage')).toBe('••••');
  });

  it('redacts the given secret and anything key-shaped', () => {
    const out = redact('k=sk_live_SECRET1234 s=whsec_abc/def= x=PLAIN', 'PLAIN');
    expect(out).toBe('k=sk_live_••••1234 s=whsec_[redacted] x=[redacted]');
  });

  it('names one account per profile and purpose', () => {
    expect(accounts.apiKey('sandbox')).toBe('profile:sandbox:api-key');
    expect(accounts.webhookSecret('p1')).toBe('profile:p1:webhook-secret');
  });
});

describe('MemoryVault', () => {
  it('sets, reads, replaces and deletes', async () => {
    const v = new MemoryVault();
    expect(await v.availability()).toBeNull();
    await v.set('a', '1');
    await v.set('a', '2');
    expect(await v.get('a')).toBe('2');
    expect(await v.delete('a')).toBe(true);
    expect(await v.get('a')).toBeNull();
  });

  it('simulates a machine without a keychain', async () => {
    const v = new MemoryVault({ unavailable: 'no keychain here' });
    expect(await v.availability()).toBe('no keychain here');
    await expect(v.set('a', '1')).rejects.toMatchObject({ code: 'keychain_unavailable' });
  });
});

describe('KeytarVault without a usable keychain', () => {
  it('a missing native module becomes a plain-words problem, not a crash', async () => {
    const v = new KeytarVault({
      load: () => Promise.reject(new Error('Cannot find module keytar.node')),
      platform: 'linux',
    });
    const problem = await v.availability();
    expect(problem).toContain('could not be loaded');
    expect(problem).toContain('GNOME Keyring (libsecret)');
    await expect(v.get('x')).rejects.toMatchObject({ code: 'keychain_unavailable' });
  });

  it('keytar left out by npm install (its build failed) says how to add it later', async () => {
    const v = new KeytarVault({
      // What Node's import() throws when the optional package is not in node_modules.
      load: () =>
        Promise.reject(
          Object.assign(new Error("Cannot find package 'keytar' imported from /app/x.js"), {
            code: 'ERR_MODULE_NOT_FOUND',
          }),
        ),
      platform: 'linux',
    });
    const problem = await v.availability();
    expect(problem).toContain('(keytar) is not installed');
    expect(problem).toContain('sudo apt install libsecret-1-dev build-essential python3');
    expect(problem).toContain('run `npm install` again');
    expect(problem).not.toContain('npm rebuild');
    await expect(v.set('x', 'sk_live_abc')).rejects.toMatchObject({
      code: 'keychain_unavailable',
    });
  });

  it('no Secret Service on Linux says how to fix it', async () => {
    const broken: KeytarLike = {
      getPassword: () =>
        Promise.reject(new Error('The name org.freedesktop.secrets was not provided')),
      setPassword: () => Promise.reject(new Error('no')),
      deletePassword: () => Promise.reject(new Error('no')),
    };
    const v = new KeytarVault({ load: async () => broken, platform: 'linux' });
    const problem = await v.availability();
    expect(problem).toContain('No OS keychain is reachable');
    expect(problem).toContain('org.freedesktop.secrets');
    expect(problem).toContain('install and unlock a Secret Service'.replace('install', 'Install'));
    expect(problem).toContain('plain text');
  });

  it('a keychain that never answers (locked, waiting on a prompt) times out', async () => {
    const stuck: KeytarLike = {
      getPassword: () => new Promise(() => undefined),
      setPassword: () => new Promise(() => undefined),
      deletePassword: () => new Promise(() => undefined),
    };
    const v = new KeytarVault({ load: async () => stuck, probeTimeoutMs: 50, platform: 'darwin' });
    expect(await v.availability()).toContain('Unlock your login keychain');
  });

  // Issue 16: a Secret Service collection locked while the console runs can leave a keytar
  // call waiting forever (seen with gnome-keyring and no prompter). Broken on purpose: guard()
  // without its timeout makes this test time out instead of getting keychain_locked.
  it('a call that never answers after the keychain worked is keychain_locked, then recovers', async () => {
    let stuck = false;
    const fake: KeytarLike = {
      getPassword: (_s, a) =>
        stuck && a !== 'probe:availability'
          ? new Promise(() => undefined)
          : Promise.resolve(a === 'probe:availability' ? null : 'sk_live_SECRETSECRET'),
      setPassword: async () => undefined,
      deletePassword: async () => true,
    };
    const v = new KeytarVault({ load: async () => fake, callTimeoutMs: 50 });
    expect(await v.get('profile:x:api-key')).toBe('sk_live_SECRETSECRET');
    stuck = true;
    const err = await v.get('profile:x:api-key').catch((e: unknown) => e);
    expect((err as EngineError).code).toBe('keychain_locked');
    expect((err as EngineError).message).toMatch(
      /^Unlock your keychain: it stopped answering \(no answer within 50 ms\)/,
    );
    expect(v.locked()).toBe(true);
    stuck = false;
    expect(await v.get('profile:x:api-key')).toBe('sk_live_SECRETSECRET');
    expect(v.locked()).toBe(false);
  });

  it('works through a keytar-like module and recovers after a failure', async () => {
    const store = new Map<string, string>();
    let down = false;
    const fake: KeytarLike = {
      getPassword: async (s, a) => {
        if (down) throw new Error('locked');
        return store.get(`${s}|${a}`) ?? null;
      },
      setPassword: async (s, a, p) => {
        if (down) throw new Error(`cannot store ${p}`);
        store.set(`${s}|${a}`, p);
      },
      deletePassword: async (s, a) => store.delete(`${s}|${a}`),
    };
    const v = new KeytarVault({ load: async () => fake });
    await v.set('profile:x:api-key', 'sk_live_SECRETSECRET');
    expect(store.get('Merchant Console|profile:x:api-key')).toBe('sk_live_SECRETSECRET');
    down = true;
    const err = await v.set('profile:x:api-key', 'sk_live_SECRET2SECRET').catch((e: unknown) => e);
    expect((err as EngineError).code).toBe('keychain_locked'); // it worked before: locked, not missing
    expect((err as EngineError).message).not.toContain('SECRET2SECRET');
    expect(await v.availability()).toContain('locked');
    down = false;
    expect(await v.availability()).toBeNull();
    expect(await v.get('profile:x:api-key')).toBe('sk_live_SECRETSECRET');
  });
});
