import type { RuntimeInfo } from '../app';
import { PRODUCT_NAME } from './app-identity';

/** Where the desktop app says it leaves (Electron's dialog and exit in the app; fakes in tests). */
export interface LeavingUi {
  showErrorBox(title: string, text: string): void;
  exit(code: number): void;
  log(line: string): void;
}

// As the running app writes them: the App API's origin and the bridge, both on 127.0.0.1.
const LOCAL_ADDRESS = /^http:\/\/127\.0\.0\.1:\d{1,5}(\/[\w.~/-]{0,100})?$/;

/**
 * runtime.json is read, not trusted: any program of the person's may have written it. An address not
 * as the app writes one (another host, a line break that would forge a line of this text) is not
 * shown for the person to open.
 */
function shownAddress(value: string): string | undefined {
  return LOCAL_ADDRESS.test(value) ? value : undefined;
}

/** How the person stops that process, in their system's words. */
function stopCommand(pid: number, platform: NodeJS.Platform): string {
  return platform === 'win32' ? `taskkill /PID ${String(pid)}` : `kill ${String(pid)}`;
}

/** What the person is told when the app finds another already running for its data folder (as `serve` says it). */
export function alreadyRunningText(info: RuntimeInfo, dataDir: string, platform: NodeJS.Platform): string {
  const origin = shownAddress(info.origin);
  const bridge = info.bridge === null ? 'not running' : (shownAddress(info.bridge) ?? 'an address not shown (runtime.json names no local one)');
  // A pid of 0 or below names a process group or every process: never one to stop.
  const pid = Number.isSafeInteger(info.pid) && info.pid > 0 ? info.pid : undefined;
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
