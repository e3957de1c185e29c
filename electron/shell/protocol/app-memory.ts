import { appIdAt } from './app-frames';

/** One frame in the window as Electron's webFrameMain tells it: its document's address and its renderer's OS process. */
export interface FrameProcess {
  url: string;
  osProcessId: number;
}

/** One process's memory as app.getAppMetrics() tells it (`memory.workingSetSize`, in KiB). */
export interface ProcessMemory {
  pid: number;
  workingSetKiB: number;
}

/** An open app to close, the process to end, and what the person is told. */
export interface OverMemory {
  appId: string;
  pid: number;
  message: string;
}

export const DEFAULT_APP_MEMORY_LIMIT_MB = 512;

const mb = (bytes: number): string => `${String(Math.round(bytes / 1024 / 1024))} MB`;

/**
 * The open apps whose renderer process uses more memory than `limitBytes`. An app on the cs-app://
 * origin runs in a renderer of its own (site isolation), shared by the apps open at once, so all of
 * them are closed together. A frame in the window's own process is never judged: that memory is the
 * window's, and ending that process would end the window.
 */
export function appsOverMemory(frames: readonly FrameProcess[], metrics: readonly ProcessMemory[], options: { limitBytes: number; hostPid: number | undefined }): OverMemory[] {
  const used = new Map(metrics.map((m) => [m.pid, m.workingSetKiB * 1024]));
  const over: OverMemory[] = [];
  for (const frame of frames) {
    const appId = appIdAt(frame.url);
    if (appId === undefined || frame.osProcessId <= 0 || frame.osProcessId === options.hostPid) continue;
    const bytes = used.get(frame.osProcessId);
    if (bytes === undefined || bytes <= options.limitBytes) continue;
    const shared = frames.filter((f) => f.osProcessId === frame.osProcessId && appIdAt(f.url) !== undefined).length > 1;
    const whose = shared ? 'the apps open now share one process, which' : 'it';
    over.push({
      appId,
      pid: frame.osProcessId,
      message: `This app was closed: ${whose} used ${mb(bytes)} of memory, more than the ${mb(options.limitBytes)} an app may use. Open it again from its tool; the limit is appMemoryLimitMb in desktop-settings.json.`,
    });
  }
  return over;
}

export interface AppMemoryWatchOptions {
  frames: () => readonly FrameProcess[];
  hostPid: () => number | undefined;
  metrics: () => readonly ProcessMemory[];
  limitMb: number;
  /** Closes the app for the core and the screen (AppsHost.stop). */
  stop: (over: OverMemory) => void;
  /** Ends its renderer: a runaway app may never answer anything else. */
  kill: (pid: number) => void;
}

/** One look at the open apps' memory (`check`), run on an interval by the shell: each app closed once, each process ended once. */
export function createAppMemoryWatch(options: AppMemoryWatchOptions): { check: () => OverMemory[] } {
  const stopped = new Set<string>();
  return {
    check: () => {
      const over = appsOverMemory(options.frames(), options.metrics(), { limitBytes: options.limitMb * 1024 * 1024, hostPid: options.hostPid() }).filter((o) => !stopped.has(o.appId));
      for (const o of over) {
        stopped.add(o.appId);
        options.stop(o);
      }
      for (const pid of new Set(over.map((o) => o.pid))) options.kill(pid);
      return over;
    },
  };
}
