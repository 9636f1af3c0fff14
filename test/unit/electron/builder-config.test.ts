// The electron-builder configuration ("build" in package.json) is valid for electron-builder's
// own schema, targets the three platforms and hardens every fuse. Nothing is packaged here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const pkg = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
) as {
  build: Record<string, unknown> & { electronFuses: Record<string, boolean> };
};

describe('electron-builder config', () => {
  it("passes electron-builder's schema", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration: (config: unknown, logger: unknown) => Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as {
      DebugLogger: new (enabled: boolean) => unknown;
    };
    await expect(validateConfiguration(pkg.build, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(
      validateConfiguration({ ...pkg.build, nonsense: 1 }, new DebugLogger(false)),
    ).rejects.toThrow();
  });

  it('hardens the fuses', () => {
    expect(pkg.build.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('builds AppImage and deb, a hardened-runtime dmg, and an NSIS installer', () => {
    expect(pkg.build).toMatchObject({
      linux: { target: ['AppImage', 'deb'] },
      mac: { target: ['dmg'], hardenedRuntime: true },
      win: { target: ['nsis'] },
      asar: true,
    });
    // keytar is a native addon: it cannot be loaded from inside the asar archive.
    expect(pkg.build.asarUnpack).toContain('**/node_modules/keytar/**');
  });
});
