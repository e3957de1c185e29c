import type { CoreEnv } from '../../shared/core-env';
import type { AgentStore } from './agent-store';
import type { ModernHandlers } from './modern-handlers';
import { serverAllowed } from './policy';
import type { Session, SessionRegistry } from './sessions';

/**
 * Tells agents their lists changed (MCP server/tools, resources, prompts "List Changed
 * Notification"), coalesced per turn and sent only to agents allowed one of the changed servers.
 */
export class ListChangedNotifier {
  #pending: Set<string> | 'all' | undefined;

  constructor(
    private readonly sessions: SessionRegistry,
    private readonly agents: AgentStore,
    /** The bridge's CoreEnv (its log). */
    private readonly core: Pick<CoreEnv, 'log'>,
    /** 2026-07-28 agents hear of changes on their `subscriptions/listen` streams. */
    private readonly modern?: ModernHandlers,
  ) {}

  /** Queues a notification for the end of this turn. */
  later(servers: string[] | 'all'): void {
    if (this.#pending === undefined) setImmediate(() => this.#flush());
    if (servers === 'all' || this.#pending === 'all') this.#pending = 'all';
    else this.#pending = new Set([...(this.#pending ?? []), ...servers]);
  }

  /** Tells one session now that all three lists may have changed. */
  session(session: Session): void {
    const failed = (error: unknown): void => this.core.log(`list_changed to agent "${session.agent}" failed: ${String(error)}`);
    session.server.sendToolListChanged().catch(failed);
    session.server.sendResourceListChanged().catch(failed);
    session.server.sendPromptListChanged().catch(failed);
  }

  #flush(): void {
    const servers = this.#pending;
    this.#pending = undefined;
    if (servers === undefined) return;
    for (const session of this.sessions.all()) {
      const agent = this.agents.peek(session.agent);
      if (!agent) continue;
      if (servers === 'all' || [...servers].some((s) => serverAllowed(agent, s))) this.session(session);
    }
    for (const name of this.modern?.agents() ?? []) {
      const agent = this.agents.peek(name);
      if (agent && (servers === 'all' || [...servers].some((s) => serverAllowed(agent, s)))) this.agent(name);
    }
  }

  /** Tells every session and listen stream of one agent now that its tool list changed (its searches found tools, found-listing.ts). */
  tools(name: string): void {
    for (const session of this.sessions.forAgent(name)) {
      session.server.sendToolListChanged().catch((error: unknown) => this.core.log(`list_changed to agent "${name}" failed: ${String(error)}`));
    }
    this.modern?.changed(name, ['tools']);
  }

  /** Tells a 2026-07-28 agent's listen streams now that all three lists may have changed. */
  agent(name: string): void {
    this.modern?.changed(name, ['tools', 'prompts', 'resources']);
  }
}
