/** What the recovery needs of the window's webContents. */
export interface RecoveredContents {
  on(event: 'did-navigate' | 'did-finish-load', listener: () => void): unknown;
  on(event: 'render-process-gone', listener: (event: unknown, details: { reason: string }) => void): unknown;
  isDestroyed(): boolean;
  reload(): void;
}

/**
 * A new document starts the event delivery afresh (`reset`); a renderer that crashed is loaded
 * again, once per load that finished, so a page that crashes while loading is not reloaded forever.
 */
export function recoverPage(contents: RecoveredContents, reset: () => void, log: (line: string) => void): void {
  let reloading = false;
  contents.on('did-navigate', reset);
  contents.on('did-finish-load', () => {
    reloading = false;
  });
  contents.on('render-process-gone', (_event, details) => {
    reset();
    // A clean exit is the window closing.
    if (details.reason === 'clean-exit' || contents.isDestroyed()) return;
    if (reloading) {
      log(`the window's page stopped again (${details.reason}) before it finished loading: it is left as it is`);
      return;
    }
    reloading = true;
    log(`the window's page stopped (${details.reason}): it is loaded again`);
    contents.reload();
  });
}
