import { runStoreProgram, type RunOptions } from './run-store-program';

const REPLY = /^\s*variant\s+boolean\s+(true|false)\s*$/;

/**
 * Whether the Secret Service's default collection (where `secret-tool store` puts items; GNOME
 * Keyring's "login") is locked: its `Locked` property (Secret Service API, org.freedesktop.Secret.Collection),
 * read with dbus-send. A search that finds no item never meets the lock, and secret-tool has no way to
 * ask (its `lock` only locks). Undefined when it cannot be told (no dbus-send, no default collection).
 */
export async function defaultCollectionLocked(options: Omit<RunOptions, 'program'>): Promise<boolean | undefined> {
  const result = await runStoreProgram(
    'sh',
    ['-c', 'command -v dbus-send >/dev/null 2>&1 || exit 127; exec dbus-send "$@"', 'dbus-send', '--session', '--print-reply=literal', '--dest=org.freedesktop.secrets',
      '/org/freedesktop/secrets/aliases/default', 'org.freedesktop.DBus.Properties.Get', 'string:org.freedesktop.Secret.Collection', 'string:Locked'],
    { ...options, program: 'dbus-send' },
  );
  if (result.code !== 0) return undefined;
  const answer = REPLY.exec(result.stdout.trim())?.[1];
  return answer === undefined ? undefined : answer === 'true';
}
