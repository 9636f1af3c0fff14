// The console's language (issue 23): a setting kept by the engine across restarts, and the
// computer's preferred languages and regional format, which only the transport can read,
// handed to the page through app.info.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../../../electron/core/index.ts';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import type { Engine } from '../../../../../electron/core/index.ts';
import { callError, openEngine, tempDir, type Harness } from './harness.ts';

const open: Harness[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('settings.language', () => {
  it('defaults to the system, is kept, and survives a restart of the engine', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const first = await openEngine({ dataDir, keepDir: true });
    expect((await first.engine.call('settings.get', {})).language).toBe('system');
    expect((await first.engine.call('settings.set', { language: 'de' })).language).toBe('de');
    await first.close();
    const again = await openEngine({ dataDir, keepDir: true });
    open.push(again);
    expect((await again.engine.call('settings.get', {})).language).toBe('de');
  });

  it('accepts the five languages and the pseudo-locale, and refuses any other', async () => {
    const h = await openEngine();
    open.push(h);
    for (const language of ['en', 'de', 'fr', 'es', 'ar', 'en-XA', 'system'] as const) {
      expect((await h.engine.call('settings.set', { language })).language).toBe(language);
    }
    const err = await callError(h.engine, 'settings.set', { language: 'pt' });
    expect(err.code).toBe('bad_input');
    expect(err.field).toBe('language');
    expect((await h.engine.call('settings.get', {})).language).toBe('system');
  });
});

describe('app.info locales', () => {
  let engine: Engine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('carries what the transport read from the system, read at each call', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    let languages = ['de-AT', 'en-US'];
    engine = await createEngine({
      dataDir,
      transport: 'electron',
      version: '0.0.0-test',
      vault: new MemoryVault(),
      systemLocales: () => ({ languages, regional: 'de-AT' }),
    });
    expect((await engine.call('app.info', {})).locales).toEqual({
      languages: ['de-AT', 'en-US'],
      regional: 'de-AT',
    });
    languages = ['fr-FR'];
    expect((await engine.call('app.info', {})).locales?.languages).toEqual(['fr-FR']);
  });

  it('is absent when the transport cannot know them (a browser asks navigator)', async () => {
    const h = await openEngine();
    open.push(h);
    expect((await h.engine.call('app.info', {})).locales).toBeUndefined();
  });

  it('drops what does not fit: too many, too long, or not a language tag', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    engine = await createEngine({
      dataDir,
      transport: 'electron',
      version: '0.0.0-test',
      vault: new MemoryVault(),
      systemLocales: () => ({
        languages: ['ar-EG', 'x'.repeat(100), 'not a tag!', ...Array(50).fill('es-ES')],
        regional: 'y'.repeat(100),
      }),
    });
    const info = await engine.call('app.info', {});
    expect(info.locales?.languages[0]).toBe('ar-EG');
    expect(info.locales?.languages).not.toContain('not a tag!');
    expect(info.locales?.languages.length).toBeLessThanOrEqual(32);
    expect(info.locales?.regional).toBe('');
  });
});
