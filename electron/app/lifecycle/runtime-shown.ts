import type { RuntimeInfo } from './runtime-file';

// As the running app writes them: the App API's origin and the bridge, both on 127.0.0.1.
const LOCAL_ADDRESS = /^http:\/\/127\.0\.0\.1:\d{1,5}(\/[\w.~/-]{0,100})?$/;

/** What of runtime.json may be shown: `undefined` where it is not in a usable form; a `null` bridge is one not running. */
export interface ShownRuntime {
  pid: number | undefined;
  origin: string | undefined;
  bridge: string | null | undefined;
}

/**
 * runtime.json is read, not trusted: any program of the person's may have written it. An address not
 * as the app writes one (another host, a line break that would forge a line of the text) is not shown
 * for the person to open, and a pid of 0 or below names a process group or every process (kill(2)):
 * never one to stop.
 */
export function shownRuntime(info: Pick<RuntimeInfo, 'pid' | 'origin' | 'bridge'>): ShownRuntime {
  const local = (value: string): string | undefined => (LOCAL_ADDRESS.test(value) ? value : undefined);
  return {
    pid: Number.isSafeInteger(info.pid) && info.pid > 0 ? info.pid : undefined,
    origin: local(info.origin),
    bridge: info.bridge === null ? null : local(info.bridge),
  };
}

/** How the person stops that process, in their system's words. */
export function stopCommand(pid: number, platform: NodeJS.Platform): string {
  return platform === 'win32' ? `taskkill /PID ${String(pid)}` : `kill ${String(pid)}`;
}
