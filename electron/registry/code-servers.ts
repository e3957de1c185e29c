import { SERVER_NAME, assertNoCaseTwin, caseTwin, caseTwinError, canonicalJson, diffServers, freeName, holdsSeparator, type ConfigIssue, type McpConfig, type ServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { Emitter } from '../../shared/events';
import type { ImportReport, ImportSource } from '../../shared/api';
import { requireServer } from './not-configured';
import type { ImportOptions, Registry, RegistryEvents, SettingsChanges } from './types';

/** The registry of mcp.json alone, which this one wraps. */
export type FileBacked = Omit<Registry, 'fromCode' | 'declareFromCode' | 'forgetFromCode'>;

/** Where a server declared in code is changed: the program's code, never mcp.json. */
export const CODE_ENTRY = 'the servers given to openConnectedServices';

/** Where a server declared in code comes from, as errors and the docs name it. */
export const CODE_PLACE = `code (${CODE_ENTRY})`;

/** Words naming mcp.json as where to fix a server, for a server declared in code: its entry in code instead. */
export function inCodeEntry(text: string): string {
  // `servers edit` refuses a server declared in code (notEditable), so its command is fixed where it is declared.
  return text.replace(/\bin mcp\.json\b/g, `in ${CODE_ENTRY}`).replace(/ \(`connected-services servers edit \S+ --command …`\)/g, ` in ${CODE_ENTRY}`);
}

/** A name both in code and in mcp.json: an error that names both places, so the person knows which to rename. */
export function declaredTwice(name: string, file: string): CodedError {
  return new CodedError('invalid_input', `The server "${name}" is declared twice: in ${CODE_PLACE} and in ${file}`, {
    hint: `Rename or remove one of them: the entry in ${file}, or the one in the program's code`,
    data: { server: name, places: ['code', file] },
  });
}

/** A server declared in code is changed where it is declared, never through mcp.json or the app. */
export function notEditable(name: string, action: string): CodedError {
  return new CodedError('invalid_input', `The server "${name}" is declared in code, so it cannot be ${action} here`, {
    hint: `Change it in the program that declares it (${CODE_ENTRY})`,
    data: { server: name, fromCode: true },
  });
}

/**
 * A name declared in code holding `__` or ending in `_`: refused as a new name is (name-separator.ts),
 * since the program declares it afresh at each open, saying where to rename it.
 */
export function separatorInCode(name: string, taken: string[]): CodedError {
  const suggestion = freeName(name, taken);
  return new CodedError('invalid_input', `The server "${name}" is declared in ${CODE_PLACE} with a name that holds "__" or ends in "_": "__" separates a server's name from its tools' names on the bridge`, {
    hint: `Rename it in the program that declares it (${CODE_ENTRY}), for example to "${suggestion}": a name without "__" that does not end in "_"`,
    data: { server: name, suggestion, fromCode: true },
  });
}

function checkNames(servers: Record<string, ServerConfig>): void {
  for (const name of Object.keys(servers)) {
    if (!SERVER_NAME.test(name)) {
      throw new CodedError('invalid_input', `"${name.slice(0, 60)}" (declared in code) is not a valid server name`, {
        hint: 'Use 1-48 letters, digits, "_" or "-", starting with a letter or digit',
      });
    }
  }
}

/**
 * The registry with servers declared in code beside mcp.json's: listed with them, run and approved
 * like them, never written to the file. A name in both is refused when declared; one the file gains
 * later is a config issue, and the code's entry stays in force.
 */
export class CodeServerRegistry implements Registry {
  readonly #file: FileBacked;
  readonly #events: Emitter<RegistryEvents>;
  #code: Record<string, ServerConfig> = {};
  #merged: McpConfig;
  /** How many names were in both at the last look, so a change of them is announced as issues. */
  #twice = 0;

  constructor(file: FileBacked) {
    this.#file = file;
    this.#events = new Emitter();
    this.#merged = file.config();
    file.on('change', () => this.#recompute());
    file.on('issues', () => this.#events.emit('issues', { issues: this.issues() }));
    file.on('approvals', (payload) => this.#events.emit('approvals', payload));
  }

  get dataDir(): string {
    return this.#file.dataDir;
  }
  get file(): string {
    return this.#file.file;
  }
  get approvals(): Registry['approvals'] {
    return this.#file.approvals;
  }

  config(): McpConfig {
    return this.#merged;
  }

  require(name: string): ServerConfig {
    return requireServer(this.#merged, name);
  }

  fromCode(name: string): boolean {
    return Object.hasOwn(this.#code, name);
  }

  /** Adds (or replaces) servers declared in code; a name mcp.json has is refused, naming both places. */
  declareFromCode(servers: Record<string, ServerConfig>): Promise<void> {
    try {
      checkNames(servers);
      const fileServers = this.#file.config().mcpServers;
      for (const name of Object.keys(servers)) if (Object.hasOwn(fileServers, name)) throw declaredTwice(name, this.file);
      const names = [...Object.keys(fileServers), ...Object.keys(this.#code), ...Object.keys(servers)];
      for (const name of Object.keys(servers)) assertNoCaseTwin(names, name);
      for (const name of Object.keys(servers)) if (holdsSeparator(name)) throw separatorInCode(name, names.filter((other) => other !== name));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    this.#code = { ...this.#code, ...servers };
    this.#recompute();
    return Promise.resolve();
  }

  /** Removes servers declared in code (the program that declared them closed). */
  forgetFromCode(names: string[]): Promise<void> {
    const code = { ...this.#code };
    for (const name of names) delete code[name];
    this.#code = code;
    this.#recompute();
    return Promise.resolve();
  }

  issues(): ConfigIssue[] {
    const fileServers = this.#file.config().mcpServers;
    const twice = Object.keys(this.#code)
      .filter((name) => Object.hasOwn(fileServers, name))
      .map((name) => ({ file: this.file, server: name, message: `${declaredTwice(name, this.file).message}; the one in code is used until one is renamed`, told: true as const }));
    return [...this.#file.issues(), ...twice];
  }

  #recompute(): void {
    const previous = this.#merged;
    const file = this.#file.config();
    const fileOnly = Object.fromEntries(Object.entries(file.mcpServers).filter(([name]) => !this.fromCode(name)));
    this.#merged = { ...file, mcpServers: { ...fileOnly, ...this.#code } };
    const twice = this.issues().length - this.#file.issues().length;
    if (twice !== this.#twice) this.#events.emit('issues', { issues: this.issues() });
    this.#twice = twice;
    if (canonicalJson(previous) !== canonicalJson(this.#merged)) {
      this.#events.emit('change', { config: this.#merged, diff: diffServers(previous, this.#merged) });
    }
  }

  on<E extends keyof RegistryEvents>(event: E, listener: (payload: RegistryEvents[E]) => void): () => void {
    return this.#events.on(event, listener);
  }

  reload(): Promise<void> {
    return this.#file.reload();
  }
  watch(): void {
    this.#file.watch();
  }
  async addServer(name: string, config: ServerConfig): Promise<void> {
    this.#refuseCodeName(name);
    return this.#file.addServer(name, config);
  }
  async checkAdd(name: string): Promise<void> {
    this.#refuseCodeName(name);
    return this.#file.checkAdd(name);
  }
  /** A name declared in code, or one differing only in case from any server in force. */
  #refuseCodeName(name: string): void {
    if (this.fromCode(name)) throw declaredTwice(name, this.file);
    const twin = caseTwin(Object.keys(this.#merged.mcpServers), name);
    if (twin !== undefined) throw caseTwinError(name, twin);
  }
  updateServer(name: string, config: ServerConfig): Promise<void> {
    if (this.fromCode(name)) return Promise.reject(notEditable(name, 'edited'));
    return this.#file.updateServer(name, config);
  }
  /** Removes a server; one declared in code is forgotten (a narrowing is never refused to the person). */
  removeServer(name: string): Promise<void> {
    if (this.fromCode(name)) return this.forgetFromCode([name]);
    return this.#file.removeServer(name);
  }
  setEnabled(name: string, enabled: boolean): Promise<void> {
    if (this.fromCode(name)) return Promise.reject(notEditable(name, enabled ? 'enabled' : 'disabled'));
    return this.#file.setEnabled(name, enabled);
  }
  setSettings(changes: SettingsChanges): Promise<void> {
    return this.#file.setSettings(changes);
  }
  importFrom(source: ImportSource, path?: string, options?: ImportOptions): Promise<ImportReport> {
    return this.#file.importFrom(source, path, options);
  }
  checkImport(source: ImportSource, path?: string, options?: ImportOptions): Promise<void> {
    return this.#file.checkImport(source, path, options);
  }
  async close(): Promise<void> {
    this.#events.clear();
    await this.#file.close();
  }
}
