// The standard application menu: its Edit roles are what make copy, paste and select-all
// work in the window (and their shortcuts on macOS).
import { Menu, type MenuItemConstructorOptions } from 'electron';

export function appMenuTemplate(isMac: boolean, dev: boolean): MenuItemConstructorOptions[] {
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
      label: 'Edit',
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
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}

export function installAppMenu(isMac: boolean, dev: boolean): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(isMac, dev)));
}
