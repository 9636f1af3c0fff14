// The launcher's decisions: when out/ must be rebuilt, when Electron's binary counts as
// installed, how a failed download reads, and whether a browser can be opened.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, staleReason } from '../../../../scripts/launch/build-if-stale.ts';
import { failureReason, installedElectron } from '../../../../scripts/launch/electron-binary.ts';
import { hasDisplay, openerCommand } from '../../../../scripts/launch/open-browser.ts';

const dirs: string[] = [];
function tempTree(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'mc-launch-'));
  dirs.push(root);
  for (const f of files) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), 'x');
  }
  return root;
}
function setAge(root: string, file: string, secondsAgo: number): void {
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(join(root, file), t, t);
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('staleReason', () => {
  const sources = ['renderer/src/App.tsx', 'electron/main/index.ts', 'package.json'];

  it('asks for a build when an output is missing', () => {
    const root = tempTree(sources);
    expect(staleReason(root)).toBe('out/main/index.js is missing');
  });

  it('is fresh when every output is newer than every source', () => {
    const root = tempTree([...sources, ...BUILD_OUTPUTS]);
    for (const s of sources) setAge(root, s, 100);
    expect(staleReason(root)).toBeNull();
  });

  it('sees a source edited after the build, however deep', () => {
    const root = tempTree([...sources, ...BUILD_OUTPUTS, 'renderer/src/features/x/Deep.tsx']);
    for (const s of [...sources, 'renderer/src/features/x/Deep.tsx']) setAge(root, s, 100);
    for (const o of BUILD_OUTPUTS) setAge(root, o, 50);
    expect(staleReason(root)).toBeNull();
    setAge(root, 'renderer/src/features/x/Deep.tsx', 10);
    expect(staleReason(root)).toBe('renderer changed');
  });
});

describe('installedElectron', () => {
  it('needs path.txt and the executable it names', () => {
    const pkg = tempTree(['package.json']);
    expect(installedElectron(pkg, {})).toBeNull();
    writeFileSync(join(pkg, 'path.txt'), 'electron');
    expect(installedElectron(pkg, {})).toBeNull();
    mkdirSync(join(pkg, 'dist'));
    writeFileSync(join(pkg, 'dist', 'electron'), '');
    expect(installedElectron(pkg, {})).toBe(join(pkg, 'dist', 'electron'));
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH', () => {
    const pkg = tempTree(['package.json']);
    const dist = tempTree(['electron']);
    expect(installedElectron(pkg, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toBe(
      join(dist, 'electron'),
    );
  });
});

describe('failureReason', () => {
  it('turns a stack trace into one plain reason', () => {
    const trace = 'TypeError: fetch failed\n    at node:internal/deps/undici:13502:13\n';
    expect(failureReason(trace)).toBe('its download server could not be reached');
    expect(failureReason('Error: getaddrinfo ENOTFOUND github.com\n    at x')).toMatch(/no DNS/);
    expect(failureReason('HTTPError: Response code 404 (Not Found) for http://m/x.zip')).toBe(
      'its download server answered 404',
    );
    expect(failureReason('Error: something odd\n    at y (z.js:1:1)')).toBe('something odd');
  });
});

describe('opening a browser', () => {
  it('opens only where a display is', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('darwin', {})).toBe(true);
    const yes = (): boolean => true;
    expect(openerCommand('http://a/', 'linux', {}, yes)).toBeNull();
    expect(openerCommand('http://a/', 'linux', { DISPLAY: ':0' }, yes)).toEqual([
      'xdg-open',
      'http://a/',
    ]);
    expect(openerCommand('http://a/', 'linux', { DISPLAY: ':0' }, () => false)).toBeNull();
    expect(openerCommand('http://a/#t=1', 'darwin', {}, yes)).toEqual(['open', 'http://a/#t=1']);
  });
});
