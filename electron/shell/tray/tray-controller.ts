import { Menu, Tray, type NativeImage } from 'electron';
import type { AppApi } from '../../../shared/api';
import { iconImage } from './tray-icons';
import { trayMenuTemplate } from './tray-menu-template';
import { trayModel, type TrayAction, type TrayIcon, type TrayModel, type TrayPreferences } from './tray-model';
import { errorMessage } from '../../../shared/errors';

export interface TrayControllerOptions {
  api: AppApi;
  preferences: () => TrayPreferences;
  run: (action: TrayAction) => void;
  log: (line: string) => void;
  /** Receives each model (the end-to-end test reads it). */
  sink?: (model: TrayModel) => void;
}

export interface TrayController {
  /** Recomputes the tray from the core (coalesced: a burst of events makes one update). */
  refresh(): void;
  destroy(): void;
}

/** Events after which the tray may say something else. */
const EVENTS = ['serverState', 'decisionAdded', 'decisionSettled', 'configIssues', 'bridgeChanged'] as const;

export function createTrayController(options: TrayControllerOptions): TrayController {
  const icons: Record<TrayIcon, NativeImage> = { ok: iconImage(16, 'ok'), attention: iconImage(16, 'attention'), error: iconImage(16, 'error') };
  const tray = new Tray(icons.ok);
  tray.setToolTip('Connected Services');
  // Windows: a click opens the window, the menu is on the right button; macOS and Linux show the menu.
  if (process.platform === 'win32') tray.on('click', () => options.run({ type: 'open', route: { screen: 'catalog' } }));
  let scheduled = false;
  let destroyed = false;

  async function update(): Promise<void> {
    const [status, decisions, bridge] = await Promise.all([options.api.status({}), options.api.listDecisions({}), options.api.bridgeInfo({})]);
    if (destroyed) return;
    // One count of everything waiting: calls are listed in the menu (Allow / Deny), tool changes by server, the other kinds counted.
    const calls = decisions.flatMap((d) => (d.kind === 'call' ? [d.item] : []));
    const held = decisions.flatMap((d) => (d.kind === 'toolChange' ? [d.item] : []));
    const model = trayModel(status.servers, calls, bridge, options.preferences(), held, decisions.length - calls.length - held.length);
    tray.setImage(icons[model.icon]);
    tray.setToolTip(model.tooltip);
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(model.items, options.run)));
    options.sink?.(model);
  }

  const refresh = (): void => {
    if (scheduled || destroyed) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      update().catch((error: unknown) => options.log(`updating the tray failed: ${errorMessage(error)}`));
    }, 100);
  };
  const offs = EVENTS.map((event) => options.api.on(event, refresh));
  refresh();

  return {
    refresh,
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      for (const off of offs) off();
      tray.destroy();
    },
  };
}
