// Free of other imports: the CLI's entry reads it before it loads the bundle (electron/cli/code-cache).
import path from 'node:path';

export interface DataDirContext {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  homeDir: string;
}

export const DATA_DIR_ENV = 'CONNECTED_SERVICES_HOME';

/** Where mcp.json, the vault and approvals live: CONNECTED_SERVICES_HOME, else the platform's config folder. */
export function defaultDataDir({ env, platform, homeDir }: DataDirContext): string {
  const override = env[DATA_DIR_ENV]?.trim();
  // A relative folder is the working directory's, as `--home`'s is: the vault needs an absolute one.
  if (override) return (platform === 'win32' ? path.win32 : path.posix).isAbsolute(override) ? override : path.resolve(override);
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
