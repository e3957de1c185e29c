import { CodedError } from '../../shared/errors';
import type { SecretStoreConfig } from '../../shared/config';
import { couldMatchVaultKey, VAULT_KEYCHAIN_SERVICE } from '../../shared/vault';
import { KeyedQueue } from '../fs-safe';
import { DEFAULT_STORE_TIMEOUT_MS, isNoAnswer, runStoreProgram, type StoreProgramOptions } from './run-store-program';
import { firstLine, healthOf, storeUnavailable, type SecretStore } from './secret-store';
import { hasExactly, holdsSearchLines, parseSearch, sameItems, withoutLineEnd, type SearchAnswer } from './secret-service-items';
import { collectionLocked, collectionName, collectionOf, DEFAULT_COLLECTION, searchItemPaths } from './secret-service-lock';
import { storeEnv } from './store-env';

/** secret-tool reads at most this much of a value (more is cut, said on stderr, and it exits 0). */
export const MAX_SECRET_TOOL_BYTES = 8192;

type SecretServiceConfig = Extract<SecretStoreConfig, { type: 'secret-service' }>;

export interface SecretServiceStoreOptions extends StoreProgramOptions {
  config: SecretServiceConfig;
}

/**
 * An item's path: `SERVICE/ACCOUNT` (attributes `service` and `username`, as `secret-tool store
 * --label=… service SERVICE username ACCOUNT` and most programs write them), `SERVICE` alone, or the
 * attributes themselves, `name=value,name=value`.
 */
export function attributesOf(path: string): string[] {
  const attributes = splitAttributes(path);
  // secret-tool would read one starting with "-" as an option.
  if (attributes.some((part) => part.startsWith('-'))) {
    throw new CodedError('invalid_config', `The Secret Service path "${path}" has a name or value starting with "-".`, { hint: 'Fix the path in mcp.json.' });
  }
  // The item of the vault's own file key: a server given it could read the whole vault file, and a store over it or delete would lose the vault.
  if (couldMatchVaultKey(attributes)) {
    throw new CodedError('denied', `The Secret Service path "${path}" could name the vault's own key (service "${VAULT_KEYCHAIN_SERVICE}"), which no secret store reads, replaces or deletes.`, {
      hint: 'Name the item of the program whose secret you mean (its service and account).',
    });
  }
  return attributes;
}

function splitAttributes(path: string): string[] {
  if (path.includes('=')) {
    const pairs = path.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), pair.slice(at + 1)] as const;
    });
    if (pairs.some(([key]) => key === '')) {
      throw new CodedError('invalid_config', `The Secret Service path "${path}" has an attribute without a name.`, { hint: 'Write attributes as name=value,name=value.' });
    }
    // secret-tool keeps a repeated name's last value: what is checked must be what it searches.
    if (new Set(pairs.map(([key]) => key)).size !== pairs.length) {
      throw new CodedError('invalid_config', `The Secret Service path "${path}" names an attribute twice.`, { hint: 'Write each attribute once, as name=value,name=value.' });
    }
    return pairs.flat();
  }
  const slash = path.indexOf('/');
  return slash < 0 ? ['service', path] : ['service', path.slice(0, slash), 'username', path.slice(slash + 1)];
}

/**
 * A store checks its value by reading it back: a second store of the same item between the two would
 * make the first look not kept. One item's stores and deletes run in call order in this process, for
 * every store opened on it (a store is opened anew for each use).
 */
const writes = new KeyedQueue();

/** One item of one session bus, its attributes in any order: the key its stores and deletes queue under. */
function itemKey(bus: string, attributes: readonly string[]): string {
  const pairs: string[] = [];
  for (let at = 0; at < attributes.length; at += 2) pairs.push(JSON.stringify([attributes[at], attributes[at + 1]]));
  return `${bus}\n${pairs.sort().join(',')}`;
}

