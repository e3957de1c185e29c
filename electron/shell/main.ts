import { app, dialog } from 'electron';
import { homedir } from 'node:os';
import { defaultDataDir } from '../registry';
import { prepareDataFolder } from './data-folder';
import { APP_USER_MODEL_ID, PRODUCT_NAME } from './app-identity';
import { logLine } from './log-line';
import { isNodeEvalInvocation } from './node-invocation';
import { registerAppScheme } from './protocol/register-protocol';
import { refuseRedirectedTraffic } from './redirected-traffic';
import { refuseDebugging } from './remote-debugging';
import { shellPaths } from './shell-paths';
import { refuseWeakenedIsolation } from './weakened-isolation';
import { refuseWrittenLogs } from './written-logs';
import { startShell } from './start-shell';
import { errorMessage, isCodedError } from '../../shared/errors';

// Everything here runs before Electron is ready, without awaiting: the scheme must be registered
// and the profile folder set before `ready`, and the lock taken before anything else starts.
const dataDir = defaultDataDir({ env: process.env, platform: process.platform, homeDir: homedir() });
const paths = shellPaths(app.getAppPath(), dataDir);

/** The data folder made ready (electron/shell/data-folder.ts); a typo or a file in the way is refused in a dialog. */
function prepareDataDir(): boolean {
  try {
    prepareDataFolder({ dataDir, env: process.env, isPackaged: app.isPackaged, note: (line) => console.error(logLine(line)) });
    return true;
  } catch (error) {
    const said = isCodedError(error) ? `${error.message}${error.hint !== undefined ? `\n\n${error.hint}` : ''}` : `The data folder ${dataDir} cannot be created: ${errorMessage(error)}`;
    dialog.showErrorBox(PRODUCT_NAME, said);
    return false;
  }
}

/**
 * A start open to a debugger lets any local program drive the window as the person, one with the
 * window's isolation weakened lets a service's app out of its frame, one with its requests sent
 * through a proxy or host map lets another program read and answer them, one writing Chromium's log
 * gives another program what the pages say: said, and not started.
 */
function refusedStart(): boolean {
  const refused =
    refuseDebugging({ argv: process.argv, env: process.env, platform: process.platform, isPackaged: app.isPackaged }) ??
    refuseWeakenedIsolation(process.argv, process.platform) ??
    refuseRedirectedTraffic(process.argv, process.platform) ??
    refuseWrittenLogs(process.argv, process.env, process.platform);
  if (refused === undefined) return false;
  // Before `ready` on Linux this goes to stderr, elsewhere to a dialog.
  dialog.showErrorBox(PRODUCT_NAME, refused);
  return true;
}

if (isNodeEvalInvocation(process.argv) || refusedStart() || !prepareDataDir()) {
  app.exit(1);
} else {
  app.setPath('userData', paths.userData);
  app.enableSandbox();
  registerAppScheme();
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  // One app per data folder; a second launch (or a deep link) goes to the running one.
  if (!app.requestSingleInstanceLock()) app.quit();
  else startShell({ dataDir, paths });
}
