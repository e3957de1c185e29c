import { describe, expect, it, vi } from 'vitest';
import type { TrayAction } from './tray-model';
import { escapeMenuLabel, trayMenuTemplate } from './tray-menu-template';

describe('trayMenuTemplate', () => {
  it('turns headers, separators and actions into menu items that run their action', () => {
    const run = vi.fn<(action: TrayAction) => void>();
    const template = trayMenuTemplate(
      [
        { kind: 'header', label: '1 of 2 services ready' },
        { kind: 'separator' },
        { kind: 'action', label: 'Sign in again to R&D', action: { type: 'reauthorize', server: 'rnd' }, enabled: true },
        { kind: 'action', label: 'Pause bridge', action: { type: 'set-bridge-paused', paused: true }, enabled: false, checked: false },
      ],
      run,
    );
    expect(template[0]).toEqual({ label: '1 of 2 services ready', enabled: false });
    expect(template[1]).toEqual({ type: 'separator' });
    expect(template[2]).toMatchObject({ label: 'Sign in again to R&&D', enabled: true, type: 'normal' });
    expect(template[3]).toMatchObject({ label: 'Pause bridge', enabled: false, type: 'checkbox', checked: false });
    const click = template[2]?.click as () => void;
    click();
    expect(run).toHaveBeenCalledWith({ type: 'reauthorize', server: 'rnd' });
  });

  it('escapes mnemonics', () => {
    expect(escapeMenuLabel('A & B && C')).toBe('A && B &&&& C');
  });
});
