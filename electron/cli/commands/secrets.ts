import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CodedError } from '../../../shared/errors';
import { closestWord } from '../../../shared/text';
import type { AppApi } from '../../../shared/api';
import type { CorruptFile } from '../../../shared/vault';
import { askHidden, readStdin } from '../hidden-input';
import { confirm } from '../prompt';
import { deleteOriginal, MAX_SECRET_FILE_BYTES, originalDescribed, readSecretFile, type SecretFileOrigin } from '../secret-file-input';
import { hintText, printJson, table } from '../output';
import type { CliContext } from '../context';
import type { Run } from '../runner';
import { registerSecretStores } from './secret-stores';
import { refuseMemoryOnly } from '../memory-only-vault';
import { checkSecretInput } from './secret-input';
import { nonEmpty } from '../empty-values';
import { shellQuote } from '../../pool';

interface ScopeOptions {
  server?: string;
  /** Another secret store (docs/vault.md, "Secret stores"): NAME is a path in it. */
  store?: string;
}

interface SetOptions extends ScopeOptions {
  fromFile?: string;
  deleteOriginal?: boolean;
}

/** `secrets list` exits 1 (docs/cli.md, "Errors and exit codes") while secrets of a corrupt vault file are missing from it. */
const LOST_SECRETS_EXIT = 1;

/** What `secrets list` says while a vault file set aside as corrupt is still there (health.corruptFiles). */
export function lostVaultWarning(corruptFiles: readonly CorruptFile[]): { message: string; hint: string; corruptFiles: CorruptFile[] } | undefined {
  if (corruptFiles.length === 0) return undefined;
  const where = corruptFiles.map((file) => `${file.path} (${new Date(file.movedAt).toISOString()})`).join(', ');
  return {
    message: `The vault was found corrupt and moved aside to ${where}; the secrets it held are not available and are not listed here.`,
    hint: `Re-enter them with \`connected-services secrets set NAME\`, then delete ${corruptFiles.map((file) => file.path).join(', ')}.`,
    corruptFiles: corruptFiles.map((file) => ({ ...file })),
  };
}

/**
 * The file the secret came from, deleted once `holder` (the vault, a secret store) has stored it:
 * with --delete-original, or when the person says so at a terminal; else said to be still there.
 */
async function offerToDelete(ctx: Pick<CliContext, 'interactive' | 'output'>, origin: SecretFileOrigin, flagged: boolean, holder: string): Promise<void> {
  const original = originalDescribed(origin);
  if (!(flagged || (ctx.interactive && (await confirm(`Delete ${original} now that ${holder} holds it?`))))) {
    ctx.output.out(`${original} is still there; delete it once nothing else reads it (or run again with --delete-original).`);
    return;
  }
  await deleteOriginal(origin);
  ctx.output.out(`Deleted ${original}.`);
  // Another hard link keeps the content on disk: said, never hunted for.
  if (origin.links > 1n) ctx.output.out(`The file had ${origin.links - 1n} other name(s) (hard links), which still hold the secret: find them with \`find / -xdev -inum ${origin.ino}\` and delete them too.`);
}

