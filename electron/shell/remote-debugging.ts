import { switchName } from './switch-name';

/** Set (to `1`) in an unpackaged app only, it lets a developer attach a debugger: unsafe, see docs/desktop.md. */
export const DEV_ENV = 'CONNECTED_SERVICES_DEV';

const NODE_DEBUG_SWITCHES = new Set(['debug', 'debug-brk', 'debug-port']);

/**
 * Switches that open the app to a debugger: Chromium's DevTools protocol (a port, a pipe, or the
 * origins allowed to use it) and Node's inspector (`--inspect`, `--inspect-brk`, `--inspect-port`, …,
 * and the older `--debug` names). Whoever speaks to either drives the window with the person's power.
 */
function isDebugSwitch(name: string): boolean {
  return name.startsWith('remote-debugging-') || name === 'remote-allow-origins' || name.startsWith('inspect') || NODE_DEBUG_SWITCHES.has(name);
}

/** The words of NODE_OPTIONS as Node splits them: on spaces, a quoted part kept whole. */
function nodeOptionWords(value: string): string[] {
  return [...value.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
}

export interface DebuggingStart {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  isPackaged: boolean;
}

/**
 * What asked to open this start to a debugger (`--remote-debugging-port=9222`, `NODE_OPTIONS=--inspect`),
 * or undefined. The packaged app's fuses already ignore Node's inspect switches and NODE_OPTIONS, but
 * not Chromium's DevTools switches. ELECTRON_RUN_AS_NODE is not looked at: where Electron honours it
 * (its fuse on) this code never runs, and where this code runs the fuse is off and it does nothing.
 */
export function debuggingAsked(start: DebuggingStart): string | undefined {
  for (const arg of start.argv.slice(1)) {
    const name = switchName(arg, start.platform);
    if (name !== undefined && isDebugSwitch(name)) return arg.split('=', 1)[0];
  }
  for (const word of nodeOptionWords(start.env['NODE_OPTIONS'] ?? '')) {
    const name = switchName(word, 'linux');
    if (name !== undefined && isDebugSwitch(name)) return `NODE_OPTIONS=${word.split('=', 1)[0] ?? ''}`;
  }
  return undefined;
}

/**
 * Why this start is refused, or undefined to go on. A developer of an unpackaged app may set
 * CONNECTED_SERVICES_DEV=1 to debug it; a packaged app refuses whatever the environment says, since
 * a process able to add a switch to the app's start can add a variable as well.
 */
export function refuseDebugging(start: DebuggingStart): string | undefined {
  const asked = debuggingAsked(start);
  if (asked === undefined) return undefined;
  if (!start.isPackaged && start.env[DEV_ENV] === '1') return undefined;
  return (
    `Connected Services does not start with ${asked}: it would let any program on this computer drive the app, with your access to every service and secret.\n\n` +
    `Start it without that option.${start.isPackaged ? '' : ` To debug a development build, set ${DEV_ENV}=1 (unsafe: any local program may then drive it).`}`
  );
}
