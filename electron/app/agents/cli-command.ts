import type { CoreEnv } from '../../../shared/core-env';
import { realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { StdioCommand } from '../../bridge';
import { findOnPath } from '../doctor';
import { packageRoot } from '../lifecycle/package-root';

/** The core's `dataDir` (whose bridge the shim finds through its runtime.json) and `env` (its PATH). */
export interface CliCommandOptions extends Pick<CoreEnv, 'dataDir' | 'env'> {
  /** The program running this process: node, or the desktop app's Electron binary. */
  execPath?: string;
  electron?: boolean;
  /** Absolute path of bin/connected-services.mjs. */
  binPath?: string;
  /** Where a command name is found on PATH, resolved through links (null: not there). */
  resolveCommand?: (name: string) => string | null;
}

/**
 * PATH as a client launching us later has it: without the `node_modules/.bin` folders that `npx`
 * and `npm run` put in front for their own run (there, this bin looks globally installed, but the
 * client's PATH has no such folder).
 */
export function lastingPath(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const path = env['PATH'];
  if (path === undefined) return env;
  const kept = path.split(delimiter).filter((folder) => !/[\\/]node_modules[\\/]\.bin[\\/]?$/.test(folder));
  return { ...env, PATH: kept.join(delimiter) };
}

function resolveOnPath(env: Record<string, string | undefined>): (name: string) => string | null {
  return (name) => {
    const found = findOnPath(name, lastingPath(env));
    try {
      return found === null ? null : realpathSync(found);
    } catch {
      return null;
    }
  };
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * `bridge --stdio` as a client launches it: with its own environment and working folder, so the
 * snippet relies on neither PATH nor a project folder. After `npm install` the bare command is not
 * on PATH, so it is the absolute node and bin; only a global install (`connected-services` on PATH
 * is this very bin) gets the bare command.
 */
export function cliStdioCommand(options: CliCommandOptions): StdioCommand {
  const binPath = options.binPath ?? join(packageRoot(), 'bin', 'connected-services.mjs');
  const tail = ['--home', options.dataDir, 'bridge', '--stdio'];
  const onPath = (options.resolveCommand ?? resolveOnPath(options.env))('connected-services');
  if (onPath !== null && onPath === realpathOr(binPath)) return { command: 'connected-services', args: tail };
  const electron = options.electron ?? process.versions.electron !== undefined;
  return {
    command: options.execPath ?? process.execPath,
    args: [binPath, ...tail],
    // Electron's binary runs a Node script only when told to.
    ...(electron ? { env: { ELECTRON_RUN_AS_NODE: '1' } } : {}),
  };
}
