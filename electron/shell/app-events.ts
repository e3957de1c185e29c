import { app } from 'electron';
import { deepLinkFromArgv, parseDeepLink } from './deep-link/deep-link';
import { log, showWindow, STOP_ORDER, type ShellState } from './shell-state';
import { createShutdown, type ShutdownStep } from './shutdown';
import { narrowWebRtc } from './window/webrtc-policy';
import { quitOnSignals } from './quit-signals';

/** Quitting (menu, tray, SIGINT, SIGTERM) first runs what boot registered in STOP_ORDER, within 15 s; a signal during it exits at once. */
export function stopOnQuit(shell: ShellState): void {
  const steps = (): ShutdownStep[] => STOP_ORDER.flatMap((name) => {
    const run = shell.stop[name];
    return run ? [{ name, run }] : [];
  });
  const shutdown = createShutdown(steps, { log, deadlineMs: 15_000 });
  const signals = quitOnSignals({ app, beforeExit: () => endAuditWindows(shell) });
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    quitting = true;
    event.preventDefault();
    const offSecond = signals.stopping();
    void shutdown().finally(() => {
      offSecond();
      app.exit(0);
    });
  });
}

/** The minute's counts of the audit, written now: a second signal ends the app before the core closes. */
function endAuditWindows(shell: ShellState): void {
  const audit = shell.core?.bridge?.audit;
  audit?.endWindows();
  audit?.writeQueuedSync();
}

/** A second launch, a deep link or a dock click shows the window; closing it keeps the app in the tray. */
export function followAppEvents(shell: ShellState): void {
  // The app lives on in the tray when its window closes.
  app.on('window-all-closed', () => undefined);
  app.on('second-instance', (_event, argv) => showWindow(shell, deepLinkFromArgv(argv) ?? undefined));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const route = parseDeepLink(url);
    if (route) showWindow(shell, route);
    else log('ignored a connected-services:// link that is not a screen of the app');
  });
  app.on('activate', () => showWindow(shell));
  app.on('web-contents-created', (_event, contents) => {
    // Belt and braces for any page, including ones without a window of ours: no pop-ups, no <webview>.
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
    narrowWebRtc(contents);
  });
}
