import { findLiteralSecrets, looksLikeJson, parsePastedEntry, SERVER_NAME, splitCommandLine, type ServerConfig, isStdio } from '../../../shared/config';
import { secretReference, type ServerPlan } from '../../../shared/catalog';
import { serverNameAdvice } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { looksSecret, secretHeaderNamed } from '../../../shared/text';
import { clientAddCommand, type ClientAddCommand } from './client-add-command';
import { pastedAddress } from './pasted-address';

/** The shell's working folders (POSIX `PWD`, `OLDPWD`): a path, though `pwd` alone reads as a password. */
const SHELL_FOLDER_VARIABLE: ReadonlySet<string> = new Set(['PWD', 'OLDPWD']);

/** One server read from the pasted text, named, with what the person should know about it. */
export interface PastedRow {
  name: string;
  config: ServerConfig;
  warnings: string[];
}

/** Programs that run another (its name is in their arguments), and their subcommands (`uv run`, `pnpm dlx`). */
const LAUNCHERS: ReadonlySet<string> = new Set(['npx', 'uvx', 'uv', 'node', 'python', 'python3', 'docker', 'podman', 'bunx', 'bun', 'deno', 'pnpm', 'npm', 'yarn', 'pipx', 'java', 'go', 'dotnet']);
const SUBCOMMANDS: ReadonlySet<string> = new Set(['run', 'exec', 'x', 'dlx', 'tool', 'install', 'add']);
/** File and folder names that say nothing of the server: the folder above names it (`/srv/weather/index.js` → weather). */
const GENERIC_PARTS: ReadonlySet<string> = new Set(['index', 'main', 'server', 'app', 'cli', 'start', 'run', 'dist', 'build', 'src', 'bin', 'lib', 'out', 'node_modules', 'mcp', 'mcp-server']);
/** What names an MCP server as one (`server-memory`, `mcp-server-time`, `github-mcp-server`): the rest says which. */
const MCP_AFFIXES = /^(?:mcp-server-|server-|mcp-)(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?:-mcp-server|-mcp)$/g;

/** A name from one word of the command line, or undefined: inline code, a number, a variable's name, a launcher. */
function nameFromWord(word: string): string | undefined {
  if (!/^[@A-Za-z0-9._~/\\:+-]+$/.test(word) || /^\d+$/.test(word) || /^[A-Z][A-Z0-9_]*$/.test(word)) return undefined;
  if (LAUNCHERS.has(word) || SUBCOMMANDS.has(word)) return undefined;
  // `@scope/pkg@1.2` and `image:tag` without their version, `jsr:@scope/pkg` without its registry.
  const bare = word.replace(/^(?:jsr|npm|pypi|docker):/, '').replace(/(.)@[^@/\\]*$/, '$1').replace(/:[\w.-]*$/, '');
  const parts = bare.split(/[\\/]/).map((part) => part.replace(/\.(m?js|cjs|py|ts|jar|exe)$/, ''));
  for (let at = parts.length - 1; at >= 0; at--) {
    const clean = (parts[at] ?? '').replace(/[^A-Za-z0-9_-]/g, '-').replace(/^[^A-Za-z0-9]+/, '').replace(MCP_AFFIXES, '').slice(0, 48);
    if (clean !== '' && !GENERIC_PARTS.has(clean) && !LAUNCHERS.has(clean) && SERVER_NAME.test(clean)) return clean;
  }
  return undefined;
}

/** A server name from a command's package or program (`@scope/server-memory` → `server-memory`), else `service`. */
export function suggestName(config: ServerConfig): string {
  if (!isStdio(config)) return nameFromWord(new URL(config.url).hostname.split('.').slice(-2, -1)[0] ?? '') ?? 'service';
  // The folder it runs in (`cd ~/src/notes && npm start`) names it when its words do not.
  for (const word of [...(config.args ?? []), config.command, ...(config.cwd !== undefined ? [config.cwd] : [])]) {
    if (word.startsWith('-')) continue;
    const name = nameFromWord(word);
    if (name !== undefined) return name;
  }
  return 'service';
}

/**
 * Reads what was pasted: an `mcpServers` / `servers` JSON entry (Claude, Cursor, VS Code) or a shell
 * command line, split by shell rules. `name` names a command line or an unnamed entry; a bad one is
 * refused with a name that would do, none of `taken`.
 */
