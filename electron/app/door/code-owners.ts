import type { ApiMethod } from '../../../shared/api';
import { stillRunning, type ProcessMark } from '../../proc-env';

/** How often the app looks whether the programs that declared servers and agents still run. */
export const OWNER_CHECK_MS = 3000;

/** What forgetting a gone program's declarations runs (the App API as the person). */
export interface ForgetDeclared {
  servers(names: string[]): Promise<void>;
  agents(names: string[]): Promise<void>;
}

export interface CodeOwnersOptions {
  forget: ForgetDeclared;
  running?: (mark: ProcessMark) => boolean;
  everyMs?: number;
}

interface Owned {
  mark: ProcessMark;
  servers: Set<string>;
  agents: Set<string>;
}

const key = (mark: ProcessMark): string => `${mark.pid}/${mark.start ?? ''}`;

/**
 * Servers and agents declared in code through the app, tied to the program that declared them: a
 * program that exits without closing (killed, crashed) has them forgotten within a few seconds, so its
 * agents' tokens stop working (docs/library.md).
 */
export class CodeOwners {
  readonly #forget: ForgetDeclared;
  readonly #running: (mark: ProcessMark) => boolean;
  readonly #everyMs: number;
  readonly #owners = new Map<string, Owned>();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: CodeOwnersOptions) {
    this.#forget = options.forget;
    this.#running = options.running ?? ((mark) => stillRunning(mark));
    this.#everyMs = options.everyMs ?? OWNER_CHECK_MS;
  }

  /** A confirmed declaration: its names are this program's now (a name declared again moves to its new program). */
  record(method: ApiMethod, input: unknown, mark: ProcessMark): void {
    const names = namesOf(method, input);
    if (names === undefined) return;
    for (const owned of this.#owners.values()) for (const name of names) owned[method === 'declareServers' ? 'servers' : 'agents'].delete(name);
    const owned = this.#owners.get(key(mark)) ?? { mark, servers: new Set<string>(), agents: new Set<string>() };
    for (const name of names) owned[method === 'declareServers' ? 'servers' : 'agents'].add(name);
    this.#owners.set(key(mark), owned);
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.sweep(), this.#everyMs);
      this.#timer.unref();
    }
  }

  /** Forgets what programs that are gone declared; stops looking once no program is left. */
  async sweep(): Promise<void> {
    for (const [id, owned] of this.#owners) {
      if (this.#running(owned.mark)) continue;
      this.#owners.delete(id);
      // Best effort: a name forgotten already (the program closed, the person removed it) is left alone.
      if (owned.agents.size > 0) await this.#forget.agents([...owned.agents]).catch(() => undefined);
      if (owned.servers.size > 0) await this.#forget.servers([...owned.servers]).catch(() => undefined);
    }
    if (this.#owners.size === 0) this.stop();
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