/** A path's attributes, or undefined for one no operation takes (its reference says why when read). */
function attributesOrNone(path: string): string[] | undefined {
  try {
    return attributesOf(path);
  } catch {
    return undefined;
  }
}

/** The store cannot reach the Secret Service, with the first line of secret-tool's complaint without its own `secret-tool: ` (or `fallback` when it said nothing). */
export function secretServiceUnreachable(store: string, stderr: string, fallback = 'secret-tool failed'): CodedError {
  const why = firstLine(stderr, 'secret-tool').replace(/^secret-tool: /, '') || fallback;
  return storeUnavailable(store, `cannot reach the Secret Service (${why})`, 'Start your keyring (GNOME Keyring, KWallet) in your desktop session, or run the app inside one.');
}

/**
 * The items of the OS Secret Service (GNOME Keyring, KWallet) that other programs keep, read with
 * libsecret's `secret-tool` on the session bus. A locked collection is told apart from a missing item
 * by `secret-tool search`, which finds locked items without their secrets.
 */
export function createSecretServiceStore(options: SecretServiceStoreOptions): SecretStore {
  const { name, config } = options;
  const env = storeEnv(options.env);
  // The steps after an operation's first search (a store and its read-back) share the store's timeout
  // once; the first search, which may wait for a person to unlock the keyring, has its own.
  const within = (since: number) => ({ store: name, env, spawn: options.spawn, runs: options.runs, timeoutMs: config.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS, since });
  const run = (args: string[], since: number, input?: string) => runStoreProgram('secret-tool', args, { ...within(since), input });
  const noService = (stderr: string, fallback?: string) => secretServiceUnreachable(name, stderr, fallback);

  /** The keyring locked, by its collections' names (none known: the default one); `then` ends the hint. */
  const lockErrors = new WeakSet<Error>();
  const keyringLocked = (collections: readonly string[], then = '') => {
    const names = [...new Set(collections.map(collectionName))].map((one) => `"${one}"`);
    const which =
      names.length === 0
        ? 'the default keyring of the Secret Service, which holds its items, is locked'
        : `the keyring${names.length > 1 ? 's' : ''} ${names.join(', ')} of the Secret Service, which ${names.length > 1 ? 'hold' : 'holds'} its items, ${names.length > 1 ? 'are' : 'is'} locked`;
    const error = storeUnavailable(name, `is locked (${which})`, `Unlock your keyring${names.length > 1 ? 's' : ''}${names.length > 0 ? ` ${names.join(', ')}` : ''}: log in to your desktop with its password, or unlock it in Passwords and Keys (Seahorse)${then}.`);
    lockErrors.add(error);
    return error;
  };

  // secret-tool prints an item's attributes on stderr (libsecret 0.20) after its other lines on
  // stdout: one stream, in order, tells which attributes are whose. `exec` keeps the run one process.
  const search = async (attributes: string[], since: number, then = ''): Promise<SearchAnswer & { utf8: boolean }> => {
    const result = await runStoreProgram('sh', ['-c', 'exec secret-tool "$@" 2>&1', 'secret-tool', 'search', '--all', '--unlock', ...attributes], { ...within(since), program: 'secret-tool' });
    const answer = parseSearch(result.stdout);
    if (result.code === 127) throw storeUnavailable(name, 'needs the program "secret-tool", which is not installed (or not on PATH)', 'Install secret-tool (libsecret-tools).');
    if (answer === undefined && result.code === 0) throw unreadable();
    if (answer === undefined || (result.code !== 0 && answer.items.length === 0)) throw noService(result.stdout, `secret-tool's search answered in a shape not known here (exit code ${result.code ?? '?'})`);
    if (answer.items.length === 0) return { ...answer, utf8: result.utf8 };
    // Only the items the Secret Service lists are read: a value's lines may print a header of their own.
    const real = await searchItemPaths(attributes, within(Date.now()));
    if (real === undefined && answer.items.length > 1) throw unchecked(answer.items.length);
    if (real !== undefined && !sameItems(answer.items, [...real.unlocked, ...real.locked])) throw unreadable();
    // A locked item's attributes may be hashed: it could be the one meant, so nothing is decided.
    if (answer.items.some((item) => item.secret === undefined)) throw keyringLocked(real?.locked.map(collectionOf) ?? [], then);
    return { ...answer, utf8: result.utf8 };
  };

  const tooLong = (path: string, value: string) =>
    new CodedError('invalid_input', `The value for "${path}" is ${Buffer.byteLength(value)} bytes, more than the ${MAX_SECRET_TOOL_BYTES} bytes secret-tool keeps of a value; nothing was stored.`, {
      hint: 'Keep it in the vault instead (secrets set without --store), which holds up to 64 KiB.',
    });

  const searchShaped = (path: string) =>
    new CodedError('invalid_input', `The value for "${path}" has a line shaped like secret-tool's own output ("[…]", "secret = …", "attribute.… = …"), which would read back as another item; nothing was stored.`, {
      hint: 'Keep it in the vault instead (secrets set without --store), or base64 it.',
    });

  const unreadable = () =>
    storeUnavailable(name, "could not tell its items apart in secret-tool's search answer (a value may hold lines shaped like it); nothing was read", 'Check the items of that path in Passwords and Keys (Seahorse), and delete one whose value holds lines such as "secret = …".');

  const unchecked = (count: number) =>
    storeUnavailable(name, `could not check the ${count} items secret-tool found against the Secret Service's own list (dbus-send is not installed, or an attribute of the path is empty or holds a comma); nothing was read`, 'Install dbus-send (the dbus package), or name the item by attributes without commas (name=value,name=value).');

  const notText = () =>
    new CodedError('invalid_config', `The secret store "${name}" holds an item whose value is not UTF-8 text, which no reference can carry.`, { hint: 'Store the value as text (base64 it), or keep it in the vault.' });

  /** The value of the one item with exactly these attributes (undefined when none). */
  const readExact = async (path: string, attributes: string[], doing: 'read' | 'store', since: number): Promise<string | undefined> => {
    const answer = await search(attributes, since, doing === 'read' ? ', then connect the server again' : ', then store the value again');
    const exact = answer.items.filter((item) => hasExactly(item, attributes));
    if (exact.length > 1) {
      throw new CodedError('denied', `${exact.length} items of the Secret Service have exactly the attributes of "${path}"; none is ${doing === 'read' ? 'read' : 'taken as stored'}, as which one is meant is not known.`, {
        hint: 'Delete the extra items in Passwords and Keys (Seahorse), or name the item by more attributes (name=value,name=value).',
      });
    }
    // Other programs add attributes of their own (Python's keyring its `application`): with no item of
    // exactly ours, a read takes the one item that has them and more, never one of several.
    const wider = exact.length === 0 && doing === 'read' ? answer.items : [];
    if (wider.length > 1) {
      throw new CodedError('denied', `${wider.length} items of the Secret Service have the attributes of "${path}" and more; none is read, as which one is meant is not known.`, {
        hint: 'Name the item by all its attributes (name=value,name=value), as Passwords and Keys (Seahorse) shows them.',
      });
    }
    const item = exact[0] ?? wider[0];
    // A value that is not UTF-8 would reach its server with replacement characters in it.
    if (!answer.utf8 && item?.secret?.includes('\uFFFD') === true) throw notText();
    return item?.secret === undefined || item.secret === '' ? undefined : withoutLineEnd(item.secret);
  };

  const storeItem = async (path: string, attributes: string[], value: string): Promise<void> => {
    // The Secret Service replaces an item that has at least these attributes: another program's.
    const others = (await search(attributes, Date.now())).items.filter((item) => !hasExactly(item, attributes)).length;
    if (others > 0) {
      throw new CodedError('denied', `${others} item${others === 1 ? '' : 's'} of another program ${others === 1 ? 'has' : 'have'} the attributes of "${path}" and more; storing would replace one of them, so nothing was stored.`, {
        hint: 'Name the item by attributes no other program uses (name=value,name=value), or keep the value in the vault instead (secrets set without --store).',
      });
    }
    const since = Date.now();
    const result = await run(['store', `--label=${path}`, ...attributes], since, value);
    if (result.code !== 0) throw /locked|dismissed/i.test(result.stderr) ? keyringLocked([], ', then store the value again') : noService(result.stderr, `secret-tool exited with code ${result.code ?? '?'}`);
    // secret-tool exits 0 after cutting a value, and the Secret Service may keep it beside another
    // program's item: only what reads back as given counts as stored (a caller then deletes its file).
    // A read-back past its time, or of a keyring locked meanwhile, says so: the value may well be stored.
    const kept = await readExact(path, attributes, 'store', since).catch((error: unknown) => {
      if (isNoAnswer(error) || (error instanceof Error && lockErrors.has(error))) throw error;
      return undefined;
    });
    if (kept !== withoutLineEnd(value)) {
      throw new CodedError('internal', `The secret store "${name}" did not keep the value of "${path}" as given (it reads back otherwise); take it as not stored.`, {
        hint: 'Check the item in Passwords and Keys (Seahorse), or keep the value in the vault instead (secrets set without --store).',
      });
    }
  };

  const deleteItem = async (path: string, attributes: string[]): Promise<boolean> => {
    const answer = await search(attributes, Date.now());
    if (answer.items.length === 0) return false;
    // `secret-tool clear` deletes every item with at least these attributes, another program's too.
    if (answer.items.length > 1 || !answer.items.every((item) => hasExactly(item, attributes))) {
      throw new CodedError('denied', `${answer.items.length} items of the Secret Service have the attributes of "${path}" (${answer.items.filter((item) => !hasExactly(item, attributes)).length} of them with more, another program's); nothing was deleted, as secret-tool would delete them all.`, {
        hint: 'Delete the item you mean in Passwords and Keys (Seahorse).',
      });
    }
    const result = await run(['clear', ...attributes], Date.now());
    if (result.code !== 0 && result.stderr.trim() !== '') throw noService(result.stderr);
    return true;
  };

  return {
    name,
    type: 'secret-service',
    abilities: { list: false, set: true, delete: true },
    async get(path) {
      const attributes = attributesOf(path);
      return readExact(path, attributes, 'read', Date.now());
    },
    async set(path, value) {
      const attributes = attributesOf(path);
      if (Buffer.byteLength(value) > MAX_SECRET_TOOL_BYTES) throw tooLong(path, value);
      if (holdsSearchLines(value)) throw searchShaped(path);
      return writes.run(itemKey(env.DBUS_SESSION_BUS_ADDRESS ?? '', attributes), () => storeItem(path, attributes, value));
    },
    async delete(path) {
      const attributes = attributesOf(path);
      return writes.run(itemKey(env.DBUS_SESSION_BUS_ADDRESS ?? '', attributes), () => deleteItem(path, attributes));
    },
    health: (paths = []) =>
      healthOf(async () => {
        const since = Date.now();
        const result = await run(['search', 'connected-services-probe', 'health'], since);
        if (result.code !== 0 && result.stderr.trim() !== '') throw noService(result.stderr);
        // The probe's search finds no item, so a locked keyring would pass it unseen: the default
        // collection (where items are stored) and those holding the items of the paths in use are asked.
        if ((await collectionLocked(DEFAULT_COLLECTION, within(since))) === true) throw keyringLocked([]);
        const locked: string[] = [];
        for (const path of paths) {
          const attributes = attributesOrNone(path);
          const found = attributes === undefined ? undefined : await searchItemPaths(attributes, within(since));
          locked.push(...(found?.locked.map(collectionOf) ?? []));
        }
        if (locked.length > 0) throw keyringLocked(locked);
        return 'the Secret Service on the session bus';
      }),
  };
}
