import { switchName } from './switch-name';

/**
 * Chromium switches that take down a wall between what the window shows: the same-origin policy
 * (`--disable-web-security`, file pages reading each other), site isolation (a page of one site in a
 * process with another's, or the browser's own), mixed content and which origins count as secure,
 * and certificate checks. Any of them lets a service's app, or a page it loads, reach what the app
 * keeps from it. `--js-flags` hands V8 flags to every page's engine (and Electron's main process's):
 * `--allow-natives-syntax` alone gives a page's script V8's internal functions, a way out of its
 * process's memory safety. A command that wraps every renderer, utility or GPU process
 * (`--renderer-cmd-prefix`, `--utility-cmd-prefix`, `--gpu-launcher`, `--browser-subprocess-path`) runs
 * another program inside them, a debugger as much as anything. `--no-sandbox` is not here: SECURITY.md
 * says why.
 */
const WEAKENING = new Set([
  'disable-web-security',
  'disable-site-isolation-trials',
  'disable-site-isolation-for-policy',
  'allow-file-access-from-files',
  'allow-running-insecure-content',
  'allow-insecure-localhost',
  'unsafely-treat-insecure-origin-as-secure',
  'reduce-security-for-testing',
  'ignore-certificate-errors',
  'ignore-certificate-errors-spki-list',
  'single-process',
  'js-flags',
  'renderer-cmd-prefix',
  'utility-cmd-prefix',
  'gpu-launcher',
  'browser-subprocess-path',
]);

/** Features whose turning off (`--disable-features=…`) ends site isolation, lower-cased. */
const ISOLATION_FEATURES = new Set(['isolateorigins', 'siteperprocess', 'site-per-process']);

/** The features a `--disable-features=A,B<Trial` argument names, without a trial's name. */
function disabledFeatures(arg: string): string[] {
  const at = arg.indexOf('=');
  if (at < 0) return [];
  return arg
    .slice(at + 1)
    .split(',')
    .map((feature) => (feature.split('<', 1)[0] ?? '').trim());
}

/** What in this start's arguments weakens the window's isolation (`--disable-web-security`), or undefined. */
export function isolationWeakened(argv: readonly string[], platform: NodeJS.Platform): string | undefined {
  for (const arg of argv.slice(1)) {
    const name = switchName(arg, platform);
    if (name === undefined) continue;
    if (WEAKENING.has(name)) return arg.split('=', 1)[0];
    if (name === 'disable-features') {
      const feature = disabledFeatures(arg).find((f) => ISOLATION_FEATURES.has(f.toLowerCase()));
      if (feature !== undefined) return `${arg.split('=', 1)[0] ?? ''}=${feature}`;
    }
  }
  return undefined;
}

/** Why this start is refused, or undefined to go on; no variable lets these through, a development build's neither. */
export function refuseWeakenedIsolation(argv: readonly string[], platform: NodeJS.Platform): string | undefined {
  const asked = isolationWeakened(argv, platform);
  if (asked === undefined) return undefined;
  return (
    `Connected Services does not start with ${asked}: it would let a service's app, or a page it shows, reach what the app keeps apart from it (your other services, your secrets, programs on this computer).\n\n` +
    'Start it without that option.'
  );
}
