// Issue 16 item 6: closing the window keeps the console receiving in the tray on Windows and
// Linux (setting on, the default), says once where it went, and closes for real on Quit, with
// the setting off, and on macOS (where the app stays in the Dock).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HINT_TEXT, closeToTray } from '../../../../electron/main/close-to-tray.ts';
import { createPaidTray } from '../../../../electron/main/tray.ts';
import { notifyVerifiedPayments } from '../../../../electron/main/notify.ts';
import { FakeBrowserWindow, FakeNotification, FakeTray, fake } from '../support/fake-electron.ts';
import { createTestEngine, samplePayment, type TestEngine } from '../support/test-engine.ts';

vi.mock('electron', async () => (await import('../support/fake-electron.ts')).electronModule);

let engine: TestEngine;
let dir: string;
beforeEach(() => {
  fake.reset();
  engine = createTestEngine();
  dir = mkdtempSync(join(tmpdir(), 'close-to-tray-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function windowFor(platform: NodeJS.Platform, quitting = { value: false }): FakeBrowserWindow {
  const win = new FakeBrowserWindow({ width: 800, height: 600 });
  closeToTray(win as unknown as BrowserWindow, {
    engine,
    platform,
    userDataDir: dir,
    quitting: () => quitting.value,
  });
  return win;
}

const hints = () => FakeNotification.shown.filter((n) => n.options.body === HINT_TEXT);

describe.each(['linux', 'win32'] as const)('closing the window on %s', (platform) => {
  it('hides it; the tray count and notifications go on; the hint shows once', async () => {
    const tray = createPaidTray(engine, { show: vi.fn(), quit: vi.fn() });
    const stopNotify = notifyVerifiedPayments(engine, vi.fn());
    const win = windowFor(platform);
    win.close();
    await vi.waitFor(() => expect(win.visible).toBe(false));
    expect(win.destroyed).toBe(false);
    expect(hints()).toHaveLength(1);

    engine.emit('payment.received', samplePayment());
    const icon = FakeTray.instances[0]!;
    await vi.waitFor(() => expect(icon.tooltip).toBe('Merchant Console: 1 payment today'));
    await vi.waitFor(() => expect(FakeNotification.shown.length).toBe(2));

    // Shown again and closed again: hidden again, no second hint.
    win.show();
    win.close();
    await vi.waitFor(() => expect(win.visible).toBe(false));
    expect(hints()).toHaveLength(1);
    stopNotify();
    tray.destroy();
  });

  it('closes for real once Quit was chosen', () => {
    const quitting = { value: false };
    const win = windowFor(platform, quitting);
    quitting.value = true;
    win.close();
    expect(win.destroyed).toBe(true);
    expect(hints()).toHaveLength(0);
  });

  it('closes for real when "Keep receiving payments when the window is closed" is off', async () => {
    engine.keepReceiving = false;
    const win = windowFor(platform);
    win.close();
    await vi.waitFor(() => expect(win.destroyed).toBe(true));
    expect(hints()).toHaveLength(0);
  });
});

it('on macOS the window closes and the app stays in the Dock (no tray hiding)', () => {
  const win = windowFor('darwin');
  win.close();
  expect(win.destroyed).toBe(true);
  expect(hints()).toHaveLength(0);
});
