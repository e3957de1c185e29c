import { stat } from 'node:fs/promises';
import type { SecretStoreConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { cutText, revealHidden } from '../../shared/text';
import { runStoreProgram, type StoreProgramOptions } from './run-store-program';
import { firstLine, healthOf, storeUnavailable, type SecretStore } from './secret-store';
import { storeEnv } from './store-env';

type KeepassxcConfig = Extract<SecretStoreConfig, { type: 'keepassxc' }>;

/** Where the database and its password come from when the store's entry does not say. */
export const KEEPASSXC_DATABASE_ENV = 'CONNECTED_SERVICES_KEEPASSXC_DATABASE';
export const KEEPASSXC_PASSWORD_ENV = 'CONNECTED_SERVICES_KEEPASSXC_PASSWORD';

export interface KeepassxcStoreOptions extends StoreProgramOptions {
  config: KeepassxcConfig;
  /** A vault secret by name (for `passwordSecret`). */
  vaultSecret: (name: string) => Promise<string | undefined>;
}

const PROMPT = /^Enter password to unlock/;
/**
 * The group KeePassXC moves deleted entries to, by its default name: keepassxc-cli does not say which
 * group is the database's recycle bin, so one made under another name (a localised KeePassXC) is not known.
 * `db-info` says only whether there is one; `ls`, `search` and `show` mark neither it nor its entries;
 * its UUID (Meta's RecycleBinUUID) is only in `export`, which prints every entry's password.
 */
export const KEEPASSXC_RECYCLE_BIN = 'Recycle Bin';

/**
 * An entry's path from the database's root: keepassxc-cli falls back to the first entry of that title
 * anywhere in the tree for a path with no leading `/`, deleted ones included.
 */
export function keepassxcEntryPath(path: string): string {
  const fromRoot = path.replace(/^\/+/, '');
  if (fromRoot === KEEPASSXC_RECYCLE_BIN || fromRoot.startsWith(`${KEEPASSXC_RECYCLE_BIN}/`)) {
    throw new CodedError('denied', `The KeePassXC entry "${path}" is in the ${KEEPASSXC_RECYCLE_BIN}: a deleted entry is never read.`, {
      hint: 'Name an entry outside the Recycle Bin (restore it in KeePassXC if you still need it).',
    });
  }
  return `/${fromRoot}`;
}

/** How many entries of the asked title elsewhere a not-found error names: enough to point the way, never a listing. */
export const MAX_ENTRIES_ELSEWHERE = 3;
const MAX_SHOWN_PATH = 200;

/**
 * Entries (from `list()`, outside the Recycle Bin) titled as `path`'s last step but at another path,
 * as paths from the root: a reference by bare title (`GitHub` for `/Internet/GitHub`) finds nothing.
 */
export function entriesTitledElsewhere(listed: readonly string[], path: string): string[] {
  const asked = keepassxcEntryPath(path);
  const title = asked.slice(asked.lastIndexOf('/') + 1);
  return listed
    .map((entry) => `/${entry}`)
    .filter((entry) => entry !== asked && entry.slice(entry.lastIndexOf('/') + 1) === title)
    .slice(0, MAX_ENTRIES_ELSEWHERE);
}

/**
 * The person's error for an entry that is not at `path` but whose title is elsewhere: the paths go
 * in the message (status, the Access page, `doctor`); agents are told only that there is none.
 */
export function entryElsewhere(store: string, path: string, elsewhere: readonly string[]): CodedError {
  // Titles are the database's text: shown escaped and cut, as any text we did not write.
  const shown = elsewhere.map((entry) => cutText(revealHidden(entry), MAX_SHOWN_PATH));
  const where = shown.length === 1 ? `an entry of that title is at ${shown.join('')}. Paths start at the root: write ${shown.join('')}` : `entries of that title are at ${shown.join(', ')}. Paths start at the root: write one of these`;
  return new CodedError('invalid_config', `The secret store "${store}" holds no entry at "${path}"; ${where}.`, {
    hint: "Write the entry's path from the root of the database (its groups, then its title) in the reference in mcp.json.",
    data: { store, agentMessage: `The secret store "${store}" holds no entry at "${path}".` },
  });
}

/**
 * A KeePassXC database read with `keepassxc-cli`: `show -a Password DB ENTRY` prints an entry's
 * password, `ls -R -f` lists the entries. The database's password is written to the program's stdin,
 * never an argument or its environment; it comes from a vault secret (`passwordSecret`) or an
 * environment variable (`passwordEnv`, default CONNECTED_SERVICES_KEEPASSXC_PASSWORD). Read-only: a
 * KeePassXC database is edited in KeePassXC.
 */
export function createKeepassxcStore(options: KeepassxcStoreOptions): SecretStore {
  const { name, config } = options;
  const database = config.database ?? options.env[KEEPASSXC_DATABASE_ENV];
  const env = storeEnv(options.env, { QT_QPA_PLATFORM: 'offscreen' });

  const password = async (): Promise<string | undefined> => {
    if (config.noPassword === true) return undefined;
    if (config.passwordSecret !== undefined) {
      const value = await options.vaultSecret(config.passwordSecret);
      if (value === undefined) {
        throw storeUnavailable(name, `needs its database password, and the vault holds no secret "${config.passwordSecret}"`, `Store it with \`connected-services secrets set ${config.passwordSecret}\`.`);
      }
      return value;
    }
    const variable = config.passwordEnv ?? KEEPASSXC_PASSWORD_ENV;
    const value = options.env[variable];
    if (value === undefined) {
      throw storeUnavailable(name, `needs its database password, and ${variable} is not set`, `Set ${variable} in the environment the app starts in, or name a vault secret in "passwordSecret" of the store in settings.secretStores.`);
    }
    return value;
  };

  const run = async (command: string, tail: string[]) => {
    if (database === undefined) {
      throw storeUnavailable(name, 'names no database', `Set "database" of the store in settings.secretStores (or ${KEEPASSXC_DATABASE_ENV}).`);
    }
    if (!(await isFile(database))) {
      throw storeUnavailable(name, `cannot find its database ${database}`, `Fix "database" of the store in settings.secretStores (or ${KEEPASSXC_DATABASE_ENV}).`);
    }
    const secret = await password();
    const args = [command, ...(config.keyFile !== undefined ? ['--key-file', config.keyFile] : []), ...(secret === undefined ? ['--no-password'] : []), database, ...tail];
    const result = await runStoreProgram('keepassxc-cli', args, { store: name, env, spawn: options.spawn, runs: options.runs, input: secret === undefined ? '' : `${secret}\n`, timeoutMs: config.timeoutMs });
    // keepassxc-cli prompts on stderr; what follows the prompt is its complaint.
    const complaint = firstLine(result.stderr.split('\n').filter((line) => !PROMPT.test(line)).join('\n'));
    return { ...result, complaint };
  };

  // Agents are not told the database's path: it shows how the home folder is laid out.
  const refused = (complaint: string) =>
    storeUnavailable(name, `could not open ${database ?? 'its database'} (${complaint || 'keepassxc-cli failed'})`, /credentials/i.test(complaint) ? `Check the database password (${config.passwordSecret !== undefined ? `the vault secret "${config.passwordSecret}"` : (config.passwordEnv ?? KEEPASSXC_PASSWORD_ENV)}).` : 'Check that keepassxc-cli opens the database in a terminal.', `The secret store "${name}" could not open its database.`);

  const list = async (): Promise<string[]> => {
    const result = await run('ls', ['--recursive', '--flatten']);
    if (result.code !== 0) throw refused(result.complaint);
    return result.stdout
      .split('\n')
      .map((line) => line.replace(/\r$/, ''))
      .filter((line) => line !== '' && !line.endsWith('/') && !line.endsWith('[empty]') && !line.startsWith(`${KEEPASSXC_RECYCLE_BIN}/`));
  };

  return {
    name,
    type: 'keepassxc',
    abilities: { list: true, set: false, delete: false },
    async get(path) {
      const result = await run('show', ['--show-protected', '--attributes', 'Password', '--', keepassxcEntryPath(path)]);
      if (result.code === 0) {
        const value = result.stdout.replace(/\r?\n$/, '');
        return value === '' ? undefined : value;
      }
      if (!/could not find entry/i.test(result.complaint)) throw refused(result.complaint);
      // Its titles only (`ls`, bounded as every run is), never a value; a listing that fails leaves the plain miss.
      const elsewhere = entriesTitledElsewhere(await list().catch(() => []), path);
      if (elsewhere.length > 0) throw entryElsewhere(name, path, elsewhere);
      return undefined;
    },
    list,
    health: () =>
      healthOf(async () => {
        const result = await run('ls', []);
        if (result.code !== 0) throw refused(result.complaint);
        return `KeePassXC database ${database ?? ''}`;
      }),
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
