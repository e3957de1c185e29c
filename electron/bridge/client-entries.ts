import type { ConnectClient } from '../../shared/api';
import { headersHelper, shellLine, stdioHelper } from './helper-command';

/**
 * The one place that knows what each client's MCP entry for the bridge looks like: `agents config`
 * prints it, `agents connect` writes it. Formats, from each client's documentation:
 * - Claude Code: `~/.claude.json` `mcpServers`, `{ type: "http", url, headers }`; expands `${VAR}`.
 * - Claude Desktop: `claude_desktop_config.json` `mcpServers`, local (stdio) servers only.
 * - Cursor: `~/.cursor/mcp.json` `mcpServers`, `{ url, headers }`; expands `${env:VAR}`.
 * - VS Code: the profile's `mcp.json`, `servers` and `inputs`; `${input:ID}` asks once and keeps the
 *   answer in its secret storage.
 * - Windsurf: `~/.codeium/windsurf/mcp_config.json` `mcpServers`, `{ serverUrl, headers }`; `${env:VAR}`.
 * - Gemini CLI: `~/.gemini/settings.json` `mcpServers`, `{ httpUrl, headers }`; expands `${VAR}`.
 * Where we write the entry (`agents connect`), the token stays in our vault and the entry names a
 * helper that reads it when the client starts it (helper-command.ts): Claude Code's `headersHelper`
 * (a shell command whose output is the headers), and a stdio entry for the clients that start a
 * command (Claude Desktop, Cursor, Windsurf, Gemini CLI). VS Code keeps it in its secret storage.
 */
export interface StdioCommand {
  command: string;
  /** Including `bridge --stdio`. */
  args: string[];
  /** Besides the token (Electron's binary runs our CLI only with ELECTRON_RUN_AS_NODE). */
  env?: Record<string, string>;
}

export const TOKEN_ENV = 'CONNECTED_SERVICES_TOKEN';
export const DEFAULT_STDIO_COMMAND: StdioCommand = { command: 'connected-services', args: ['bridge', '--stdio'] };

/**
 * The token itself, the client's own reference to where it keeps it, or a helper that reads it from
 * our vault when the client starts it (`agent` names whose).
 */
export type TokenSource = { token: string } | { reference: true } | { helper: { agent: string } };

export interface ClientEntryOptions {
  bridgeUrl: string;
  stdioCommand?: StdioCommand;
  /** VS Code's input id; default `connected-services-token`. */
  inputId?: string;
  /** The agent whose entry it is: VS Code's `${input:…}` entry names it in AGENT_HEADER. */
  agent?: string;
  /** Where the helper runs (the shell quoting of Claude Code's `headersHelper`); default this process's. */
  platform?: NodeJS.Platform;
}

/**
 * Names the agent of a VS Code entry whose token VS Code keeps: the entry holds no token and no
 * helper's `--agent`, and its input id is the same for agents whose names differ only in case or
 * punctuation, so without it such twins' entries could not be told apart (entry-owner.ts).
 */
export const AGENT_HEADER = 'X-Connected-Services-Agent';

/** A VS Code `inputs` item: a password prompt whose answer VS Code keeps in its secret storage. */
export interface PromptInput {
  type: 'promptString';
  id: string;
  description: string;
  password: true;
}

export interface ClientEntry {
  /** The top-level key that holds the servers. */
  container: 'mcpServers' | 'servers';
  entry: Record<string, unknown>;
  /** VS Code only. */
  input?: PromptInput;
}

/** A value that stands for the token where the client expands one, else a plain word to replace. */
export function tokenReference(client: ConnectClient | 'acp', inputId = 'connected-services-token'): string {
  switch (client) {
    case 'claude-code':
    case 'gemini-cli':
      return `\${${TOKEN_ENV}}`;
    case 'cursor':
    case 'windsurf':
      return `\${env:${TOKEN_ENV}}`;
    case 'vscode':
      return `\${input:${inputId}}`;
    case 'claude-desktop':
    case 'acp':
      // No expansion there: a word that says what to do and still parses wherever it is pasted.
      return 'PASTE_THE_AGENT_TOKEN_HERE';
  }
}

