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
import { ENGLISH_LOCALES, MAIN_WORDS, speechFor, type SystemLocales } from './i18n/index.ts';

export const HINT_FILE = 'closed-to-tray-hint';
/** The hint in English (the other languages: electron/main/i18n/). */
export const HINT_TEXT = MAIN_WORDS.en.hintBody;

export interface CloseToTrayOptions {
  engine: Engine;
  platform: NodeJS.Platform;
  userDataDir: string;
  /** True once Quit was chosen: the close then goes through. */
  quitting: () => boolean;
  /** The computer's languages, for the hint's words (settings.language 'system'). */
  locales?: SystemLocales;
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
        (s) => ({ keep: s.keep_receiving_when_closed, language: s.language }),
        // settings unreadable: keep receiving rather than drop payments
        () => ({ keep: true, language: 'system' as const }),
      )
      .then(({ keep, language }) => {
        if (win.isDestroyed()) return;
        if (!keep) {
          win.destroy(); // the last window gone: window-all-closed quits
          return;
        }
        win.hide();
        const { words } = speechFor(language, o.locales ?? ENGLISH_LOCALES);
        hintOnce(o.userDataDir, words.hintTitle, words.hintBody);
      })
      .finally(() => {
        deciding = false;
      });
  });
}

function hintOnce(userDataDir: string, title: string, body: string): void {
  const file = join(userDataDir, HINT_FILE);
  if (existsSync(file)) return;
  try {
    writeFileSync(file, new Date().toISOString(), { mode: 0o600 });
  } catch {
    // Not remembered: the hint may show again next time, which is harmless.
  }
  if (Notification.isSupported()) {
    new Notification({ title, body }).show();
  }
}
