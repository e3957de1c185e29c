import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { appMenuTemplate } from './app-menu';

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [...(item.role ? [item.role] : []), ...(Array.isArray(item.submenu) ? roles(item.submenu) : [])]);
}

describe('appMenuTemplate', () => {
  it('has no reload or developer tools in a packaged app', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const all = roles(appMenuTemplate(platform, { devTools: false }));
      expect(all).toContain('editMenu');
      expect(all.some((role) => /reload|devtools/i.test(role))).toBe(false);
    }
  });

  it('adds them for development, and the app menu on macOS only', () => {
    expect(roles(appMenuTemplate('linux', { devTools: true }))).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
    expect(roles(appMenuTemplate('darwin', { devTools: false }))).toContain('appMenu');
    expect(roles(appMenuTemplate('win32', { devTools: false }))).not.toContain('appMenu');
  });
});
