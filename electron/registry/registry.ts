import os from 'node:os';
import path from 'node:path';
import {
  canonicalJson,
  DEFAULT_BRIDGE_PORT,
  diffServers,
  formatIssue,
  isRecord,
  type ConfigIssue,
  type McpConfig,
  type ServerConfig,
} from '../../shared/config';
import type { ImportReport, ImportSource } from '../../shared/api';
import { resolveCoreEnv, type CoreEnv } from '../../shared/core-env';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { CodeServerRegistry } from './code-servers';
import { requireServer, serverNotConfigured } from './not-configured';
import { FileCommandApprovalStore } from './command-approvals';
import { renewShippedApprovals } from './renew-shipped';
import { editConfigFile, readRawConfig } from './config-file';
import { applySettingsChanges } from './settings-edit';
import { readConfig } from './config-read';
import { ensureDataDir } from './data-dir';
import { watchDirectory, type DirWatcher } from './dir-watcher';
import { LinkTargetWatcher } from './link-target-watcher';
import { Emitter } from '../../shared/events';
import { FileLock } from '../fs-safe';
import { createConfigIfMissing } from './first-run';
import type { ImportContext } from './import-locations';
import { applyImport, importWithUndo, planCheckedImport } from './import-apply';
import { keptVariablesOf } from './import-kept-variables';
import { refuseAdd } from './add-check';
import { isShippedDemo } from './shipped-demo';
import type { ImportOptions, Registry, RegistryEvents, RegistryOptions, SettingsChanges } from './types';

export const CONFIG_FILE = 'mcp.json';
export const APPROVALS_FILE = 'approvals.json';
const DEFAULT_DEBOUNCE_MS = 150;

function notFound(name: string): CodedError {
  return serverNotConfigured(name, { hint: 'Check the name; `connected-services servers list` shows the configured servers.' });
}

class FileRegistry implements Omit<Registry, 'fromCode' | 'declareFromCode' | 'forgetFromCode'> {
  readonly dataDir: string;
  readonly file: string;
  readonly approvals: FileCommandApprovalStore;
  readonly #options: RegistryOptions;
  readonly #core: CoreEnv;
  readonly #log: (line: string) => void;
  readonly #lock: FileLock;
  readonly #events: Emitter<RegistryEvents>;
  #config: McpConfig = { mcpServers: {} };
  #issues: ConfigIssue[] = [];
  #lastHash: string | undefined;
  /** A good config was loaded once: it stays in force over an emptied file. */
  #loaded = false;
  #reloads: Promise<void> = Promise.resolve();
  #watcher: DirWatcher | undefined;
  #linkWatcher: LinkTargetWatcher | undefined;
  #closed = false;
  readonly #isDemo = (name: string): boolean => isShippedDemo(this.#config, this.#options.demoServers, name);

