import { CodedError } from '../../shared/errors';
import { openWith, printUrl, type Opener } from '../auth';
import { nonEmpty } from './empty-values';

/** `--open-with`'s parser: an empty program would quietly mean the system browser. */
export const OPEN_WITH = nonEmpty('--open-with', '--open-with firefox');

export interface SignInOpenerOptions {
  printUrl?: boolean;
  openWith?: string;
}

/**
 * Whether a browser could open here: macOS and Windows always have one; elsewhere a display (X11 or
 * Wayland) or the person's own BROWSER is needed, else xdg-open fails after a wait and says nothing useful.
 */
export function hasDesktop(env: Record<string, string | undefined>, platform: NodeJS.Platform): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY || env.BROWSER);
}

/**
 * How `serve` and `connect` show a sign-in address: printed (`--print-url`, or no display to open one on),
 * handed to `--open-with`, or undefined for the system browser.
 */
export function signInOpener(
  options: SignInOpenerOptions,
  env: Record<string, string | undefined> = process.env,
  platform: NodeJS.Platform = process.platform,
  stream: { write(chunk: string): unknown } = process.stderr,
  /** Off where a running app may do the sign-in with its own opener (an opener here makes the work local). */
  headlessFallback = true,
): Opener | undefined {
  if (options.printUrl && options.openWith) throw new CodedError('invalid_input', 'Give --print-url or --open-with, not both');
  if (options.openWith) return openWith(options.openWith);
  if (options.printUrl) return printUrl(stream, 'Open this address to sign in:');
  if (headlessFallback && !hasDesktop(env, platform)) return printUrl(stream, 'No display here to open a browser on; open this address yourself to sign in:');
  return undefined;
}