/** A secret not kept where `delete` looked, naming the scopes where that name is kept (`secrets list` shows them as scopes). */
async function notStored(api: Pick<AppApi, 'listSecrets'>, name: string, server: string | undefined): Promise<CodedError> {
  const kept = await api.listSecrets({});
  const elsewhere = kept.filter((secret) => secret.name === name && secret.server !== server);
  const where = server === undefined ? '' : ` for server ${server}`;
  if (elsewhere.length === 0) {
    const meant = closestWord(name, [...new Set(kept.map((secret) => secret.name))]);
    return new CodedError('not_found', `No secret named ${name}${where}`, { hint: meant === undefined ? 'See `connected-services secrets list`' : `Did you mean ${meant}? \`connected-services secrets list\` lists them` });
  }
  const commands = elsewhere.map((secret) => `connected-services secrets delete ${name}${secret.server === undefined ? '' : ` --server ${secret.server}`}`);
  const scopes = elsewhere.map((secret) => (secret.server === undefined ? 'for every server' : `for server ${secret.server}`));
  return new CodedError('not_found', `No secret named ${name}${where}; ${name} is kept ${scopes.join(', ')}`, { hint: `To delete it: ${commands.map((c) => `\`${c}\``).join(' or ')}` });
}

export function registerSecrets(program: Command, run: Run): void {
  const secrets = program
    .command('secrets')
    .description('secrets in the vault, used in mcp.json as ${secret:NAME} (set, list, delete), and the other stores ${secret:STORE:PATH} reads (stores)');

  secrets
    .command('set <name>')
    .description('store a secret; the value is read from standard input, asked for without echo, or read from a file (--from-file), never taken as an argument')
    .option('--server <server>', 'only for this server (default: usable by every server)')
    .option('--store <store>', 'store it in this secret store instead (pass, secret-service, …); NAME is its path there, used as ${secret:STORE:NAME}')
    .option('--from-file <path>', 'the whole file is the value (a key or token file of several lines, at most 64 KiB)', nonEmpty('--from-file', '--from-file ~/keys/service.json'))
    .option('--delete-original', 'with --from-file: delete the file once the secret is stored (asked at a terminal otherwise)')
    .action((name: string, options: SetOptions) =>
      run(async (ctx) => {
        // What was typed is checked first, the file read (a path that is no file is a typo too), then the vault.
        checkSecretInput({ name, ...options });
        const file = options.fromFile === undefined ? undefined : resolve(options.fromFile);
        const storeCommand = ['connected-services', 'secrets', 'set', name, ...(options.server === undefined ? [] : ['--server', options.server]), ...(options.store === undefined ? [] : ['--store', options.store])].map(shellQuote).join(' ');
        const fromFile = file === undefined ? undefined : await readSecretFile(file, { storeCommand });
        const core = await ctx.core();
        // The vault that would keep it: the running app's, or this command's own.
        const health = (await core.api.status({})).vault;
        if (options.store === undefined) refuseMemoryOnly(health, 'secrets', 'nothing was stored');
        // The value is typed or read only once it can be kept.
        const value = fromFile?.value ?? (process.stdin.isTTY ? await askHidden(`Value for ${name}: `) : await readStdin());
        if (value === '') {
          throw new CodedError('invalid_input', 'The value is empty; nothing was stored', {
            hint: `Type the value when asked, or give it on standard input (printf '%s' VALUE | ${storeCommand}); to remove a secret: connected-services secrets delete ${shellQuote(name)}`,
          });
        }
        // The vault's bound (setSecret counts characters), said plainly rather than as the schema's words.
        if (value.length > MAX_SECRET_FILE_BYTES) {
          throw new CodedError('invalid_input', `The value is longer than ${MAX_SECRET_FILE_BYTES / 1024} KiB (${value.length} characters), more than one secret may hold; nothing was stored`, {
            hint: 'Store a key or token, not a bundle: split it into several secrets, or check that the right value was piped in.',
          });
        }
        const bomNote = fromFile?.bomDropped === true ? ["The byte order mark that began the file (an editor's mark, never part of a key) was left out."] : [];
        if (options.store !== undefined) {
          // The file goes only once the store said it saved the value (setStoreSecret resolved).
          await core.api.setStoreSecret({ store: options.store, path: name, value });
          ctx.output.out(`Stored ${name} in the secret store ${options.store}. Use it in mcp.json as \${secret:${options.store}:${name}}.`);
          for (const line of bomNote) ctx.output.out(line);
          if (fromFile !== undefined) await offerToDelete(ctx, fromFile.origin, options.deleteOriginal === true, `the secret store ${options.store}`);
          return;
        }
        const { warning } = await core.api.setSecret({ name, value, ...(options.server ? { server: options.server } : {}) });
        if (warning !== undefined) ctx.output.err(`warning: ${warning}`);
        if (fromFile === undefined) {
          ctx.output.out(`Stored ${name}. Use it in mcp.json as \${secret:${name}}.`);
          return;
        }
        const { origin } = fromFile;
        const lines = value.split('\n').filter((line) => line !== '').length;
        ctx.output.out(`Stored ${name} (${lines} line${lines === 1 ? '' : 's'}, ${Buffer.byteLength(value)} bytes) from ${origin.file}.`);
        for (const line of bomNote) ctx.output.out(line);
        ctx.output.out(`Use it in mcp.json as \${secretFile:${name}} (a program that wants a file path) or \${secret:${name}}.`);
        await offerToDelete(ctx, origin, options.deleteOriginal === true, 'the vault');
      }),
    );

  secrets
    .command('list')
    .description('list secret names (never values)')
    .option('--store <store>', "list the paths of this secret store instead (where it can list them: pass, keepassxc, the vault)")
    .option('--json', 'print JSON')
    .action((options: { json?: boolean; store?: string }) =>
      run(async (ctx) => {
        checkSecretInput(options);
        const core = await ctx.core();
        if (options.store !== undefined) {
          const paths = await core.api.listStoreSecrets({ store: options.store });
          if (options.json) printJson(ctx.output, paths);
          else if (paths.length === 0) ctx.output.out(`No entries in the secret store ${options.store}.`);
          else for (const path of paths) ctx.output.out(path);
          return 0;
        }
        const list = await core.api.listSecrets({});
        // Secrets of a vault file set aside as corrupt are missing from this list: say so, never "none stored".
        const lost = lostVaultWarning((await core.api.status({})).vault.corruptFiles);
        if (lost) {
          if (options.json) ctx.output.err(JSON.stringify({ warning: lost }));
          else for (const line of [`warning: ${lost.message}`, `  hint: ${hintText(lost.hint)}`]) ctx.output.err(line);
        }
        const code = lost ? LOST_SECRETS_EXIT : 0;
        if (options.json) printJson(ctx.output, list);
        else if (list.length === 0) ctx.output.out(lost ? 'No secrets in the current vault.' : 'No secrets stored.');
        else for (const line of table([['NAME', 'SCOPE'], ...list.map((s) => [s.name, s.server ?? 'all servers'])])) ctx.output.out(line);
        return code;
      }),
    );

  secrets
    .command('delete <name>')
    .description('delete a secret')
    .option('--server <server>', 'the server the secret belongs to')
    .option('--store <store>', 'delete the path NAME of this secret store instead (pass, secret-service, …)')
    .action((name: string, options: ScopeOptions) =>
      run(async (ctx) => {
        checkSecretInput({ name, ...options });
        if (options.store !== undefined) {
          const { deleted } = await (await ctx.core()).api.deleteStoreSecret({ store: options.store, path: name });
          if (!deleted) throw new CodedError('not_found', `The secret store ${options.store} holds nothing at ${name}`, { hint: `See \`connected-services secrets list --store ${options.store}\`` });
          ctx.output.out(`Deleted ${name} from the secret store ${options.store}.`);
          return;
        }
        const api = (await ctx.core()).api;
        const { deleted } = await api.deleteSecret({ name, ...(options.server ? { server: options.server } : {}) });
        if (!deleted) throw await notStored(api, name, options.server);
        ctx.output.out(`Deleted ${name}.`);
      }),
    );
  registerSecretStores(secrets, run);
}
