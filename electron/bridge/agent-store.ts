import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { resolveCoreEnv, type CoreEnv, type CoreEnvOptions } from '../../shared/core-env';
import { CodedError, errorMessage } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { ToolOverridesSchema, type Agent, type AgentInput, type AgentUpdate, type Decision, type StoredAgent } from './agent-schema';
import { refuseEntryTwin } from './client-entry-name';
import { agentNotFound, agentRecord, updatedRecord, changesBetween, fileStamp, index, publicView, validServers, withDecision, type Loaded } from './agent-file';
import { agentDeclaredTwice, agentNotEditable, checkDeclarable, codeAgentRecord, mergeAgents, type CodeAgentInput } from './code-agents';
import { configSnippet, type SnippetOptions } from './config-snippet';
import { Emitter } from '../../shared/events';
import { FileLock } from '../fs-safe';
import { HeldAgentsFile, type AgentsFileEdit } from './agent-writes';
import { hashToken, newAgentToken, plausibleToken, sameDigest, tokenHint, TOKEN_PREFIX, type TokenDigest } from './token';

export const AGENTS_FILE = 'agents.json';

/** The core's environment (agents.json lives in its `dataDir`) and how often to re-check the file. */
export interface AgentStoreOptions extends CoreEnvOptions {
  /** How often (ms) a successful authentication re-checks agents.json for edits by other processes. */
  recheckMs?: number;
}

export interface AgentStoreEvents {
  /** After any change, ours or another process's. `revoked`: agents removed or whose token changed. */
  change: { agents: Agent[]; revoked: string[]; changed: string[] };
  /** agents.json was changed by something other than this product's code (a hand edit): what it held last, what it holds now. */
  edited: AgentsFileEdit;
}

/**
 * Agents and their tokens, kept in `<dataDir>/agents.json` (0600). Reads come from memory; edits
 * re-read the file under a cross-process lock and write it atomically.
 */
export class AgentStore {
  readonly file: string;
  readonly #lock: FileLock;
  /** The core's environment, its log redacting. */
  readonly #core: CoreEnv;
  readonly #recheckMs: number;
  readonly #emitter: Emitter<AgentStoreEvents>;
  #loaded: Loaded = index([]);
  /** agents.json's agents as last read, and those declared in code (memory only; docs/library.md). */
  #fileAgents: StoredAgent[] = [];
  readonly #code = new Map<string, StoredAgent>();
  #stamp = '';
  #checkedAt = -Infinity;
  readonly #held: HeldAgentsFile;