  constructor(options: RegistryOptions) {
    this.#options = options;
    this.dataDir = options.dataDir;
    this.file = path.join(options.dataDir, CONFIG_FILE);
    this.#core = resolveCoreEnv(options, { env: process.env, log: () => undefined, now: Date.now });
    const { log } = this.#core;
    this.#log = (line) => log(redact(line));
    this.#lock = new FileLock(this.file, { label: 'mcp.json' });
    this.#events = new Emitter((error) => this.#log(`registry listener failed: ${String(error)}`));
    this.approvals = new FileCommandApprovalStore(path.join(options.dataDir, APPROVALS_FILE), { now: this.#core.now, log: this.#log });
  }

  async open(): Promise<void> {
    await ensureDataDir(this.dataDir);
    // approvals.json and mcp.json are read side by side (loading mcp.json reads no approval): each is a
    // trip through libuv's thread pool, and a `serve` start waits for both (docs/how-it-is-built.md).
    const configRead = createConfigIfMissing(this.file, this.#lock, this.#options.demoServers).then(async (created) => {
      if (!created) await this.reload();
      return created;
    });
    const [, created] = await Promise.all([this.approvals.load(), configRead]);
    if (created) {
      // The project ships these commands, so the person doesn't have to approve them.
      for (const [name, config] of Object.entries(created)) await this.approvals.approve(name, config);
      this.#log(`created ${this.file} with ${Object.keys(created).length} demo server(s)`);
      await this.reload();
    } else await renewShippedApprovals(this.approvals, this.#config, this.#options.demoServers, this.#log);
  }

  config(): McpConfig {
    return this.#config;
  }

  require(name: string): ServerConfig {
    return requireServer(this.#config, name);
  }

  issues(): ConfigIssue[] {
    return this.#issues;
  }

  on<E extends keyof RegistryEvents>(event: E, listener: (payload: RegistryEvents[E]) => void): () => void {
    return this.#events.on(event, listener);
  }

  /** Loads run one at a time, so events arrive in the order the file changed. */
  reload(): Promise<void> {
    const next = this.#reloads.then(() => this.#load());
    this.#reloads = next.catch((error: unknown) => this.#log(`reload failed: ${String(error)}`));
    return next;
  }

  async #load(): Promise<void> {
    if (this.#closed) return;
    const read = await readConfig(this.file, this.#lastHash, this.#loaded);
    if (read.kind === 'same') return;
    this.#lastHash = read.hash;
    if (read.kind === 'problem') {
      this.#setIssues(read.issues);
      return;
    }
    const { config, skipped } = read;
    const previous = this.#config;
    const issuesChanged = JSON.stringify(skipped) !== JSON.stringify(this.#issues);
    const recovered = this.#issues.length > 0 && skipped.length === 0;
    this.#config = config;
    this.#loaded = true;
    if (issuesChanged) this.#setIssues(skipped);
    if (recovered || canonicalJson(previous) !== canonicalJson(config)) {
      this.#events.emit('change', { config, diff: diffServers(previous, config) });
    }
  }

  #setIssues(issues: ConfigIssue[]): void {
    this.#issues = issues;
    // One line each, as every log line is written: a long-running serve shows them on its stderr.
    for (const issue of issues) this.#log(redact(`config problem: ${formatIssue(issue)}`));
    this.#events.emit('issues', { issues });
  }

  watch(): void {
    if (this.#closed || this.#watcher) return;
    const debounceMs = this.#options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    const linkWatcher = new LinkTargetWatcher({ file: this.file, debounceMs, log: this.#log, onChange: () => this.#configChanged() });
    this.#linkWatcher = linkWatcher;
    this.#watcher = watchDirectory({
      dir: this.dataDir,
      names: [CONFIG_FILE, APPROVALS_FILE],
      debounceMs,
      log: this.#log,
      onChange: (name) => {
        if (name === CONFIG_FILE) this.#configChanged();
        else this.#approvalsChanged().catch((error: unknown) => this.#log(`reading ${name} failed: ${String(error)}`));
      },
    });
    void linkWatcher.update();
  }

  /** mcp.json or its link target changed: reload, then follow the link again (it may point elsewhere now). */
  #configChanged(): void {
    this.reload()
      .then(() => this.#linkWatcher?.update())
      .catch((error: unknown) => this.#log(`reading ${CONFIG_FILE} failed: ${String(error)}`));
  }

  /** Another process (the CLI) approved a command: say whose approval changed, the UI learns only from events. */
  async #approvalsChanged(): Promise<void> {
    const servers = Object.entries(this.#config.mcpServers);
    const before = servers.map(([name, config]) => this.approvals.status(name, config));
    await this.approvals.load();
    const changed = servers.filter(([name, config], i) => this.approvals.status(name, config) !== before[i]).map(([name]) => name);
    if (changed.length > 0 && !this.#closed) this.#events.emit('approvals', { servers: changed });
  }

  async addServer(name: string, config: ServerConfig): Promise<void> {
    this.#assertOpen();
    await this.#edit(({ servers }) => {
      refuseAdd(servers, Object.keys(this.#config.mcpServers), name, this.#isDemo);
      servers[name] = config;
    });
    await this.reload();
  }

  async checkAdd(name: string): Promise<void> {
    this.#assertOpen();
    refuseAdd((await this.#fileConfig()).servers, Object.keys(this.#config.mcpServers), name, this.#isDemo);
  }

  /** An edit of mcp.json that never builds on an emptied file while servers are in force. */
  #edit<T>(mutate: Parameters<typeof editConfigFile<T>>[2]): Promise<T> {
    return editConfigFile(this.file, this.#lock, mutate, Object.keys(this.#config.mcpServers).length);
  }

  /** Replaces an entry in place (same key, same position); its approval is re-checked against the new entry. */
  async updateServer(name: string, config: ServerConfig): Promise<void> {
    this.#assertOpen();
    await this.#edit(({ servers }) => {
      if (!Object.hasOwn(servers, name)) throw notFound(name);
      servers[name] = config;
    });
    await this.reload();
  }

  async removeServer(name: string): Promise<void> {
    this.#assertOpen();
    await this.#edit(({ servers }) => {
      if (!Object.hasOwn(servers, name)) throw notFound(name);
      delete servers[name];
    });
    await this.reload();
  }

  async setEnabled(name: string, enabled: boolean): Promise<void> {
    this.#assertOpen();
    await this.#edit(({ servers }) => {
      const entry = Object.hasOwn(servers, name) ? servers[name] : undefined;
      if (!isRecord(entry)) throw notFound(name);
      // Enabled is the default, so enabling removes the flag rather than writing `true`.
      if (enabled) delete entry['enabled'];
      else entry['enabled'] = false;
    });
    await this.reload();
  }

  async setSettings(changes: SettingsChanges): Promise<void> {
    this.#assertOpen();
    await this.#edit(({ raw }) => applySettingsChanges(raw, changes));
    await this.reload();
  }

  async importFrom(source: ImportSource, importPath?: string, options: ImportOptions = {}): Promise<ImportReport> {
    this.#assertOpen();
    const context = this.#importContext(options);
    const file = await this.#fileConfig();
    const plan = await planCheckedImport(source, importPath, context, file.servers, keptVariablesOf(file.raw));
    const move = options.credentialFiles === 'move';
    const report = await importWithUndo(this.#options.secretSink, this.#options.secretUnsink, (sink) =>
      this.#edit(({ raw, servers }) => applyImport(plan, servers, source, { sink, move, homeDir: context.homeDir, kept: keptVariablesOf(raw) })),
    );
    await this.reload();
    this.#log(`import from ${source}: ${report.added.length} added, ${report.skipped.length} skipped`);
    return report;
  }

  async checkImport(source: ImportSource, importPath?: string, options: ImportOptions = {}): Promise<void> {
    this.#assertOpen();
    const file = await this.#fileConfig();
    await planCheckedImport(source, importPath, this.#importContext(options), file.servers, keptVariablesOf(file.raw));
  }

  /** mcp.json as the import counts its entries: one skipped as invalid is in the file all the same. */
  #fileConfig(): ReturnType<typeof readRawConfig> {
    return this.#lock.run(() => readRawConfig(this.file, Object.keys(this.#config.mcpServers).length));
  }

  #importContext({ ownBridgeUrls = [], tokenAgent }: ImportOptions = {}): ImportContext {
    // The configured port even when no bridge runs here (a CLI import while the app is closed).
    const live = ownBridgeUrls.flatMap((url) => (URL.parse(url)?.port ? [Number(URL.parse(url)?.port)] : []));
    return {
      homeDir: this.#options.homeDir ?? os.homedir(),
      platform: this.#options.platform ?? process.platform,
      env: this.#core.env,
      cwd: this.#options.cwd ?? process.cwd(),
      ownBridge: { ports: [this.#config.settings?.bridgePort ?? DEFAULT_BRIDGE_PORT, ...live], ...(tokenAgent ? { tokenAgent } : {}) },
    };
  }

  #assertOpen(): void {
    if (this.#closed) throw new CodedError('internal', 'The config registry is closed.', { hint: 'Restart Connected Services and try again.' });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#watcher?.close();
    this.#watcher = undefined;
    this.#linkWatcher?.close();
    this.#linkWatcher = undefined;
    await this.#reloads;
    this.#events.clear();
  }
}

/** Opens the registry: creates the data folder and a first mcp.json if needed, then loads it. */
export async function openRegistry(options: RegistryOptions): Promise<Registry> {
  const file = new FileRegistry(options);
  await file.open();
  const registry = new CodeServerRegistry(file);
  try {
    if (options.codeServers) await registry.declareFromCode(options.codeServers);
  } catch (error) {
    await registry.close();
    throw error;
  }
  return registry;
}
