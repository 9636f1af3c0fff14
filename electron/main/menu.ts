// The standard application menu: its Edit roles are what make copy, paste and select-all
// work in the window (and their shortcuts on macOS). Role items are worded by Electron in the
// system's language; the two labelled menus are worded here in the console's.
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { MAIN_WORDS, type Speech } from './i18n/index.ts';

type MenuWords = Pick<Speech, 'words'>;
const ENGLISH: MenuWords = { words: MAIN_WORDS.en };

export function appMenuTemplate(
  isMac: boolean,
  dev: boolean,
  s: MenuWords = ENGLISH,
): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (dev) view.unshift({ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' });
  return [
    ...(isMac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    {
      label: s.words.menuEdit,
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: s.words.menuView, submenu: view },
    { role: 'windowMenu' },
  ];
}

export function installAppMenu(isMac: boolean, dev: boolean, s: MenuWords = ENGLISH): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(isMac, dev, s)));
}
