import { shownRuntime, stopCommand, type RuntimeInfo } from '../app';
import { PRODUCT_NAME } from './app-identity';

/** Where the desktop app says it leaves (Electron's dialog and exit in the app; fakes in tests). */
export interface LeavingUi {
  showErrorBox(title: string, text: string): void;
  exit(code: number): void;
  log(line: string): void;
}

/** What the person is told when the app finds another already running for its data folder (as `serve` says it). */
export function alreadyRunningText(info: RuntimeInfo, dataDir: string, platform: NodeJS.Platform): string {
  const { origin, pid, bridge: shownBridge } = shownRuntime(info);
  const bridge = shownBridge === null ? 'not running' : (shownBridge ?? 'an address not shown (runtime.json names no local one)');
  const link = origin === undefined ? 'Open the sign-in address it printed' : `Open the sign-in address it printed (${origin}/#token=…; it works once, within 10 minutes)`;
  return (
    `${PRODUCT_NAME} is already running for this data folder (${pid === undefined ? 'its process is not named in a usable form' : `pid ${String(pid)}`}, most likely \`connected-services serve\`).\n\n` +
    `${link}, or run \`connected-services serve --ui-link\` for a new one printed where it runs.\n` +
    `To use the desktop app instead, stop it${pid === undefined ? '' : ` (${stopCommand(pid, platform)})`} and open the app again.\n\n` +
    `Bridge: ${bridge}\nData: ${dataDir}`
  );
}

/** Not an error (exit 0, like a second `serve`): nothing was started, and the running one is named. */
export function leaveToRunningApp(info: RuntimeInfo, dataDir: string, ui: LeavingUi, platform: NodeJS.Platform = process.platform): void {
  const text = alreadyRunningText(info, dataDir, platform);
  ui.log(text);
  ui.showErrorBox(PRODUCT_NAME, text);
  ui.exit(0);
}
