import { CodedError } from '../../shared/errors';
import type { SecretStoreConfig } from '../../shared/config';
import { couldMatchVaultKey, VAULT_KEYCHAIN_SERVICE } from '../../shared/vault';
import { runStoreProgram, type StoreProgramOptions } from './run-store-program';
import { firstLine, healthOf, storeUnavailable, type SecretStore } from './secret-store';
import { storeEnv } from './store-env';

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
  const run = (args: string[], input?: string) => runStoreProgram('secret-tool', args, { store: name, env, spawn: options.spawn, runs: options.runs, input, timeoutMs: config.timeoutMs });
  const noService = (stderr: string, fallback?: string) => secretServiceUnreachable(name, stderr, fallback);

  const locked = () =>
    storeUnavailable(name, 'is locked', 'Unlock your keyring (log in to your desktop, or unlock it in Passwords and Keys), then connect the server again.');

  return {
    name,
    type: 'secret-service',
    abilities: { list: false, set: true, delete: true },
    async get(path) {
      const attributes = attributesOf(path);
      const result = await run(['lookup', ...attributes]);
      if (result.code === 0 && result.stdout !== '') return result.stdout;
      if (result.stderr.trim() !== '') throw noService(result.stderr);
      // Nothing printed: no such item, or a locked one. The search says which; its output is never kept.
      const search = await run(['search', ...attributes]);
      if (/locked/i.test(search.stderr)) throw locked();
      if (search.code !== 0 && search.stderr.trim() !== '') throw noService(search.stderr);
      return undefined;
    },
    async set(path, value) {
      const result = await run(['store', `--label=${path}`, ...attributesOf(path)], value);
      if (result.code !== 0) throw /locked|dismissed/i.test(result.stderr) ? locked() : noService(result.stderr, `secret-tool exited with code ${result.code ?? '?'}`);
    },
    async delete(path) {
      const attributes = attributesOf(path);
      const existed = (await run(['lookup', ...attributes])).stdout !== '';
      const result = await run(['clear', ...attributes]);
      if (result.code !== 0 && result.stderr.trim() !== '') throw noService(result.stderr);
      return existed;
    },
    health: () =>
      healthOf(async () => {
        const result = await run(['search', 'connected-services-probe', 'health']);
        if (result.code !== 0 && result.stderr.trim() !== '') throw noService(result.stderr);
        return 'the Secret Service on the session bus';
      }),
  };
}