/** Where the token is kept when the entry is written for the person: VS Code keeps its own. */
export function keepsTokenItself(client: ConnectClient): boolean {
  return client === 'vscode';
}

/** The entry that names a helper reading the token from our vault: no token in the file. */
function helperEntry(client: Exclude<ConnectClient, 'vscode'>, agent: string, options: ClientEntryOptions): ClientEntry {
  const stdio = options.stdioCommand ?? DEFAULT_STDIO_COMMAND;
  if (client === 'claude-code') {
    const line = shellLine(headersHelper(stdio, agent), options.platform ?? process.platform);
    if (line !== undefined) return { container: 'mcpServers', entry: { type: 'http', url: options.bridgeUrl, headersHelper: line } };
  }
  const helper = stdioHelper(stdio, agent);
  const entry = { command: helper.command, args: helper.args, ...(helper.env !== undefined ? { env: helper.env } : {}) };
  return { container: 'mcpServers', entry: client === 'claude-code' ? { type: 'stdio', ...entry } : entry };
}

export function clientEntry(client: ConnectClient, source: TokenSource, options: ClientEntryOptions): ClientEntry {
  const inputId = options.inputId ?? 'connected-services-token';
  if ('helper' in source && client !== 'vscode') return helperEntry(client, source.helper.agent, options);
  const secret = 'token' in source ? source.token : tokenReference(client, inputId);
  const url = options.bridgeUrl;
  const headers = { Authorization: `Bearer ${secret}` };
  switch (client) {
    case 'claude-code':
      return { container: 'mcpServers', entry: { type: 'http', url, headers } };
    case 'cursor':
      return { container: 'mcpServers', entry: { url, headers } };
    case 'windsurf':
      return { container: 'mcpServers', entry: { serverUrl: url, headers } };
    case 'gemini-cli':
      return { container: 'mcpServers', entry: { httpUrl: url, headers } };
    case 'vscode': {
      const agent = 'helper' in source ? source.helper.agent : options.agent;
      const vsHeaders = 'token' in source ? headers : { Authorization: `Bearer \${input:${inputId}}`, ...(agent !== undefined ? { [AGENT_HEADER]: agent } : {}) };
      const input: PromptInput = { type: 'promptString', id: inputId, description: 'Connected Services: the agent token (kept by VS Code)', password: true };
      return { container: 'servers', entry: { type: 'http', url, headers: vsHeaders }, ...('token' in source ? {} : { input }) };
    }
    case 'claude-desktop': {
      // claude_desktop_config.json takes local (stdio) servers only: the shim forwards to the bridge.
      const stdio = options.stdioCommand ?? DEFAULT_STDIO_COMMAND;
      return { container: 'mcpServers', entry: { command: stdio.command, args: stdio.args, env: { ...stdio.env, [TOKEN_ENV]: secret } } };
    }
  }
}

/** What `agents connect` writes for this client, and why, in words (`agents config` shows it). */
export function describeConnectEntry(client: ConnectClient | 'codex' | 'acp', agent: string): string | undefined {
  const connect = `\`connected-services agents connect "${agent}" --client ${client}\``;
  switch (client) {
    case 'claude-code':
      return `${connect} writes no token: its headersHelper runs \`connected-services bridge headers --agent "${agent}"\`, which reads the token from the vault each time Claude Code connects`;
    case 'claude-desktop':
    case 'cursor':
    case 'windsurf':
    case 'gemini-cli':
      return `${connect} writes no token: the client starts \`connected-services bridge --stdio --agent "${agent}"\`, which reads it from the vault (no variable to set, nothing secret in the file)`;
    case 'vscode':
      return `${connect} writes the \${input:…} prompt: VS Code asks for the token once and keeps it in its secret storage`;
    case 'codex':
      return `${connect} prints this same table and writes nothing: ~/.codex/config.toml is TOML, which is not edited here, so the rest of it stays as you keep it`;
    case 'acp':
      return undefined;
  }
}
