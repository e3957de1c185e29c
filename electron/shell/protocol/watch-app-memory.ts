import { app } from 'electron';
import type { AppsHost } from '../../app';
import type { MainWindow } from '../window/main-window';
import { createAppMemoryWatch, DEFAULT_APP_MEMORY_LIMIT_MB, type FrameProcess } from './app-memory';
import { errorMessage } from '../../../shared/errors';

/** How often the open apps' memory is looked at; a look is a few cheap calls into Electron. */
const CHECK_EVERY_MS = 5_000;

/** Every frame in the window (webFrameMain), with the OS process it renders in. */
function framesOf(window: MainWindow): FrameProcess[] {
  const contents = window.contents;
  if (!contents || contents.isDestroyed()) return [];
  try {
    return contents.mainFrame.framesInSubtree.map((frame) => ({ url: frame.url, osProcessId: frame.osProcessId }));
  } catch {
    return []; // a frame went away while we looked
  }
}

/**
 * Bounds the memory of open MCP Apps (#36): an app frame on cs-app:// renders in a process of its
 * own; above the limit its apps are closed for the core and the screen (`appClosed`, with a note)
 * and the process is ended, which works however stuck the app is. Returns the undo.
 */
export function watchAppMemory(options: { window: MainWindow; apps: AppsHost; limitMb: number | undefined; log: (line: string) => void }): () => void {
  const { window, apps, log } = options;
  const watch = createAppMemoryWatch({
    frames: () => framesOf(window),
    hostPid: () => window.contents?.getOSProcessId(),
    metrics: () => app.getAppMetrics().map((metric) => ({ pid: metric.pid, workingSetKiB: metric.memory.workingSetSize })),
    limitMb: options.limitMb ?? DEFAULT_APP_MEMORY_LIMIT_MB,
    stop: (over) => {
      log(`closed the app ${over.appId}: ${over.message}`);
      apps.stop({ appId: over.appId, reason: 'memory', message: over.message });
    },
    kill: (pid) => {
      try {
        process.kill(pid);
      } catch (error) {
        log(`ending an app's renderer (${String(pid)}) failed: ${errorMessage(error)}`);
      }
    },
  });
  const timer = setInterval(() => {
    // A look that fails (Electron's API not there, a process gone) must never end the app: it stops watching, once said.
    try {
      watch.check();
    } catch (error) {
      clearInterval(timer);
      log(`the open apps' memory is no longer watched: ${errorMessage(error)}`);
    }
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