  private constructor(options: AgentStoreOptions) {
    const given = resolveCoreEnv(options, { env: process.env, log: () => undefined, now: Date.now });
    this.#core = { ...given, log: (line) => given.log(redact(line)) };
    this.file = path.join(this.#core.dataDir, AGENTS_FILE);
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    this.#lock = new FileLock(this.file, { label: 'agents.json' });
    this.#recheckMs = options.recheckMs ?? 250;
    this.#emitter = new Emitter((error) => this.#core.log(`an agent store listener failed: ${String(error)}`));
    this.#held = new HeldAgentsFile(this.file, (edit) => this.#emitter.emit('edited', edit));
  }

  /** @throws CodedError invalid_config when agents.json exists but is not valid. */
  static open(options: AgentStoreOptions): AgentStore {
    const store = new AgentStore(options);
    const stamp = fileStamp(store.file);
    store.#replace(store.#held.read(stamp, false), stamp, false);
    return store;
  }

  /** Another process may have written agents.json since (a stat; read again only when it changed). */
  list(): Agent[] {
    this.recheck();
    return this.#listNow();
  }

  /** Reads agents.json again if it changed since the last read (its stamp), telling listeners. */
  recheck(): void {
    this.#refreshSync(this.#core.now());
  }

  #listNow(): Agent[] {
    return [...this.#loaded.agents.values()].map((stored) => this.#view(stored));
  }

  get(name: string): Agent | undefined {
    const stored = this.#loaded.agents.get(name);
    return stored ? this.#view(stored) : undefined;
  }

  /** agents.json's text as held now, and a hand edit since it held `seen` (agent-writes.ts). */
  since(seen?: string): { text: string; edit?: AgentsFileEdit } {
    return this.#held.since(seen);
  }

  fromCode(name: string): boolean {
    return this.#code.has(name);
  }

  /**
   * Adds (or replaces) agents declared in code, held in memory only; a name agents.json has is
   * refused naming both places, a token digest another agent has is refused too.
   */
  declareFromCode(agents: Record<string, CodeAgentInput>): void {
    const at = this.#core.now();
    const records = Object.entries(agents).map(([name, input]) => codeAgentRecord(name, input, at));
    checkDeclarable(records, this.#fileAgents, this.#loaded, this.file);
    for (const record of records) this.#code.set(record.name, record);
    this.#replace(this.#fileAgents, this.#stamp, true);
  }

  /** Forgets agents declared in code (their program closed): their tokens stop working at once. */
  forgetFromCode(names: string[]): void {
    for (const name of names) this.#code.delete(name);
    this.#replace(this.#fileAgents, this.#stamp, true);
  }

  /** The stored record (no copy) for the bridge's hot path; do not modify. */
  peek(name: string): Readonly<Agent> | undefined {
    return this.#loaded.agents.get(name);
  }

  /** Creates an agent; its token is returned here and never again. */
  async add(name: string, input: AgentInput): Promise<{ agent: Agent; token: string }> {
    const token = newAgentToken();
    const record = agentRecord(name, input, { hash: hashToken(token).hex, hint: tokenHint(token) }, this.#core.now());
    if (this.#code.has(name)) throw agentDeclaredTwice(name, this.file);
    await this.#mutate((agents) => {
      if (agents.some((a) => a.name === name)) {
        throw new CodedError('invalid_input', `an agent named "${name}" already exists`, {
          hint: `choose another name, or run \`connected-services agents rotate "${name}"\` for a new token`,
        });
      }
      refuseEntryTwin(name, [...agents.map((a) => a.name), ...this.#code.keys()]);
      return [...agents, record];
    });
    return { agent: this.#require(name), token };
  }

  /** Removes an agent; one declared in code is forgotten (a narrowing is never refused to the person). */
  async remove(name: string): Promise<void> {
    if (this.#code.has(name)) return this.forgetFromCode([name]);
    await this.#mutate((agents) => {
      this.#find(agents, name);
      return agents.filter((a) => a.name !== name);
    });
  }

  /** A new token for the agent; the old one stops working at once. `token`: one `tokenFor` made, written where it goes first. */
  async rotate(name: string, token = this.tokenFor(name)): Promise<string> {
    this.#editable(name, 'given a new token');
    if (!token.startsWith(TOKEN_PREFIX) || !plausibleToken(token)) throw new CodedError('invalid_input', 'that is not an agent token');
    const at = this.#core.now();
    await this.#mutate((agents) => {
      this.#find(agents, name);
      return agents.map((a) =>
        a.name === name ? { ...a, tokenHash: hashToken(token).hex, tokenHint: tokenHint(token), tokenCreatedAt: at } : a,
      );
    });
    return token;
  }

  /** A token `rotate` may give the agent later; nothing changes now. */
  tokenFor(name: string): string {
    this.#editable(name, 'given a new token');
    return newAgentToken();
  }

  async update(name: string, update: AgentUpdate): Promise<Agent> {
    this.#editable(name, 'changed');
    const servers = update.servers === undefined ? undefined : validServers(update.servers);
    const tools = update.tools === undefined ? undefined : ToolOverridesSchema.parse(update.tools);
    await this.#mutate((agents) => {
      const current = this.#find(agents, name);
      const next = updatedRecord(current, update, servers, tools);
      return agents.map((a) => (a.name === name ? next : a));
    });
    return this.#require(name);
  }

