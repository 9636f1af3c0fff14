// Electron entry: app lifecycle around the engine. Everything with logic lives in the
// small modules beside this one; this file only wires them together.
import { BrowserWindow, app, dialog, protocol, session, shell } from 'electron';
import { join } from 'node:path';
import { APP_DIR_NAME } from '../common/app-dir.ts';
import { createEngine, serveScreens, type Engine } from '../core/index.ts';
import {
  APP_INDEX_URL,
  APP_ORIGIN,
  APP_SCHEME_PRIVILEGES,
  registerAppProtocol,
} from './app-protocol.ts';
import { registerIpc, type IpcBridge } from './ipc.ts';
import { mainWords } from './i18n/index.ts';
import { installAppMenu } from './menu.ts';
import { notifyVerifiedPayments } from './notify.ts';
import { watchPower } from './power.ts';
import { closeToTray } from './close-to-tray.ts';
import { safeOpenExternal } from './open-external.ts';
import { savePdfFrom } from './save-pdf.ts';
import { APP_CSP, DEV_CSP, hardenContents, hardenSession, trustedUrlCheck } from './security.ts';
import { createPaidTray, type PaidTray } from './tray.ts';
import { createMainWindow } from './window.ts';
import { errorMessage } from '#shared/error-message.ts';

const DEV_URL = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const RENDERER_DIR = join(import.meta.dirname, '../renderer');
const PRELOAD_PATH = join(import.meta.dirname, '../preload/index.cjs');
const isTrustedUrl = trustedUrlCheck(APP_ORIGIN, DEV_URL);

// The same folder `npm run serve` uses by default, whatever the packaged product name is;
// an explicit --user-data-dir (tests, a second profile) wins.
if (!app.commandLine.hasSwitch('user-data-dir')) {
  app.setPath('userData', join(app.getPath('appData'), APP_DIR_NAME));
}
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();
app.on('web-contents-created', (_event, contents) => hardenContents(contents, isTrustedUrl));

let engine: Engine | null = null;
let ipc: IpcBridge | null = null;
let tray: PaidTray | null = null;
let stopNotify: (() => void) | null = null;
let stopPower: (() => void) | null = null;
/** Quit was chosen: a window close then closes instead of hiding to the tray. */
let quitting = false;
let win: BrowserWindow | null = null;
let closed = false;

/** The computer's languages and regional format: main's words follow them for 'system'. */
const systemLocales = () => ({
  languages: app.getPreferredSystemLanguages(),
  regional: app.getSystemLocale(),
});
const isMac = process.platform === 'darwin';

/** The tray and the menu in the console's language, again after it changed in Settings. */
async function speakAgain(): Promise<void> {
  if (!engine) return;
  await tray?.refresh();
  installAppMenu(isMac, DEV_URL !== undefined, await mainWords(engine, systemLocales));
}

function openWindow(): BrowserWindow {
  const next = createMainWindow({
    userDataDir: app.getPath('userData'),
    preloadPath: PRELOAD_PATH,
    pageUrl: DEV_URL ?? APP_INDEX_URL,
  });
  ipc?.attach(next.webContents);
  next.on('closed', () => {
    if (win === next) win = null;
  });
  if (engine) {
    closeToTray(next, {
      engine,
      platform: process.platform,
      userDataDir: app.getPath('userData'),
      quitting: () => quitting,
      locales: systemLocales,
    });
  }
  return next;
}

function showWindow(): void {
  if (!app.isReady() || engine === null) return;
  if (win === null || win.isDestroyed()) {
    win = openWindow();
    return;
  }
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession, DEV_URL ? DEV_CSP : APP_CSP, isTrustedUrl);
  registerAppProtocol(session.defaultSession.protocol, RENDERER_DIR);
  installAppMenu(isMac, DEV_URL !== undefined);
  const created: Engine = await createEngine({
    dataDir: app.getPath('userData'),
    transport: 'electron',
    version: app.getVersion(),
    openExternal: safeOpenExternal((url) => shell.openExternal(url)),
    // Day → Save as PDF: the window's printed report, to a file the user picks.
    savePdf: savePdfFrom({
      window: () => win,
      showSaveDialog: (w, options) => dialog.showSaveDialog(w, options),
      folder: () => app.getPath('documents'),
    }),
    // `npm run serve` refused on this folder: come to the front, as for a second app.
    onSecondStart: showWindow,
    // The page picks its language and number format from these (docs/console.md).
    systemLocales,
  });
  engine = created;
  // Settings → Other screens: paired tablets and phones load this same build from a listener
  // of this engine (the browser transport's code); engine.close() stops it. A failure to
  // serve them is shown in Settings, and does not keep the console from starting.
  await serveScreens(created, { staticDir: RENDERER_DIR }).catch((err: unknown) =>
    console.error('Other screens could not start:', errorMessage(err)),
  );
  ipc = registerIpc({
    engine: created,
    isTrustedUrl,
    onCalled: (channel, input) => {
      if (channel === 'settings.set' && typeof input === 'object' && input && 'language' in input)
        void speakAgain();
    },
  });
  win = openWindow();
  tray = createPaidTray(created, { show: showWindow, quit: () => app.quit() }, systemLocales);
  stopNotify = notifyVerifiedPayments(created, showWindow, systemLocales);
  void speakAgain();
  stopPower = watchPower(created);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) showWindow();
  });
}

if (!app.requestSingleInstanceLock()) {
  // Another console already owns the data folder and the receiver port: hand over to it.
  app.quit();
} else {
  app.on('second-instance', showWindow);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // The engine flushes its store and stops the receiver before the process exits.
  app.on('before-quit', (event) => {
    quitting = true;
    if (closed || engine === null) return;
    event.preventDefault();
    closed = true;
    stopNotify?.();
    stopPower?.();
    tray?.destroy();
    ipc?.dispose();
    engine
      .close()
      .catch((err: unknown) => console.error('engine close failed:', err))
      .finally(() => app.quit());
  });
  // A terminal's Ctrl+C or a service manager's stop goes through the same clean shutdown.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit());
  start().catch((err: unknown) => {
    const message = errorMessage(err);
    dialog.showErrorBox('Merchant Console could not start', message);
    app.exit(1);
  });
}
