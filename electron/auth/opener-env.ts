import { SECRET_NAME } from '../../shared/redact';
import { minimalEnv } from '../proc-env';
import { PASSPHRASE_ENV } from '../vault';

/**
 * What a browser needs, beyond what every child gets (proc-env's minimalEnv: PATH, HOME, locale, temp dir),
 * to reach the person's desktop session: the display, the session bus, the desktop's name for
 * xdg-open's choice of handler, and the person's preferred browser.
 */
export const DESKTOP_ENV_VARS: readonly string[] = [
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'XAUTHORITY',
  'XDG_RUNTIME_DIR',
  'DBUS_SESSION_BUS_ADDRESS',
  'XDG_CURRENT_DESKTOP',
  'XDG_SESSION_DESKTOP',
  'XDG_SESSION_TYPE',
  'DESKTOP_SESSION',
  'XDG_DATA_DIRS',
  'XDG_DATA_HOME',
  'XDG_CONFIG_DIRS',
  'XDG_CONFIG_HOME',
  'KDE_FULL_SESSION',
  'KDE_SESSION_VERSION',
  'GNOME_DESKTOP_SESSION_ID',
  'BROWSER',
  'LANG',
  'LANGUAGE',
];

/** Secret-looking names never pass, even if a desktop variable were named so. */
function isSecretName(name: string): boolean {
  return name === PASSPHRASE_ENV || SECRET_NAME.test(name) || /PASSPHRASE/i.test(name);
}

/**
 * The environment of a browser opener (xdg-open, open, rundll32, the person's --open-with command):
 * an allowlist, so the vault passphrase and the app's tokens and keys never reach another program.
 */
export function openerEnv(baseEnv: Record<string, string | undefined> = process.env, platform: NodeJS.Platform = process.platform): Record<string, string> {
  const desktop: Record<string, string> = {};
  for (const [name, value] of Object.entries(baseEnv)) {
    if (value === undefined || value.startsWith('()')) continue;
    if (DESKTOP_ENV_VARS.includes(name) || name.startsWith('LC_')) desktop[name] = value;
  }
  const env = minimalEnv(baseEnv, desktop, platform);
  for (const name of Object.keys(env)) if (isSecretName(name)) delete env[name];
  return env;
}
