import { toBridgeAddress } from '../mcp-apps';
import type { Pool } from '../pool';
import { CodedError } from '../../shared/errors';
import { UpdatePacer } from './update-pacer';
import { MAX_SUBSCRIBED_URI_LENGTH } from './input-bounds';

/** At most this many resources one session subscribes to: each holds its server up. */
export const MAX_SUBSCRIPTIONS_PER_SESSION = 256;
/** At most this many distinct resources one agent follows across all its sessions and listen streams. */
export const MAX_SUBSCRIPTIONS_PER_AGENT = 512;

type Notify = (uri: string) => void;

interface SessionSubscriptions {
  notify: Notify;
  agent: string | undefined;
  /** `server\0uri` → what was subscribed. */
  held: Map<string, { server: string; uri: string }>;
}

const keyOf = (server: string, uri: string): string => `${server}\u0000${uri}`;

/**
 * Which agent sessions subscribed to which server's resource (MCP 2025-11-25 server/resources
 * §Subscriptions): the pool is asked once per session and URI, updates go to the sessions that asked,
 * and a closed session gives back all it held.
 */
export class ResourceSubscriptions {
  readonly #pool: Pick<Pool, 'subscribeResource' | 'unsubscribeResource'>;
  readonly #sessions = new Map<object, SessionSubscriptions>();
  /** Agent → `server\0uri` → how many of its sessions hold or are subscribing to it. */
  readonly #agents = new Map<string, Map<string, number>>();
  readonly #pacer: UpdatePacer;

  constructor(pool: Pick<Pool, 'subscribeResource' | 'unsubscribeResource'>, pacer = new UpdatePacer()) {
    this.#pool = pool;
    this.#pacer = pacer;
  }

  /** Whether the session holds a subscription to this resource already. */
  holds(session: object, server: string, uri: string): boolean {
    return this.#sessions.get(session)?.held.has(keyOf(server, uri)) === true;
  }

  /** How many this session holds. */
  count(session: object): number {
    return this.#sessions.get(session)?.held.size ?? 0;
  }

  /** Subscribes the session; `agent` counts it against MAX_SUBSCRIPTIONS_PER_AGENT (refused past it as a rate limit). */
  async add(session: object, notify: Notify, server: string, uri: string, options: { signal?: AbortSignal; agent?: string } = {}): Promise<void> {
    if (this.holds(session, server, uri)) return;
    const key = keyOf(server, uri);
    this.#reserve(options.agent, key);
    try {
      await this.#pool.subscribeResource(server, uri, options.signal ? { signal: options.signal } : {});
    } catch (error) {
      this.#release(options.agent, key);
      throw error;
    }
    let own = this.#sessions.get(session);
    if (own === undefined) {
      own = { notify, agent: options.agent, held: new Map() };
      this.#sessions.set(session, own);
    }
    // Another add of the same may have finished meanwhile: one subscription each, given back once.
    if (own.held.has(key)) {
      this.#release(options.agent, key);
      return void (await this.#pool.unsubscribeResource(server, uri));
    }
    own.held.set(key, { server, uri });
  }

  /** Counts the resource against the agent's cap before it is subscribed, so subscriptions made at once cannot pass it together. */
  #reserve(agent: string | undefined, key: string): void {
    if (agent === undefined) return;
    const held = this.#agents.get(agent) ?? new Map<string, number>();
    if (!held.has(key) && held.size >= MAX_SUBSCRIPTIONS_PER_AGENT) {
      throw new CodedError('rate_limited', `your agent already follows ${MAX_SUBSCRIPTIONS_PER_AGENT} resources, the most the bridge follows for one agent across its sessions and listen streams`, {
        hint: 'unsubscribe from resources you no longer follow, or close the listen streams you no longer read',
      });
    }
    held.set(key, (held.get(key) ?? 0) + 1);
    this.#agents.set(agent, held);
  }

  #release(agent: string | undefined, key: string): void {
    const held = agent === undefined ? undefined : this.#agents.get(agent);
    if (agent === undefined || held === undefined) return;
    const left = (held.get(key) ?? 1) - 1;
    if (left > 0) held.set(key, left);
    else held.delete(key);
    if (held.size === 0) this.#agents.delete(agent);
  }

  /** Ends the session's subscriptions to `uri` (whichever server it was); nothing if it held none. */
  async remove(session: object, uri: string): Promise<void> {
    const own = this.#sessions.get(session);
    if (own === undefined) return;
    for (const [key, held] of own.held) {
      // The agent names an app's resource by the bridge's address (`ui://<server>/…`), held by the server's own.
      if (held.uri !== uri && toBridgeAddress(held.server, held.uri) !== uri) continue;
      own.held.delete(key);
      this.#release(own.agent, key);
      await this.#pool.unsubscribeResource(held.server, held.uri);
    }
  }

  /** The session closed: everything it held is given back. */
  async drop(session: object): Promise<void> {
    const own = this.#sessions.get(session);
    if (own === undefined) return;
    this.#sessions.delete(session);
    for (const key of own.held.keys()) this.#release(own.agent, key);
    await Promise.all([...own.held.values()].map((held) => this.#pool.unsubscribeResource(held.server, held.uri)));
  }

  /**
   * The person changed what `agent` may use: its sessions and listen streams give back what they hold
   * of servers it may no longer use, so it hears nothing more of them and they are no longer kept up for it.
   */
  async narrow(agent: string, mayUse: (server: string) => boolean): Promise<void> {
    const lost: Array<{ server: string; uri: string }> = [];
    for (const own of this.#sessions.values()) {
      if (own.agent !== agent) continue;
      for (const [key, held] of own.held) {
        if (mayUse(held.server)) continue;
        own.held.delete(key);
        this.#release(agent, key);
        lost.push(held);
      }
    }
    await Promise.all(lost.map((held) => this.#pool.unsubscribeResource(held.server, held.uri)));
  }

  /**
   * A server says one of its resources changed: every session subscribed to it is told, paced
   * (update-pacer.ts): an agent that stopped reading its stream is not queued an update per update.
   */
  updated(server: string, uri: string): void {
    // One no session holds is dropped before it is paced: a server flooding updates of new URIs
    // (2 MiB each) had every one kept a second with its timer.
    if (uri.length > MAX_SUBSCRIBED_URI_LENGTH) return;
    const key = keyOf(server, uri);
    if (![...this.#sessions.values()].some((own) => own.held.has(key))) return;
    this.#pacer.pace(key, () => {
      // Told as the agent subscribed: an app's address in the bridge's form (no other address changes).
      for (const own of this.#sessions.values()) if (own.held.has(key)) own.notify(toBridgeAddress(server, uri));
    });
  }

  /** The bridge closes: no update waiting for its gap is sent. */
  close(): void {
    this.#pacer.clear();
  }
}
