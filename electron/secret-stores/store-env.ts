import { minimalEnv } from '../proc-env';

/**
 * What a store's program needs of our environment: the minimal one every child gets, plus the
 * variables that locate its store and its agent (GnuPG's, the session bus of the Secret Service).
 * Nothing else of ours (tokens, the vault's passphrase) reaches it.
 */
const STORE_ENV_VARS = [
  'PASSWORD_STORE_DIR',
  'PASSWORD_STORE_KEY',
  'PASSWORD_STORE_GPG_OPTS',
  'GNUPGHOME',
  'GPG_AGENT_INFO',
  'GPG_TTY',
  'DBUS_SESSION_BUS_ADDRESS',
  'XDG_RUNTIME_DIR',
  'XDG_DATA_HOME',
  'XDG_CONFIG_HOME',
  'DISPLAY',
  'WAYLAND_DISPLAY',
];

export function storeEnv(baseEnv: Record<string, string | undefined>, extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env = minimalEnv(baseEnv);
  for (const name of STORE_ENV_VARS) {
    const value = baseEnv[name];
    if (value !== undefined && !value.startsWith('()')) env[name] = value;
  }
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) env[name] = value;
  return env;
}
