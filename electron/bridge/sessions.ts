import type { Server } from '@modelcontextprotocol/server';
import type { CoreEnv } from '../../shared/core-env';
import type { HttpServerTransport } from './http-transport';

export interface Session {
  readonly id: string;
  readonly agent: string;
  /** sha256 of the token that opened it: a session answers only to that token. */
  readonly tokenDigest: Buffer;
  readonly server: Server;
  readonly transport: HttpServerTransport;
  lastSeen: number;
}

export interface SessionLimits {
  maxPerAgent: number;
  idleMs: number;
}

/** The open agent sessions. Each has its own SDK server and our transport, so nothing is shared between agents. */
export class SessionRegistry {
  readonly #sessions = new Map<string, Session>();
  readonly #limits: SessionLimits;
  readonly #core: Pick<CoreEnv, 'log'>;

  /** `core`: the bridge's CoreEnv (its log). */
  constructor(limits: SessionLimits, core: Pick<CoreEnv, 'log'>) {
    this.#limits = limits;
    this.#core = core;
  }

  get size(): number {
    return this.#sessions.size;
  }

  get(id: string): Session | undefined {
    return this.#sessions.get(id);
  }

  /** Adds a session; the agent's least recently used one is closed past the per-agent limit. */
  add(session: Session): void {
    this.#sessions.set(session.id, session);
    const mine = this.forAgent(session.agent);
    if (mine.length > this.#limits.maxPerAgent) {
      const oldest = mine.filter((s) => s !== session).sort((a, b) => a.lastSeen - b.lastSeen)[0];
      if (oldest) this.close(oldest);
    }
  }

  delete(id: string): void {
    this.#sessions.delete(id);
  }

  all(): Session[] {
    return [...this.#sessions.values()];
  }

  forAgent(agent: string): Session[] {
    return this.all().filter((s) => s.agent === agent);
  }

  close(session: Session): void {
    this.#sessions.delete(session.id);
    session.server.close().catch((error: unknown) => this.#core.log(`closing a session failed: ${String(error)}`));
  }

  closeAgent(agent: string): void {
    for (const session of this.forAgent(agent)) this.close(session);
  }

  /** Closes sessions nobody used for idleMs (the client starts a new one on its next 404, MCP transports spec). */
  sweep(now: number): void {
    for (const session of this.all()) if (now - session.lastSeen > this.#limits.idleMs) this.close(session);
  }

  async closeAll(): Promise<void> {
    const all = this.all();
    this.#sessions.clear();
    await Promise.all(all.map((s) => s.server.close().catch(() => undefined)));
  }
}
