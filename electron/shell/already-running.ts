import { app, dialog } from 'electron';
import type { RuntimeInfo } from '../app';
import { PRODUCT_NAME } from './app-identity';
import { log } from './shell-state';

/** What the person is told when the app finds another already running for its data folder (as `serve` says it). */
export function alreadyRunningText(info: RuntimeInfo, dataDir: string): string {
  return (
    `${PRODUCT_NAME} is already running for this data folder (pid ${info.pid}, most likely \`connected-services serve\`).\n\n` +
    `Open the sign-in address it printed (${info.origin}/#token=…; it works once, within 10 minutes), or run \`connected-services serve --ui-link\` for a new one printed where it runs.\n` +
    `To use the desktop app instead, stop it (kill ${info.pid}) and open the app again.\n\n` +
    `Bridge: ${info.bridge ?? 'not running'}\nData: ${dataDir}`
  );
}

/** Not an error (exit 0, like a second `serve`): nothing was started, and the running one is named. */
export function leaveToRunningApp(info: RuntimeInfo, dataDir: string): void {
  const text = alreadyRunningText(info, dataDir);
  log(text);
  dialog.showErrorBox(PRODUCT_NAME, text);
  app.exit(0);
}
