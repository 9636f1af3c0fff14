// Issue 16 item 6 in the real app: on Windows and Linux a window close hides the window and
// the console keeps receiving; the tray's Quit (app.quit) ends it. Runs where the Electron
// binary is installed; elsewhere it skips and says how to install it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { MerchantApi } from '#shared/contract.ts';
import { electronSkipReason, launchApp } from './electron-app.ts';

const skipReason =
  electronSkipReason() ??
  (process.platform === 'darwin' ? 'macOS keeps the app in the Dock instead' : null);
test.skip(skipReason !== null, skipReason ?? '');

test('closing the window keeps the console receiving; Quit stops it', async () => {
  const userData = mkdtempSync(join(tmpdir(), 'electron-close-'));
  const { app, page } = await launchApp(userData);
  try {
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close());
    await expect
      .poll(() =>
        app.evaluate(({ BrowserWindow }) =>
          BrowserWindow.getAllWindows().map((w) => w.isVisible()),
        ),
      )
      .toEqual([false]);
    // Still running: the hidden page's engine answers, and its receiver listens.
    const status = await page.evaluate(() =>
      (globalThis as unknown as { merchant: MerchantApi }).merchant.receiver.status(),
    );
    expect(status.listening).toBe(true);
    const closed = new Promise<void>((resolve) => app.process().once('exit', () => resolve()));
    await app.evaluate(({ app: a }) => a.quit());
    await closed;
  } finally {
    await app.close().catch(() => undefined);
    rmSync(userData, { recursive: true, force: true });
  }
});
