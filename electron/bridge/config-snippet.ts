import { CodedError } from '../../shared/errors';

export const SNIPPET_TARGETS = ['claude-code', 'claude-desktop', 'cursor', 'vscode', 'acp'] as const;
export type SnippetTarget = (typeof SNIPPET_TARGETS)[number];

export interface StdioCommand {
  command: string;
  /** Including `bridge --stdio`. */
  args: string[];
  /** Besides the token (Electron's binary runs our CLI only with ELECTRON_RUN_AS_NODE). */
  env?: Record<string, string>;
}

export interface SnippetOptions {
  for: SnippetTarget;
  bridgeUrl: string;
  /** How the client starts the stdio shim (Claude Desktop, ACP stdio); an absolute command line where not installed globally. Default: `connected-services bridge --stdio`. */
  stdioCommand?: StdioCommand;
  /** The entry's name in the client's config. Default: `connected-services`. */
  entryName?: string;
}

export const TOKEN_ENV = 'CONNECTED_SERVICES_TOKEN';
export const DEFAULT_STDIO_COMMAND: StdioCommand = { command: 'connected-services', args: ['bridge', '--stdio'] };
const DEFAULT_ENTRY = 'connected-services';

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Where the snippet goes, in words a person can follow (undefined for ACP: it goes in code). */
export function snippetFile(target: SnippetTarget, platform: NodeJS.Platform = process.platform): string | undefined {
  switch (target) {
    case 'claude-code':
      return '.mcp.json in your project (or `claude mcp add-json connected-services \'<the "connected-services" object>\'`)';
    case 'cursor':
      return '~/.cursor/mcp.json (all projects) or .cursor/mcp.json (one project)';
    case 'vscode':
      return '.vscode/mcp.json in your workspace';
    case 'claude-desktop':
      return platform === 'darwin'
        ? '~/Library/Application Support/Claude/claude_desktop_config.json'
        : platform === 'win32'
          ? '%APPDATA%\\Claude\\claude_desktop_config.json'
          : '~/.config/Claude/claude_desktop_config.json';
    case 'acp':
      return undefined;
  }
}

/**
 * Ready-to-paste client configuration for an agent. `token` is null when it is no longer known
 * (it is shown once): a placeholder says what to put there.
 */
export function configSnippet(agentName: string, token: string | null, options: SnippetOptions): string {
  const secret = token ?? `<token of agent "${agentName}">`;
  const name = options.entryName ?? DEFAULT_ENTRY;
  const url = options.bridgeUrl;
  const authorization = `Bearer ${secret}`;
  switch (options.for) {
    case 'claude-code':
      // `.mcp.json` in a project (or `claude mcp add-json`): Streamable HTTP with headers.
      return json({ mcpServers: { [name]: { type: 'http', url, headers: { Authorization: authorization } } } });
    case 'cursor':
      // `~/.cursor/mcp.json`: a `url` entry is a remote (Streamable HTTP) server.
      return json({ mcpServers: { [name]: { url, headers: { Authorization: authorization } } } });
    case 'vscode':
      // `.vscode/mcp.json` (or the `mcp` user setting): top-level key `servers`.
      return json({ servers: { [name]: { type: 'http', url, headers: { Authorization: authorization } } } });
    case 'claude-desktop': {
      // claude_desktop_config.json takes local (stdio) servers only: the shim forwards to the bridge.
      const stdio = options.stdioCommand ?? DEFAULT_STDIO_COMMAND;
      return json({ mcpServers: { [name]: { command: stdio.command, args: stdio.args, env: { ...stdio.env, [TOKEN_ENV]: secret } } } });
    }
    case 'acp': {
      // ACP `session/new` params.mcpServers[] entries, one per transport: stdio, which every ACP agent
      // supports, and HTTP for agents that announce mcpCapabilities.http (env and headers as name/value pairs).
      const stdio = options.stdioCommand ?? DEFAULT_STDIO_COMMAND;
      const env = Object.entries({ ...stdio.env, [TOKEN_ENV]: secret }).map(([key, value]) => ({ name: key, value }));
      return json({
        stdio: { name, command: stdio.command, args: stdio.args, env },
        http: { type: 'http', name, url, headers: [{ name: 'Authorization', value: authorization }] },
      });
    }
    default: {
      const unknown: never = options.for;
      throw new CodedError('invalid_input', `unknown client "${String(unknown)}"`, { hint: `use one of ${SNIPPET_TARGETS.join(', ')}` });
    }
  }
}
