import { runStoreProgram, type RunOptions } from './run-store-program';

const REPLY = /^\s*variant\s+boolean\s+(true|false)\s*$/;
// SearchItems' reply (two arrays of object paths: unlocked, locked) as `--print-reply=literal` prints it.
const PATHS_REPLY = /^\s*array \[([^[\]]*)\]\s*array \[([^[\]]*)\]\s*$/;
// D-Bus object paths hold only these characters (D-Bus Specification, "Valid Object Paths").
const OBJECT_PATH = /^\/[A-Za-z0-9_/]*$/;

/** The collection `secret-tool store` puts items in (GNOME Keyring's "login"). */
export const DEFAULT_COLLECTION = '/org/freedesktop/secrets/aliases/default';

type BusOptions = Omit<RunOptions, 'program'>;

function dbusSend(args: string[], options: BusOptions) {
  return runStoreProgram(
    'sh',
    ['-c', 'command -v dbus-send >/dev/null 2>&1 || exit 127; exec dbus-send "$@"', 'dbus-send', '--session', '--print-reply=literal', '--dest=org.freedesktop.secrets', ...args],
    { ...options, program: 'dbus-send' },
  );
}

/**
 * Whether a collection of the Secret Service is locked: its `Locked` property (Secret Service API,
 * org.freedesktop.Secret.Collection), read with dbus-send. A search that finds no item never meets the
 * lock, and secret-tool has no way to ask (its `lock` only locks). Undefined when it cannot be told
 * (no dbus-send, no such collection).
 */
export async function collectionLocked(collection: string, options: BusOptions): Promise<boolean | undefined> {
  const result = await dbusSend([collection, 'org.freedesktop.DBus.Properties.Get', 'string:org.freedesktop.Secret.Collection', 'string:Locked'], options);
  if (result.code !== 0) return undefined;
  const answer = REPLY.exec(result.stdout.trim())?.[1];
  return answer === undefined ? undefined : answer === 'true';
}

export interface ItemPaths {
  unlocked: string[];
  locked: string[];
}

/**
 * The object paths of the items with at least these attributes (`name, value, …`), as the Secret
 * Service itself lists them (Service.SearchItems, the call `secret-tool search` makes): what its
 * printed answer must hold, no more. Undefined when dbus-send cannot ask: not installed, or an
 * attribute empty or holding a comma (its `dict:` argument splits on commas and has no escape).
 */
export async function searchItemPaths(attributes: readonly string[], options: BusOptions): Promise<ItemPaths | undefined> {
  if (attributes.some((part) => part === '' || part.includes(','))) return undefined;
  const result = await dbusSend(['/org/freedesktop/secrets', 'org.freedesktop.Secret.Service.SearchItems', `dict:string:string:${attributes.join(',')}`], options);
  const match = result.code === 0 ? PATHS_REPLY.exec(result.stdout) : null;
  if (match === null) return undefined;
  const paths = (list: string | undefined) => (list ?? '').split(/\s+/).filter((path) => path !== '');
  const [unlocked, locked] = [paths(match[1]), paths(match[2])];
  return [...unlocked, ...locked].every((path) => OBJECT_PATH.test(path)) ? { unlocked, locked } : undefined;
}

/** The collection an item's object path is in (`…/collection/login/1` → `…/collection/login`). */
export function collectionOf(item: string): string {
  return item.slice(0, item.lastIndexOf('/'));
}

/** A collection's name as its object path ends (`login`). */
export function collectionName(collection: string): string {
  return collection.slice(collection.lastIndexOf('/') + 1);
}
