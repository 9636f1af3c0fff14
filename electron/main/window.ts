// The one console window: locked-down webPreferences, remembered size and position.
import { BrowserWindow, screen } from 'electron';
import { join } from 'node:path';
import {
  DEFAULT_SIZE,
  MIN_SIZE,
  loadWindowState,
  saveWindowState,
  type WindowState,
} from './window-state.ts';

export interface MainWindowOptions {
  userDataDir: string;
  preloadPath: string;
  /** app://console/index.html, or the dev server's URL. */
  pageUrl: string;
}

export const WINDOW_STATE_FILE = 'window-state.json';

/** Exported so the unit test can assert every setting. */
export function secureWebPreferences(preloadPath: string): Electron.WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

export function createMainWindow(opts: MainWindowOptions): BrowserWindow {
  const stateFile = join(opts.userDataDir, WINDOW_STATE_FILE);
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const saved = loadWindowState(stateFile, workAreas);
  const win = new BrowserWindow({
    ...(saved ? saved.bounds : DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Merchant Console',
    backgroundColor: '#f7f7f5',
    webPreferences: secureWebPreferences(opts.preloadPath),
  });
  if (saved?.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  const current = (): WindowState => ({
    // Normal bounds, so un-maximizing next time returns to the size the user chose.
    bounds: win.getNormalBounds(),
    maximized: win.isMaximized(),
  });
  let timer: NodeJS.Timeout | undefined;
  const saveSoon = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => saveWindowState(stateFile, current()), 500);
  };
  win.on('resize', saveSoon);
  win.on('move', saveSoon);
  win.on('close', () => {
    clearTimeout(timer);
    saveWindowState(stateFile, current());
  });

  void win.loadURL(opts.pageUrl);
  return win;
}
