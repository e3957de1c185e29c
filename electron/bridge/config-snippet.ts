import { CONFIG_TARGETS, type ConfigTarget } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import type { AgentClient } from './agent-schema';
import { entryName, inputId } from './client-entry-name';
import { clientEntry, DEFAULT_STDIO_COMMAND, TOKEN_ENV, tokenReference, type StdioCommand } from './client-entries';

export { DEFAULT_STDIO_COMMAND, TOKEN_ENV, type StdioCommand } from './client-entries';

/** Every client of shared/api/agent-clients.ts has a configuration to print. */
export const SNIPPET_TARGETS = CONFIG_TARGETS;
export type SnippetTarget = ConfigTarget;

export interface SnippetOptions {
  for: SnippetTarget;
  bridgeUrl: string;
  /** How the client starts the stdio shim (Claude Desktop, ACP stdio); an absolute command line where not installed globally. Default: `connected-services bridge --stdio`. */
  stdioCommand?: StdioCommand;
  /** The entry's name in the client's config. Default: the one `agents connect` writes (`connected-services-<agent>`). */
  entryName?: string;
}

/**
 * The configuration shown when none is named (`agents config NAME`, the app's "Show configuration to paste"): the
 * client its names are made for, else Claude Code's; `why` says which it assumed and why, in words.
 */
export function assumedTarget(client: AgentClient | undefined): { target: SnippetTarget; why: string } {
  const known = SNIPPET_TARGETS.find((t) => t === client);
  if (known !== undefined) return { target: known, why: `${known}, the client its names are made for` };
  const reason =
    client === undefined
      ? 'no client is recorded for it'
      : typeof client === 'number'
        ? `its names are made for a client prefix of ${client} characters, not a client named here`
        : `there is no configuration to print for ${client}`;
  return { target: 'claude-code', why: `claude-code, as ${reason}` };
}

/** A TOML key: bare where its characters allow (TOML 1.0 §Keys), else a basic string. */
function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key);
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Where the snippet goes (each client's user configuration: never a project file, which people commit). */
export function snippetFile(target: SnippetTarget, agent: string, platform: NodeJS.Platform = process.platform): string | undefined {
  const written = (client: string) => ` — or let \`connected-services agents connect ${JSON.stringify(agent)} --client ${client}\` write it there`;
  switch (target) {
    case 'claude-code':
      return `~/.claude.json, under "mcpServers"${written('claude-code')}`;
    case 'cursor':
      return `~/.cursor/mcp.json${written('cursor')}`;
    case 'vscode':
      return `your profile's mcp.json (MCP: Open User Configuration)${written('vscode')}`;
    case 'claude-desktop':
      return `${
        platform === 'darwin'
          ? '~/Library/Application Support/Claude/claude_desktop_config.json'
          : platform === 'win32'
            ? '%APPDATA%\\Claude\\claude_desktop_config.json'
            : '~/.config/Claude/claude_desktop_config.json'
      }${written('claude-desktop')}`;
    case 'windsurf':
      return `~/.codeium/windsurf/mcp_config.json${written('windsurf')}`;
    case 'gemini-cli':
      return `~/.gemini/settings.json, under "mcpServers"${written('gemini-cli')}`;
    case 'codex':
      return `~/.codex/config.toml (where CODEX_HOME is set, config.toml in that folder); \`connected-services agents connect ${JSON.stringify(agent)} --client codex\` prints the same and writes nothing`;
    case 'acp':
      return undefined;
  }
}

/**
 * Ready-to-paste client configuration for an agent. `token` is null when it is no longer known
 * (it is shown once): the entry then refers to the token the way the client expands one
 * (`${env:CONNECTED_SERVICES_TOKEN}`, VS Code's `${input:…}`), or names the place to paste it.
 */
export function configSnippet(agentName: string, token: string | null, options: SnippetOptions): string {
  const name = options.entryName ?? entryName(agentName);
  const source = token === null ? ({ reference: true } as const) : { token };
  const entryOptions = { bridgeUrl: options.bridgeUrl, inputId: inputId(agentName), agent: agentName, ...(options.stdioCommand ? { stdioCommand: options.stdioCommand } : {}) };
  switch (options.for) {
    case 'claude-code':
    case 'cursor':
    case 'claude-desktop':
    case 'windsurf':
    case 'gemini-cli': {
      const { entry } = clientEntry(options.for, source, entryOptions);
      return json({ mcpServers: { [name]: entry } });
    }
    case 'vscode': {
      const { entry, input } = clientEntry('vscode', source, entryOptions);
      return json({ ...(input ? { inputs: [input] } : {}), servers: { [name]: entry } });
    }
    case 'codex':
      // Codex's streamable HTTP server table: it sends the variable's value as the bearer token, so the file never holds one.
      return `[mcp_servers.${tomlKey(name)}]\nurl = ${JSON.stringify(options.bridgeUrl)}\nbearer_token_env_var = ${JSON.stringify(TOKEN_ENV)}\n`;
    case 'acp': {
      // ACP `session/new` params.mcpServers[] entries, one per transport: stdio, which every ACP agent
      // supports, and HTTP for agents that announce mcpCapabilities.http (env and headers as name/value pairs).
      const secret = token ?? tokenReference('acp');
      const stdio = options.stdioCommand ?? DEFAULT_STDIO_COMMAND;
      const env = Object.entries({ ...stdio.env, [TOKEN_ENV]: secret }).map(([key, value]) => ({ name: key, value }));
      return json({
        stdio: { name, command: stdio.command, args: stdio.args, env },
        http: { type: 'http', name, url: options.bridgeUrl, headers: [{ name: 'Authorization', value: `Bearer ${secret}` }] },
      });
    }
    default: {
      const unknown: never = options.for;
      throw new CodedError('invalid_input', `unknown client "${String(unknown)}"`, { hint: `use one of ${SNIPPET_TARGETS.join(', ')}` });
    }
  }
}
