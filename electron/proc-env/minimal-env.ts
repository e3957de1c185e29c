/**
 * The SDK's DEFAULT_INHERITED_ENV_VARS (client/stdio.js), copied: importing that module costs ~35 ms
 * of start-up for a constant. minimal-env.test.ts checks the copy still matches.
 */
export const SDK_INHERITED_ENV_VARS: readonly string[] =
  process.platform === 'win32'
    ? ['APPDATA', 'HOMEDRIVE', 'HOMEPATH', 'LOCALAPPDATA', 'PATH', 'PROCESSOR_ARCHITECTURE', 'SYSTEMDRIVE', 'SYSTEMROOT', 'TEMP', 'USERNAME', 'USERPROFILE', 'PROGRAMFILES']
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/** What a child needs to find programs, its home, its locale and a temp dir; nothing else of ours. */
export const INHERITED_ENV_VARS: readonly string[] = [
  ...new Set([
    'PATH',
    'HOME',
    'USER',
    'LOGNAME',
    'SHELL',
    'LANG',
    'LC_ALL',
    'TERM',
    'TMPDIR',
    // On Windows this is APPDATA, SYSTEMROOT, USERPROFILE…; on POSIX a subset of the above.
    ...SDK_INHERITED_ENV_VARS,
  ]),
];

/**
 * The environment of a stdio server: the inherited names taken from `baseEnv`, then the server's
 * own `env` from its config. The app's other variables (tokens, keys) never reach the child.
 */
export function minimalEnv(
  baseEnv: Record<string, string | undefined>,
  serverEnv: Record<string, string> = {},
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env: Record<string, string> = {};
  // Windows names are case-insensitive (`Path`), so match them that way there.
  const lookup = new Map<string, string>();
  for (const key of Object.keys(baseEnv)) lookup.set(platform === 'win32' ? key.toUpperCase() : key, key);
  for (const name of INHERITED_ENV_VARS) {
    const key = lookup.get(platform === 'win32' ? name.toUpperCase() : name);
    const value = key === undefined ? undefined : baseEnv[key];
    // Exported shell functions (`() { …`) are a known injection path (Shellshock); the SDK skips them too.
    if (key === undefined || value === undefined || value.startsWith('()')) continue;
    env[key] = value;
  }
  return { ...env, ...serverEnv };
}
