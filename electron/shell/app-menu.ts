import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu: editing (copy and paste need it on macOS) and window commands. Reload and
 * developer tools only when developer tools are on (an unpackaged app).
 */
export function appMenuTemplate(platform: NodeJS.Platform, options: { devTools: boolean }): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
    ...(options.devTools ? [{ type: 'separator' as const }, { role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
  ];
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' as const }] : [{ label: '&File', submenu: [{ role: 'close' as const }, { role: 'quit' as const }] }]),
    { role: 'editMenu' },
    { label: platform === 'darwin' ? 'View' : '&View', submenu: view },
    { role: 'windowMenu' },
  ];
}
