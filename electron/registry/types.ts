import type { CoreEnvOptions } from '../../shared/core-env';
import type { ConfigIssue, McpConfig, ServerConfig, ServerDiff, Settings, StdioServerConfig } from '../../shared/config';
import type { Approval, ImportReport, ImportSource } from '../../shared/api';
import type { ApprovalRecord } from './command-approvals';
import type { SecretSink } from './import-secrets';

/** `env` is read on import (other clients' configs); `log` gets diagnostic lines, already redacted. */
export interface RegistryOptions extends CoreEnvOptions {
  /** Servers written on first run (no mcp.json yet); pre-approved because the project ships them. */
  demoServers?: () => Record<string, StdioServerConfig>;
  /** Debounce for file-watch events. */
  debounceMs?: number;
  /** Home directory used to find other clients' configs on import. */
  homeDir?: string;
  platform?: NodeJS.Platform;
  /** Project folder searched for project configs on import (`.mcp.json`, `.cursor/`, `.vscode/`). Default: process.cwd(). */
  cwd?: string;
  /** Where import moves literal secrets (the vault); without it they stay in the entries. */
  secretSink?: SecretSink;
  /** Deletes a secret the sink created (by the name it answered) when the import that moved it fails. */
  secretUnsink?: (server: string, name: string) => Promise<void>;
  /** Servers declared in code (openConnectedServices): beside mcp.json's, never written to it; a name in both is refused. */
  codeServers?: Record<string, ServerConfig>;
}

export interface RegistryEvents {
  /** A new valid config was loaded; diff against the previous good one. */
  change: { config: McpConfig; diff: ServerDiff };
  /** The current file problems (empty when fixed). The last good config stays in force. */
  issues: { issues: ConfigIssue[] };
  /** approvals.json was changed by another process (the CLI) while watching: these configured servers' approval changed. */
  approvals: { servers: string[] };
}

export interface CommandApprovalStore {
  /**
   * For stdio, whether this server name was approved with this exact command, args, folder and env; for
   * http, `not_needed` unless it sends a secret (fingerprint.ts `sendsSecret`), then whether its URL and headers were approved.
   */
  status(name: string, config: ServerConfig): Approval;
  approve(name: string, config: ServerConfig): Promise<void>;
  /** The record `name` holds now (opaque), to hand back to `restore`. */
  recordOf(name: string): ApprovalRecord | undefined;
  /** Puts `name`'s approval back as `recordOf` read it (undefined: none). */
  restore(name: string, previous: ApprovalRecord | undefined): Promise<void>;
  /** approvals.json. */
  readonly file: string;
  /** Why the file was ignored at its last read (not valid JSON, …): every entry then waits for approval. */
  ignoredBecause(): string | undefined;
}

export interface ImportOptions {
  /** Credential files named in env: move their contents into the vault as `${secretFile:…}`, or leave them (reported). */
  credentialFiles?: 'move' | 'leave';
  /** The running agent bridge's URLs (it may have taken a free port): entries calling them are not imported. */
  ownBridgeUrls?: readonly string[];
  /** The agent whose token this is: an entry sending one of our agents' tokens to a local address is not imported. */
  tokenAgent?: (token: string) => string | undefined;
}

/** Keys of `settings` to write; `null` removes the key. */
export type SettingsChanges = { [K in keyof Settings]?: Settings[K] | null };

export interface Registry {
  readonly dataDir: string;
  readonly file: string;
  /** The last good config. */
  config(): McpConfig;
  /** The entry named `name`. @throws CodedError not_found ("No server named … is configured", with what to do). */
  require(name: string): ServerConfig;
  issues(): ConfigIssue[];
  /** Re-reads the file now (the watcher calls this). */
  reload(): Promise<void>;
  /** Starts watching the file (and the target of a symlinked one) and approvals.json; changes emit `change`, `issues` or `approvals`. */
  watch(): void;
  on<E extends keyof RegistryEvents>(event: E, listener: (payload: RegistryEvents[E]) => void): () => void;
  /** Edits go through a lock and an atomic write; unknown keys of the file are kept. */
  addServer(name: string, config: ServerConfig): Promise<void>;
  /** Refuses now what `addServer` would refuse before writing (a taken or invalid name, mcp.json's total as written); writes nothing. */
  checkAdd(name: string): Promise<void>;
  /** Replaces the entry of an existing server (not_found otherwise). */
  updateServer(name: string, config: ServerConfig): Promise<void>;
  removeServer(name: string): Promise<void>;
  setEnabled(name: string, enabled: boolean): Promise<void>;
  /** Writes these keys of `settings` (null removes one: its default again); the whole file is validated first. */
  setSettings(changes: SettingsChanges): Promise<void>;
  readonly approvals: CommandApprovalStore;
  importFrom(source: ImportSource, path?: string, options?: ImportOptions): Promise<ImportReport>;
  /** Refuses now what `importFrom` would refuse before writing (an unknown source, a file it cannot read, mcp.json's total); writes nothing. */
  checkImport(source: ImportSource, path?: string, options?: ImportOptions): Promise<void>;
  /** Whether this server was declared in code (listed beside mcp.json's, not editable here). */
  fromCode(name: string): boolean;
  /** Declares servers in code, beside mcp.json's; a name mcp.json has too is an error naming both places. */
  declareFromCode(servers: Record<string, ServerConfig>): Promise<void>;
  /** Forgets servers declared in code (their program closed). */
  forgetFromCode(names: string[]): Promise<void>;
  close(): Promise<void>;
}
