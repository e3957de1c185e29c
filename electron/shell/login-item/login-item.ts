import path from 'node:path';
import { HIDDEN_FLAG, PRODUCT_NAME } from '../app-identity';

export interface LaunchContext {
  execPath: string;
  /** The app folder, needed when Electron runs an unpackaged app (`electron <appPath>`). */
  appPath: string;
  isPackaged: boolean;
  env: Record<string, string | undefined>;
}

export interface LoginLaunch {
  execPath: string;
  args: string[];
}

/** How the OS should start the app at login: in the tray, without opening the window. */
export function loginLaunch(context: LaunchContext): LoginLaunch {
  // An AppImage runs from a temporary mount; the login item must name the .AppImage file itself.
  const appImage = context.env['APPIMAGE'];
  const execPath = context.isPackaged && appImage && path.isAbsolute(appImage) ? appImage : context.execPath;
  return { execPath, args: [...(context.isPackaged ? [] : [context.appPath]), HIDDEN_FLAG] };
}

export type LoginItemPlan =
  /** macOS and Windows: app.setLoginItemSettings. */
  | { kind: 'electron'; settings: { openAtLogin: boolean; path?: string; args?: string[] } }
  /** Linux: an XDG autostart entry, written (content) or removed (null). */
  | { kind: 'autostart-file'; file: string; content: string | null };

export const AUTOSTART_FILE_NAME = 'connected-services.desktop';

/** One Exec argument, quoted per the Desktop Entry spec (§ The Exec key), then escaped as a string value. */
export function desktopExecArg(arg: string): string {
  if (/[\p{Cc}]/u.test(arg)) throw new RangeError('an autostart argument cannot hold control characters');
  const quoted = `"${arg.replace(/([\\"`$])/g, '\\$1')}"`;
  // Quoting applies after string unescaping, so backslashes are escaped once more; % starts field codes.
  return quoted.replace(/\\/g, '\\\\').replace(/%/g, '%%');
}

export function desktopEntry(launch: LoginLaunch): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${PRODUCT_NAME}`,
    'Comment=Keeps your MCP services connected for your AI agents',
    `Exec=${[launch.execPath, ...launch.args].map(desktopExecArg).join(' ')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export interface PlanContext {
  platform: NodeJS.Platform;
  launch: LoginLaunch;
  homeDir: string;
  env: Record<string, string | undefined>;
}

export function loginItemPlan(enabled: boolean, context: PlanContext): LoginItemPlan {
  if (context.platform === 'darwin') return { kind: 'electron', settings: { openAtLogin: enabled } };
  if (context.platform === 'win32') {
    return { kind: 'electron', settings: { openAtLogin: enabled, path: context.launch.execPath, args: context.launch.args } };
  }
  // XDG Base Directory: a relative XDG_CONFIG_HOME is invalid and ignored.
  const xdg = context.env['XDG_CONFIG_HOME'];
  const config = xdg && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(context.homeDir, '.config');
  return { kind: 'autostart-file', file: path.posix.join(config, 'autostart', AUTOSTART_FILE_NAME), content: enabled ? desktopEntry(context.launch) : null };
}

/** Started by the login item: stay in the tray. */
export function startHidden(argv: readonly string[]): boolean {
  return argv.includes(HIDDEN_FLAG);
}
