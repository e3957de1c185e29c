import { app, dialog } from 'electron';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { DATA_DIR_ENV, defaultDataDir, prepareHomeFolder } from '../registry';
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

/**
 * The same folder as the CLI, created owner-only before Chromium puts its profile inside it. One
 * CONNECTED_SERVICES_HOME names follows the CLI's rule (prepareHomeFolder): made only under a folder
 * that exists, said in the log; a typo or a file in the way is refused in a dialog.
 */
function prepareDataDir(): boolean {
  try {
    if (process.env[DATA_DIR_ENV]?.trim()) prepareHomeFolder(dataDir, (line) => console.error(logLine(line)), DATA_DIR_ENV);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
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
