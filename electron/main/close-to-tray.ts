// Closing the window need not stop the shop's payments (issue 16 item 6). On Windows and
// Linux, with "Keep receiving payments when the window is closed" on (the default), a close
// only hides the window: the engine, the tray's paid count and a notification per verified
// payment go on. On macOS the app already stays in the Dock when its window closes, so a
// close there closes. Quit (tray, menu, Cmd/Ctrl+Q) sets `quitting` and closes for real.
// The first close that hides says once, in a notification, where the console went.
import { Notification, type BrowserWindow } from 'electron';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../core/index.ts';

export const HINT_FILE = 'closed-to-tray-hint';
export const HINT_TEXT =
  'Merchant Console keeps receiving payments in the tray. Open it from the tray icon; Quit there stops it.';

export interface CloseToTrayOptions {
  engine: Engine;
  platform: NodeJS.Platform;
  userDataDir: string;
  /** True once Quit was chosen: the close then goes through. */
  quitting: () => boolean;
}

/** Makes `win`'s close hide it instead, while the setting is on (not on macOS). */
export function closeToTray(win: BrowserWindow, o: CloseToTrayOptions): void {
  if (o.platform === 'darwin') return;
  let deciding = false;
  win.on('close', (event) => {
    if (o.quitting() || deciding) return;
    // The setting lives in the engine (async); the close waits for it.
    event.preventDefault();
    deciding = true;
    o.engine
      .call('settings.get', {})
      .then(
        (s) => s.keep_receiving_when_closed,
        () => true, // settings unreadable: keep receiving rather than drop payments
      )
      .then((keep) => {
        if (win.isDestroyed()) return;
        if (!keep) {
          win.destroy(); // the last window gone: window-all-closed quits
          return;
        }
        win.hide();
        hintOnce(o.userDataDir);
      })
      .finally(() => {
        deciding = false;
      });
  });
}

function hintOnce(userDataDir: string): void {
  const file = join(userDataDir, HINT_FILE);
  if (existsSync(file)) return;
  try {
    writeFileSync(file, new Date().toISOString(), { mode: 0o600 });
  } catch {
    // Not remembered: the hint may show again next time, which is harmless.
  }
  if (Notification.isSupported()) {
    new Notification({ title: 'Still receiving payments', body: HINT_TEXT }).show();
  }
}
