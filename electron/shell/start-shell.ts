import { app, dialog } from 'electron';
import { isCodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { followAppEvents, stopOnQuit } from './app-events';
import { PRODUCT_NAME } from './app-identity';
import { boot } from './boot';
import { createShellState, log, message, type ShellContext } from './shell-state';

export type { ShellContext } from './shell-state';

/**
 * The desktop app after the single-instance lock: wires app events now, and builds everything else
 * (protocol, core, window, tray, notifications) once Electron is ready.
 *
 * Steps: create the window and its state, make quitting stop everything in order, follow app
 * events (second launch, deep links), boot when ready, or say why it could not start.
 */
export function startShell(context: ShellContext): void {
  const shell = createShellState(context);
  stopOnQuit(shell);
  followAppEvents(shell);
  app
    .whenReady()
    .then(() => boot(shell))
    .catch(reportStartFailure);
}

/** Boot failed: log it, tell the person why (with the hint, never a stack trace), and exit 1. */
function reportStartFailure(error: unknown): void {
  log(`${PRODUCT_NAME} could not start: ${message(error)}`);
  const hint = isCodedError(error) && error.hint ? `\n\n${error.hint}` : '';
  dialog.showErrorBox(PRODUCT_NAME, redact(`${PRODUCT_NAME} could not start: ${message(error)}${hint}`));
  app.exit(1);
}
