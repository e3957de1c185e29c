import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import type { SecretStoreConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { runStoreProgram, type StoreProgramOptions } from './run-store-program';
import { firstLine, healthOf, storeUnavailable, type SecretStore } from './secret-store';
import { storeEnv } from './store-env';

type PassConfig = Extract<SecretStoreConfig, { type: 'pass' }>;

export interface PassStoreOptions extends StoreProgramOptions {
  config: PassConfig;
}

/** The deepest the store's folders are walked for `list`, and the most entries listed. */
const MAX_DEPTH = 16;
const MAX_ENTRIES = 10_000;

/**
 * `pass` (passwordstore.org): one GPG-encrypted file per entry, `PATH.gpg` under the store's folder,
 * decrypted by `pass show` through the person's gpg-agent. By pass's convention the first line is
 * the secret. `list` reads the folder (no decryption); `set` and `delete` are `pass insert` and `pass rm`.
 */
export function createPassStore(options: PassStoreOptions): SecretStore {
  const { name, config } = options;
  const dir = config.dir ?? options.env['PASSWORD_STORE_DIR'] ?? join(options.env['HOME'] ?? homedir(), '.password-store');
  const env = storeEnv(options.env, { PASSWORD_STORE_DIR: dir, GNUPGHOME: config.gnupgHome ?? options.env['GNUPGHOME'] });
  const run = (args: string[], input?: string) =>
    runStoreProgram('pass', args, { store: name, env, spawn: options.spawn, runs: options.runs, input, timeoutMs: config.timeoutMs });
  const fileOf = (path: string): string => join(dir, `${path}.gpg`);

  const assertInitialized = async (): Promise<void> => {
    if (!(await isFile(join(dir, '.gpg-id')))) {
      // Agents are not told the folder: it shows how the home folder is laid out.
      throw storeUnavailable(name, `has no password store at ${dir}`, `Run \`pass init YOUR-GPG-KEY\` (or set "dir" of the store in settings.secretStores, or PASSWORD_STORE_DIR).`, `The secret store "${name}" has no password store.`);
    }
  };

  // A link in the store (an entry, or a folder on the way) may point at another store's file; pass
  // follows it, so the real path of what is read or written must stay inside the store's real folder.
  const assertInside = async (path: string): Promise<void> => {
    const root = await realpath(dir);
    let at = fileOf(path);
    const outside = (): CodedError =>
      new CodedError('denied', `The pass entry "${path}" is a link out of the store ${dir}: no entry is read or written outside it.`, {
        hint: `Name an entry inside the store, or move the file into ${dir}.`,
      });
    for (;;) {
      const real = await realpath(at).catch(() => undefined);
      if (real !== undefined) {
        if (real === root || real.startsWith(`${root}${sep}`)) return;
        throw outside();
      }
      // A link to nothing: pass would write the entry wherever it points.
      if ((await lstat(at).catch(() => undefined))?.isSymbolicLink() === true) throw outside();
      if (dirname(at) === at) return;
      at = dirname(at);
    }
  };

  return {
    name,
    type: 'pass',
    abilities: { list: true, set: true, delete: true },
    async get(path) {
      await assertInitialized();
      await assertInside(path);
      if (!(await isFile(fileOf(path)))) return undefined;
      // `--` so no path is read as an option (the grammar already refuses a leading "-").
      const result = await run(['show', '--', path]);
      if (result.code !== 0) {
        const why = firstLine(result.stderr, undefined, [dir]) || `pass exited with code ${result.code ?? '?'}`;
        throw storeUnavailable(name, `could not decrypt "${path}" (${why})`, `Unlock your GPG key (run \`pass show ${path}\` once in a terminal, so gpg-agent keeps it unlocked), then connect the server again.`);
      }
      const secret = result.stdout.split('\n')[0]?.replace(/\r$/, '') ?? '';
      return secret === '' ? undefined : secret;
    },
    async list() {
      await assertInitialized();
      return listGpgFiles(dir);
    },
    async set(path, value) {
      // A reference reads the first line alone (pass's convention): the rest would be lost to it.
      if (/\r?\n/.test(value.replace(/\r?\n$/, ''))) {
        throw new CodedError('invalid_input', `The value for "${path}" has several lines, and a \${secret:${name}:…} reference reads only the first line of a pass entry; nothing was stored.`, {
          hint: 'Keep a value of several lines in the vault instead (secrets set without --store, then ${secretFile:NAME} or ${secret:NAME}).',
        });
      }
      await assertInitialized();
      await assertInside(path);
      const result = await run(['insert', '--multiline', '--force', '--', path], `${value}\n`);
      if (result.code !== 0) throw storeUnavailable(name, `could not store "${path}" (${firstLine(result.stderr, undefined, [dir])})`, 'Check that pass and your GPG key work in a terminal.');
    },
    async delete(path) {
      await assertInitialized();
      await assertInside(path);
      if (!(await isFile(fileOf(path)))) return false;
      const result = await run(['rm', '--force', '--', path]);
      if (result.code !== 0) throw storeUnavailable(name, `could not delete "${path}" (${firstLine(result.stderr, undefined, [dir])})`, 'Check that pass works in a terminal.');
      return true;
    },
    health: () =>
      healthOf(async () => {
        await assertInitialized();
        const result = await run(['version']);
        if (result.code !== 0) throw storeUnavailable(name, `could not run pass (${firstLine(result.stderr, undefined, [dir])})`, 'Check that pass works in a terminal.');
        return `pass, store at ${dir}`;
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

async function listGpgFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH || found.length >= MAX_ENTRIES) return;
    const entries = await readdir(folder, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) await walk(full, depth + 1);
      else if (entry.isFile() && entry.name.endsWith('.gpg') && found.length < MAX_ENTRIES) {
        found.push(relative(dir, full).split(sep).join('/').slice(0, -'.gpg'.length));
      }
    }
  };
  await walk(dir, 0);
  return found.sort();
}