export function readPaste(text: string, name: string, taken: readonly string[] = []): PastedRow[] {
  const given = name.trim();
  const advice = given === '' ? undefined : serverNameAdvice(given, taken, 'service');
  if (advice !== undefined) throw new CodedError('invalid_input', `"${given.slice(0, 60)}" is not a valid service name: ${advice.rule}`, { hint: advice.hint });
  if (text.trim() === '') throw new CodedError('invalid_input', 'nothing was pasted', { hint: 'Paste a command line or an mcpServers entry.' });
  // A service's address as its README gives it (https://…/mcp): an HTTP entry, never a program named so.
  const address = pastedAddress(text);
  if (address !== undefined) {
    return parsePastedEntry(JSON.stringify({ url: address })).map((server) => ({ name: given !== '' ? given : suggestName(server.config), config: server.config, warnings: server.warnings }));
  }
  if (looksLikeJson(text)) {
    const found = parsePastedEntry(text);
    return found.map((server) => ({
      name: server.name ?? (given !== '' ? given : suggestName(server.config)),
      config: server.config,
      warnings: server.warnings,
    }));
  }
  const split = splitCommandLine(text.trim());
  const added = clientAddCommand(split);
  if (added !== undefined) return [fromClientAddCommand(added, given)];
  const config: ServerConfig = {
    command: split.command,
    ...(split.args.length > 0 ? { args: split.args } : {}),
    ...(Object.keys(split.env).length > 0 ? { env: split.env } : {}),
    ...(split.cwd !== undefined ? { cwd: split.cwd } : {}),
  };
  return [{ name: given !== '' ? given : suggestName(config), config, warnings: split.warnings }];
}

/** The server a `claude mcp add …` line (or Codex's, Gemini CLI's) adds, named as it names it unless a name was typed. */
function fromClientAddCommand(added: ClientAddCommand, given: string): PastedRow {
  const line = `\`${added.program} mcp add\``;
  if (added.entryJson === undefined) {
    throw new CodedError('invalid_input', `this ${line} names no command or address to add`, { hint: `Paste the whole line from the service's instructions, with what follows the name (\`-- npx …\` or its address).` });
  }
  const [server] = parsePastedEntry(added.entryJson);
  if (server === undefined) throw new CodedError('invalid_input', `this ${line} adds no service`, { hint: 'Paste the service\'s command line or its address instead.' });
  const own = added.name !== undefined && SERVER_NAME.test(added.name) ? added.name : undefined;
  const note = `Read as the service that ${line} adds to ${added.client}, not as the ${added.program} command itself`;
  return { name: given !== '' ? given : (own ?? suggestName(server.config)), config: server.config, warnings: [note, ...added.warnings, ...server.warnings] };
}

/**
 * The row as a plan to add: literal values of secret-named variables and headers (`API_KEY=…`,
 * `Authorization`) and secrets in a program's arguments go to the vault, scoped to the server, and
 * the entry refers to them.
 */
export function pastedPlan(row: PastedRow): ServerPlan {
  const secrets: ServerPlan['secrets'] = [];
  const move = (record: Record<string, string> | undefined, secretLike: (name: string) => boolean) => {
    if (!record) return undefined;
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(record)) {
      if (value !== '' && !value.includes('${') && secretLike(key)) {
        const secret = key.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 128);
        secrets.push({ name: secret, value });
        out[key] = secretReference(secret);
      } else out[key] = value;
    }
    return out;
  };
  const config: ServerConfig =
    isStdio(row.config)
      ? { ...row.config, ...(row.config.env ? { env: move(row.config.env, (k) => !SHELL_FOLDER_VARIABLE.has(k) && looksSecret({ name: k })) ?? {} } : {}), ...movedArgs(row, secrets) }
      : { ...row.config, ...(row.config.headers ? { headers: move(row.config.headers, (k) => secretHeaderNamed(k) || looksSecret({ name: k })) ?? {} } : {}) };
  return { name: row.name, config, secrets };
}

/**
 * A program's arguments with each secret in clear (`--api-key abc…`, a token's shape), as `servers
 * add` judges them (findLiteralSecrets), moved to the vault: the entry was refused at Add, naming a
 * command to run, where the value pasted could go where the variables' go. Empty when none moves.
 */
function movedArgs(row: PastedRow, secrets: ServerPlan['secrets']): { args?: string[] } {
  const args = isStdio(row.config) ? row.config.args : undefined;
  if (args === undefined) return {};
  const found = findLiteralSecrets(row.name, row.config).filter((secret) => secret.field.startsWith('args.'));
  if (found.length === 0) return {};
  const out = [...args];
  for (const secret of found) {
    const at = Number(secret.field.slice('args.'.length));
    const name = secret.preferredName.replace(/[^A-Za-z0-9_.]/g, '_');
    secrets.push({ name, value: secret.value });
    out[at] = secret.replacement(name);
  }
  return { args: out };
}
