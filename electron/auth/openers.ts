import { spawn, type ChildProcess } from 'node:child_process';
import type { CoreEnv } from '../../shared/core-env';
import { CodedError } from '../../shared/errors';
import type { SpawnLike } from '../proc-env';
import { parseCommandLine } from './command-argv';
import { openerEnv } from './opener-env';
import { validateBrowserUrl } from './url-safety';

/**
 * Shows a sign-in page to the person. Receives a URL the coordinator has already validated and validates
 * it again (openers are also used on their own). Resolves once the page is on its way; never a shell.
 */
export type Opener = (url: string) => Promise<void>;


/**
 * The core's `log` (exit codes of the opener; never the URL) and `env` (the opener's is picked from
 * it, allowlist: see opener-env.ts); default process.env.
 */
export interface SpawnOpenerOptions extends Partial<Pick<CoreEnv, 'log' | 'env'>> {
  spawn?: SpawnLike;
}

/** The platform's URL opener; the URL is always the last, single argv element. */
export function systemOpenerCommand(platform: NodeJS.Platform): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [] };
  // rundll32 hands the URL to the registered protocol handler without cmd.exe (unlike `start`).
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler'] };
  return { command: 'xdg-open', args: [] };
}

function launch(command: string, args: string[], options: SpawnOpenerOptions & { platform?: NodeJS.Platform }, label: string): Promise<void> {
  const run = options.spawn ?? spawn;
  // Never the whole environment: the vault passphrase and the app's tokens stay out of other programs.
  const env = openerEnv(options.env ?? process.env, options.platform ?? process.platform);
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = run(command, args, { shell: false, stdio: 'ignore', detached: true, windowsHide: true, env });
    } catch (error) {
      reject(failed(label, error));
      return;
    }
    child.once('error', (error) => reject(failed(label, error)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
    child.once('exit', (code, signal) => {
      if (code !== 0) options.log?.(`${label} exited with ${signal ?? `code ${String(code)}`}`);
    });
  });
}

/** Runs `fn`, turning a synchronous throw (a refused URL) into a rejection. */
function guarded(fn: (url: string) => Promise<void>): Opener {
  return (url) => {
    try {
      return fn(url);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
}

/**
 * An opener checks a URL's form again; how far it may lead was checked where it came from (a
 * server's URLs against that server's reach: flows.ts, asks), so here any host is allowed.
 */
export const OPENED_REACH = 'loopback' as const;

function failed(label: string, error: unknown): CodedError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new CodedError('internal', `Could not start ${label}${code ? ` (${code})` : ''}.`, {
    hint: 'Use --print-url to open the link yourself, or --open-with CMD to name a browser.',
  });
}

/** The system browser: xdg-open / open / rundll32 url.dll,FileProtocolHandler with the URL as one argument. */
export function systemBrowserOpener(options: SpawnOpenerOptions & { platform?: NodeJS.Platform } = {}): Opener {
  const { command, args } = systemOpenerCommand(options.platform ?? process.platform);
  return guarded((url) => {
    const safe = validateBrowserUrl(url, 'to open', OPENED_REACH);
    return launch(command, [...args, safe.href], options, `the browser opener "${command}"`);
  });
}

/** For headless machines: writes the URL for the person to open elsewhere. */
export function printUrl(stream: { write(chunk: string): unknown }, message = 'Open this address in a browser to continue:'): Opener {
  return guarded((url) => {
    const safe = validateBrowserUrl(url, 'to open', OPENED_REACH);
    stream.write(`${message}\n\n  ${safe.href}\n\n`);
    return Promise.resolve();
  });
}

/** `--open-with CMD`: runs CMD (split into argv without a shell) with the URL appended as one argument. */
export function openWith(command: string, options: SpawnOpenerOptions = {}): Opener {
  const [program, ...args] = parseCommandLine(command);
  if (program === undefined) throw new CodedError('invalid_input', '--open-with needs a command');
  return guarded((url) => {
    const safe = validateBrowserUrl(url, 'to open', OPENED_REACH);
    return launch(program, [...args, safe.href], options, `"${program}"`);
  });
}
