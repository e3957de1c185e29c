import { switchName } from './switch-name';

/**
 * Switches that have Chromium write its log: `--enable-logging` (to stderr, or with `=file` to a file)
 * and `--log-file` (the file). The log takes every page's console messages, a service's app's too, and
 * what Chromium says of the requests it makes: whoever started the app reads its stderr, and a file
 * the switch names may be one another program reads, or one of the person's that the log replaces.
 * ELECTRON_ENABLE_LOGGING is Electron's variable for the same.
 */
const LOGGING = new Set(['enable-logging', 'log-file']);
const LOGGING_ENV = 'ELECTRON_ENABLE_LOGGING';

/** What in this start asks for Chromium's log (`--enable-logging`, `ELECTRON_ENABLE_LOGGING`), or undefined. */
export function loggingAsked(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform): string | undefined {
  for (const arg of argv.slice(1)) {
    const name = switchName(arg, platform);
    if (name !== undefined && LOGGING.has(name)) return arg.split('=', 1)[0];
  }
  // Electron takes the variable set to anything but empty as the switch.
  return env[LOGGING_ENV] ? LOGGING_ENV : undefined;
}

/** Why this start is refused, or undefined to go on; no variable lets it through, a development build's neither. */
export function refuseWrittenLogs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform): string | undefined {
  const asked = loggingAsked(argv, env, platform);
  if (asked === undefined) return undefined;
  return (
    `Connected Services does not start with ${asked}: Chromium's log would take what the window's pages say, a service's app's too, where another program can read it.\n\n` +
    (asked === LOGGING_ENV ? `Start it with ${LOGGING_ENV} unset.` : 'Start it without that option.')
  );
}
