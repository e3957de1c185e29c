import { app, clipboard } from 'electron';
import { setOpenAtLogin } from './open-at-login';
import { log, message, showWindow, type ShellState } from './shell-state';
import type { TrayAction } from './tray/tray-model';

/** Does what the person picked in the tray menu. */
export function runTrayAction(shell: ShellState, action: TrayAction): void {
  switch (action.type) {
    case 'open':
      showWindow(shell, action.route);
      return;
    case 'connect':
    case 'reauthorize':
      // The service's screen shows the sign-in going on (a device code, the browser it waits for).
      showWindow(shell, { screen: 'service', server: action.server });
      shell.core?.api.connect({ name: action.server }).catch((error: unknown) => log(`${action.type === 'connect' ? 'connecting' : 're-authorizing'} ${action.server} failed: ${message(error)}`));
      return;
    case 'copy-bridge-address':
      clipboard.writeText(action.url);
      return;
    case 'set-bridge-paused':
      // Through the App API, so the window (bridgeChanged) and the tray hear of it as from the CLI.
      shell.core?.api.setBridgePaused({ paused: action.paused }).catch((error: unknown) => log(`pausing the bridge failed: ${message(error)}`));
      return;
    case 'set-open-at-login':
      shell.settings = { ...shell.settings, openAtLogin: action.enabled };
      void setOpenAtLogin(shell, action.enabled);
      shell.tray?.refresh();
      return;
    case 'quit':
      app.quit();
      return;
  }
}
