import type { MenuItemConstructorOptions } from 'electron';
import type { TrayAction, TrayItem } from './tray-model';

/** `&` marks a keyboard mnemonic in menu labels on Windows and Linux; a name's own `&` is doubled. */
export function escapeMenuLabel(label: string): string {
  return label.replace(/&/g, '&&');
}

/** The tray model's items as an Electron menu template; each click hands its action to `run`. */
export function trayMenuTemplate(items: readonly TrayItem[], run: (action: TrayAction) => void): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    switch (item.kind) {
      case 'separator':
        return { type: 'separator' };
      case 'header':
        return { label: escapeMenuLabel(item.label), enabled: false };
      case 'action':
        return {
          label: escapeMenuLabel(item.label),
          enabled: item.enabled,
          ...(item.checked === undefined ? { type: 'normal' } : { type: 'checkbox', checked: item.checked }),
          click: () => run(item.action),
        };
    }
  });
}