  /** A per-tool decision that wins over the tier policy; null removes it. */
  async setToolDecision(name: string, server: string, tool: string, decision: Decision | null): Promise<Agent> {
    const code = this.#code.get(name);
    // The person's "remember" of an approved call to an agent from code holds while its program runs.
    if (code) {
      this.#code.set(name, { ...code, tools: withDecision(code.tools, server, tool, decision) });
      this.#replace(this.#fileAgents, this.#stamp, true);
      return this.#require(name);
    }
    await this.#mutate((agents) => {
      const current = this.#find(agents, name);
      return agents.map((a) => (a.name === name ? { ...current, tools: withDecision(current.tools, server, tool, decision) } : a));
    });
    return this.#require(name);
  }

  /**
   * The agent a bearer token belongs to, or null: its sha256 digest looked up, then compared in
   * constant time. Sees edits by other processes within `recheckMs` (at once for new agents).
   */
  authenticate(token: string): Agent | null {
    return plausibleToken(token) ? this.byDigest(hashToken(token)) : null;
  }

  /** The agent whose token has this sha256 digest (see authenticate). */
  byDigest(digest: TokenDigest): Agent | null {
    const now = this.#core.now();
    if (now - this.#checkedAt >= this.#recheckMs) this.#refreshSync(now);
    let found = this.#match(digest);
    if (found === undefined && now !== this.#checkedAt) {
      // An agent added by another process a moment ago.
      this.#refreshSync(now);
      found = this.#match(digest);
    }
    return found === undefined ? null : (this.#loaded.agents.get(found) ?? null);
  }

  configSnippet(agentName: string, token: string | null, options: SnippetOptions): string {
    this.#require(agentName);
    if (token !== null && this.authenticate(token)?.name !== agentName) {
      throw new CodedError('invalid_input', `that token does not belong to agent "${agentName}"`, {
        hint: `run \`connected-services agents rotate "${agentName}"\` for a new token`,
      });
    }
    return configSnippet(agentName, token, options);
  }

  on<E extends keyof AgentStoreEvents>(event: E, listener: (payload: AgentStoreEvents[E]) => void): () => void {
    return this.#emitter.on(event, listener);
  }

  /** Re-reads agents.json now. */
  reload(): void {
    this.#refreshSync(this.#core.now(), true);
  }

  /**
   * Looked up by the digest, not the token: a lookup's timing can tell at most something about a
   * sha256 digest, which says nothing about a token that has it. The match is still compared in
   * constant time.
   */
  #match(digest: TokenDigest): string | undefined {
    const entry = this.#loaded.digests.get(digest.hex);
    return entry !== undefined && sameDigest(digest.bytes, entry.digest) ? entry.name : undefined;
  }

  #view(stored: StoredAgent): Agent {
    return this.#code.has(stored.name) ? { ...publicView(stored), fromCode: true } : publicView(stored);
  }

  #editable(name: string, action: string): void {
    if (this.#code.has(name)) throw agentNotEditable(name, action);
  }

  #require(name: string): Agent {
    const agent = this.get(name);
    if (!agent) throw agentNotFound(name);
    return agent;
  }

  #find(agents: StoredAgent[], name: string): StoredAgent {
    const found = agents.find((a) => a.name === name);
    if (!found) throw agentNotFound(name);
    return found;
  }

  #refreshSync(now: number, force = false): void {
    this.#checkedAt = now;
    let stamp: string;
    try {
      stamp = fileStamp(this.file);
      if (!force && stamp === this.#stamp) return;
      this.#replace(this.#held.read(stamp, true), stamp, true);
    } catch (error) {
      // Fail closed: an unreadable or invalid file authenticates nobody until it is fixed.
      this.#core.log(`agents file unusable, no agent can connect: ${errorMessage(error)}`);
      this.#replace([], 'invalid', true);
    }
  }

  #replace(list: StoredAgent[], stamp: string, notify: boolean): void {
    const before = this.#loaded.agents;
    this.#fileAgents = list;
    this.#loaded = index(mergeAgents(list, this.#code));
    this.#stamp = stamp;
    if (!notify) return;
    const { revoked, changed } = changesBetween(before, this.#loaded.agents);
    if (revoked.length > 0 || changed.length > 0) this.#emitter.emit('change', { agents: this.#listNow(), revoked, changed });
  }

  async #mutate(edit: (agents: StoredAgent[]) => StoredAgent[]): Promise<void> {
    await this.#lock.run(async () => {
      // An edit made since the last read is told before this change is made on top of it.
      const next = edit(this.#held.read(fileStamp(this.file), true));
      await this.#held.write(next);
      this.#checkedAt = this.#core.now();
      this.#replace(next, fileStamp(this.file), true);
    });
  }
}
