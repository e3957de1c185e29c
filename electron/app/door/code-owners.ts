import type { ApiMethod } from '../../../shared/api';
import { markProcess, processLiveness, type ProcessMark } from '../../proc-env';

/** How often the app looks whether the programs that declared servers and agents still run. */
export const OWNER_CHECK_MS = 3000;

/** How long one look at a program's /proc entry answers for the bridge's requests from its agents. */
export const LIVENESS_CACHE_MS = 250;

/** What forgetting a gone program's declarations runs (the App API as the person). */
export interface ForgetDeclared {
  servers(names: string[]): Promise<void>;
  agents(names: string[]): Promise<void>;
}

export interface CodeOwnersOptions {
  forget: ForgetDeclared;
  /** Whether the program runs; undefined (or a throw) when it cannot be told now, which is never taken for gone. */
  running?: (mark: ProcessMark) => boolean | undefined;
  everyMs?: number;
  /** The clock the liveness cache reads. */
  now?: () => number;
  /** The caller's process as it runs now, by the pid it gave (markProcess). */
  mark?: (pid: number) => ProcessMark | undefined;
}

/** A name a running program other than the caller declared. */
export interface TakenName {
  name: string;
  pid: number;
}

export type DeclaredKind = 'servers' | 'agents';

interface Owned {
  mark: ProcessMark;
  servers: Set<string>;
  agents: Set<string>;
  /** The last look at the program: when, and whether it ran. */
  seen?: { at: number; running: boolean };
}

/** /proc's answer; undefined when the program cannot be looked at now. */
function runningNow(mark: ProcessMark): boolean | undefined {
  const liveness = processLiveness(mark);
  return liveness === 'unknown' ? undefined : liveness === 'running';
}

const key = (mark: ProcessMark): string => `${mark.pid}/${mark.start ?? ''}`;

/**
 * Servers and agents declared in code through the app, tied to the program that declared them: a
 * program that exits without closing (killed, crashed) has them forgotten within a few seconds, so its
 * agents' tokens stop working (docs/library.md).
 */
export class CodeOwners {
  readonly #forget: ForgetDeclared;
  readonly #running: (mark: ProcessMark) => boolean | undefined;
  readonly #everyMs: number;
  readonly #now: () => number;
  readonly #mark: (pid: number) => ProcessMark | undefined;
  readonly #owners = new Map<string, Owned>();
  /** Agents of a gone program while their forgetting runs: refused, not served meanwhile. */
  readonly #gone = new Set<string>();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: CodeOwnersOptions) {
    this.#forget = options.forget;
    this.#running = options.running ?? runningNow;
    this.#everyMs = options.everyMs ?? OWNER_CHECK_MS;
    this.#now = options.now ?? Date.now;
    this.#mark = options.mark ?? ((pid) => markProcess(pid));
  }

  /** Of `names`, those the program with this pid declared: a program forgets its own names, never another's. */
  ownedBy(kind: DeclaredKind, names: string[], pid: number | undefined): string[] {
    const owned = this.#ownerOf(pid);
    return owned === undefined ? [] : names.filter((name) => owned[kind].has(name));
  }

  /**
   * The names of a declaration that another program declared and that still runs (or cannot be
   * looked at now): a name whose program has ended may move to the one declaring it now.
   */
  takenFrom(method: ApiMethod, input: unknown, pid: number | undefined): TakenName[] {
    const names = namesOf(method, input);
    if (names === undefined) return [];
    const kind = method === 'declareServers' ? 'servers' : 'agents';
    const mine = this.#ownerOf(pid);
    const taken: TakenName[] = [];
    for (const owned of this.#owners.values()) {
      if (owned === mine || this.#look(owned.mark) === false) continue;
      for (const name of names) if (owned[kind].has(name)) taken.push({ name, pid: owned.mark.pid });
    }
    return taken;
  }

  #ownerOf(pid: number | undefined): Owned | undefined {
    if (pid === undefined) return undefined;
    let mark: ProcessMark | undefined;
    try {
      mark = this.#mark(pid);
    } catch {
      mark = undefined;
    }
    return mark === undefined ? undefined : this.#owners.get(key(mark));
  }

  /** A confirmed declaration: its names are this program's now (a name declared again moves to its new program). */
  record(method: ApiMethod, input: unknown, mark: ProcessMark): void {
    const names = namesOf(method, input);
    if (names === undefined) return;
    for (const owned of this.#owners.values()) for (const name of names) owned[method === 'declareServers' ? 'servers' : 'agents'].delete(name);
    const owned = this.#owners.get(key(mark)) ?? { mark, servers: new Set<string>(), agents: new Set<string>() };
    for (const name of names) owned[method === 'declareServers' ? 'servers' : 'agents'].add(name);
    if (method === 'declareAgents') for (const name of names) this.#gone.delete(name);
    this.#owners.set(key(mark), owned);
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.sweep(), this.#everyMs);
      this.#timer.unref();
    }
  }

  /** Forgets what programs that are gone declared; stops looking once no program is left. */
  async sweep(): Promise<void> {
    for (const [id, owned] of this.#owners) {
      if (this.#look(owned.mark) === false) await this.#drop(id, owned);
    }
    if (this.#owners.size === 0) this.stop();
  }

  /**
   * Whether an agent may be served: false once the program that declared it is gone (looked at on
   * each request, the look kept LIVENESS_CACHE_MS), so its token is refused before the timer's
   * sweep; its declarations are forgotten then too. An agent no program here declared is alive.
   */
  agentAlive(agent: string): boolean {
    if (this.#gone.has(agent)) return false;
    const entry = [...this.#owners].find(([, owned]) => owned.agents.has(agent));
    if (entry === undefined) return true;
    const [id, owned] = entry;
    const now = this.#now();
    if (owned.seen === undefined || now - owned.seen.at >= LIVENESS_CACHE_MS || now < owned.seen.at) {
      // A look that cannot tell (/proc unreadable now: EMFILE under load) keeps the last answer, or
      // running before any: the declarations are forgotten for good, so only a definite answer drops them.
      const running = this.#look(owned.mark);
      owned.seen = { at: now, running: running ?? owned.seen?.running ?? true };
    }
    if (owned.seen.running) return true;
    void this.#drop(id, owned);
    return false;
  }

  #look(mark: ProcessMark): boolean | undefined {
    try {
      return this.#running(mark);
    } catch {
      return undefined;
    }
  }

  async #drop(id: string, owned: Owned): Promise<void> {
    if (this.#owners.get(id) !== owned) return;
    this.#owners.delete(id);
    for (const agent of owned.agents) this.#gone.add(agent);
    // Best effort: a name forgotten already (the program closed, the person removed it) is left alone.
    // Refused until forgotten: an agent whose forgetting failed stays refused (declared again, it is served).
    const forgotten = owned.agents.size === 0 || (await this.#forget.agents([...owned.agents]).then(() => true, () => false));
    if (forgotten) for (const agent of owned.agents) this.#gone.delete(agent);
    if (owned.servers.size > 0) await this.#forget.servers([...owned.servers]).catch(() => undefined);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

function namesOf(method: ApiMethod, input: unknown): string[] | undefined {
  if (method === 'declareServers') return Object.keys((input as { servers: Record<string, unknown> }).servers);
  if (method === 'declareAgents') return Object.keys((input as { agents: Record<string, unknown> }).agents);
  return undefined;
}
