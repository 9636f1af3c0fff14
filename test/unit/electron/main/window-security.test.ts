// The window's security settings, navigation/window.open/permission denial, CSP headers,
// the app:// protocol, and the remembered window size and position.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_ORIGIN,
  appProtocolResponse,
  registerAppProtocol,
} from '../../../../electron/main/app-protocol.ts';
import {
  APP_CSP,
  DEV_CSP,
  hardenContents,
  hardenSession,
  trustedUrlCheck,
} from '../../../../electron/main/security.ts';
import {
  WINDOW_STATE_FILE,
  createMainWindow,
  secureWebPreferences,
} from '../../../../electron/main/window.ts';
import type { FakeBrowserWindow } from '../support/fake-electron.ts';
import { FakeWebContents, fake } from '../support/fake-electron.ts';

vi.mock('electron', async () => (await import('../support/fake-electron.ts')).electronModule);

let dir: string;
beforeEach(() => {
  fake.reset();
  dir = mkdtempSync(join(tmpdir(), 'electron-window-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const isTrusted = trustedUrlCheck(APP_ORIGIN, undefined);

describe('BrowserWindow', () => {
  it('is created locked down, with the preload, and loads the console page', () => {
    const win = createMainWindow({
      userDataDir: dir,
      preloadPath: '/app/preload/index.cjs',
      pageUrl: 'app://console/index.html',
    }) as unknown as FakeBrowserWindow;
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toEqual(secureWebPreferences('/app/preload/index.cjs'));
    expect(prefs).toMatchObject({
      preload: '/app/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(win.loadedUrl).toBe('app://console/index.html');
    expect(win.options).toMatchObject({ width: 1200, height: 800, minWidth: 900, minHeight: 600 });
  });

  it('keeps its size and position in userData and restores them', () => {
    const first = createMainWindow({
      userDataDir: dir,
      preloadPath: 'p',
      pageUrl: 'app://console/index.html',
    }) as unknown as FakeBrowserWindow;
    first.bounds = { x: 200, y: 100, width: 1000, height: 700 };
    first.maximized = true;
    first.emit('close');
    expect(JSON.parse(readFileSync(join(dir, WINDOW_STATE_FILE), 'utf8'))).toEqual({
      bounds: { x: 200, y: 100, width: 1000, height: 700 },
      maximized: true,
    });
    const second = createMainWindow({
      userDataDir: dir,
      preloadPath: 'p',
      pageUrl: 'app://console/index.html',
    }) as unknown as FakeBrowserWindow;
    expect(second.options).toMatchObject({ x: 200, y: 100, width: 1000, height: 700 });
    expect(second.maximized).toBe(true);
  });

  it('ignores a saved position off every display, or a corrupt file', () => {
    writeFileSync(
      join(dir, WINDOW_STATE_FILE),
      JSON.stringify({ bounds: { x: 5000, y: 5000, width: 1000, height: 700 }, maximized: false }),
    );
    const off = createMainWindow({
      userDataDir: dir,
      preloadPath: 'p',
      pageUrl: 'x',
    }) as unknown as FakeBrowserWindow;
    expect(off.options.x).toBeUndefined();
    writeFileSync(join(dir, WINDOW_STATE_FILE), '{not json');
    const bad = createMainWindow({
      userDataDir: dir,
      preloadPath: 'p',
      pageUrl: 'x',
    }) as unknown as FakeBrowserWindow;
    expect(bad.options).toMatchObject({ width: 1200, height: 800 });
  });
});

describe('web contents', () => {
  it('denies navigation away from the console, window.open and <webview>', () => {
    const contents = new FakeWebContents('app://console/index.html');
    hardenContents(contents as never, isTrusted);
    expect(contents.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.fire('will-navigate', 'app://console/index.html')).toBe(false);
    expect(contents.fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-attach-webview', {}, {})).toBe(true);
    expect(contents.windowOpenHandler?.({ url: 'https://pay.example/pay/1' })).toEqual({
      action: 'deny',
    });
  });

  it('trusts only the app:// origin, or only the dev server in development', () => {
    expect(isTrusted('app://console/index.html')).toBe(true);
    expect(isTrusted('app://console')).toBe(true);
    for (const url of [
      'app://other/index.html',
      'file:///app/index.html',
      'http://localhost:5173/',
      'not a url',
    ]) {
      expect(isTrusted(url), url).toBe(false);
    }
    const dev = trustedUrlCheck(APP_ORIGIN, 'http://localhost:5173/');
    expect(dev('http://localhost:5173/index.html')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
    expect(dev('app://console/index.html')).toBe(false);
  });
});

describe('session', () => {
  beforeEach(() => hardenSession(fake.session as never, APP_CSP, isTrusted));

  it('denies every permission request except clipboard writes from the console', () => {
    const page = new FakeWebContents('app://console/index.html');
    const answer = (permission: string, requestingUrl: string): boolean => {
      let granted: boolean | undefined;
      fake.session.permissionRequestHandler!(page, permission, (g: boolean) => (granted = g), {
        requestingUrl,
      });
      return granted!;
    };
    for (const p of [
      'geolocation',
      'media',
      'notifications',
      'openExternal',
      'clipboard-read',
      'hid',
      'midi',
    ]) {
      expect(answer(p, 'app://console/index.html'), p).toBe(false);
    }
    expect(answer('clipboard-sanitized-write', 'app://console/index.html')).toBe(true);
    expect(answer('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(fake.session.permissionCheckHandler!(page, 'geolocation', 'app://console')).toBe(false);
    expect(
      fake.session.permissionCheckHandler!(page, 'clipboard-sanitized-write', 'app://console'),
    ).toBe(true);
  });

  it('adds the strict CSP and nosniff to every response', () => {
    let result: { responseHeaders: Record<string, string[]> } | undefined;
    fake.session.headersHandler!(
      { responseHeaders: { 'Content-Type': ['text/html'] } },
      (r) => (result = r as typeof result),
    );
    expect(result?.responseHeaders['Content-Security-Policy']).toEqual([APP_CSP]);
    expect(result?.responseHeaders['X-Content-Type-Options']).toEqual(['nosniff']);
    expect(result?.responseHeaders['Content-Type']).toEqual(['text/html']);
    for (const part of [
      "default-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(APP_CSP).toContain(part);
      expect(DEV_CSP).toContain(part);
    }
    expect(APP_CSP).not.toContain('unsafe');
  });
});

describe('app:// protocol', () => {
  it('serves the renderer with the CSP and never a file outside it', async () => {
    const build = join(dir, 'renderer');
    mkdirSync(join(build, 'assets'), { recursive: true });
    writeFileSync(join(build, 'index.html'), '<title>app</title>');
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    registerAppProtocol(fake.session.protocol as never, build);
    const handler = fake.session.protocol.handlers.get('app')!;
    const page = await handler({ url: 'app://console/index.html' });
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<title>app</title>');
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const url of [
      'app://console/../secret.txt',
      'app://console/%2e%2e/secret.txt',
      'app://other/index.html',
      'app://console/missing.js',
    ]) {
      const res = await appProtocolResponse(build, url);
      expect(res.status, url).toBe(404);
    }
  });
});
