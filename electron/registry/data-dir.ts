import path from 'node:path';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { CodedError } from '../../shared/errors';
import { errnoCode, fsFailure } from '../fs-safe';

export interface DataDirContext {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  homeDir: string;
}

export const DATA_DIR_ENV = 'CONNECTED_SERVICES_HOME';

/** Where mcp.json, the vault and approvals live: CONNECTED_SERVICES_HOME, else the platform's config folder. */
export function defaultDataDir({ env, platform, homeDir }: DataDirContext): string {
  const override = env[DATA_DIR_ENV]?.trim();
  if (override) return override;
  if (platform === 'win32') {
    const appData = env['APPDATA']?.trim() || path.win32.join(homeDir, 'AppData', 'Roaming');
    return path.win32.join(appData, 'Connected Services');
  }
  if (platform === 'darwin') return path.posix.join(homeDir, 'Library', 'Application Support', 'Connected Services');
  // XDG Base Directory spec: a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env['XDG_CONFIG_HOME']?.trim();
  const base = xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(homeDir, '.config');
  return path.posix.join(base, 'connected-services');
}

function notAFolder(dir: string): CodedError {
  return new CodedError('invalid_config', `The data folder ${dir} (or a folder above it) is a file, not a folder.`, {
    hint: `Move that file away, or set ${DATA_DIR_ENV} to another folder.`,
  });
}

/** Creates the data folder readable by its owner only (0700); an existing folder is left as it is. */
export async function ensureDataDir(dir: string): Promise<void> {
  let created: string | undefined;
  try {
    created = await mkdir(dir, { recursive: true, mode: 0o700 });
    // The umask may have removed bits we asked for; it never adds any, but be explicit.
    if (created !== undefined) await chmod(dir, 0o700);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'EEXIST' || code === 'ENOTDIR') throw notAFolder(dir);
    throw fsFailure(error, 'create the data folder', dir);
  }
  if (created === undefined) {
    const info = await stat(dir).catch((error: unknown) => {
      throw fsFailure(error, 'open the data folder', dir);
    });
    if (!info.isDirectory()) throw notAFolder(dir);
  }
}
