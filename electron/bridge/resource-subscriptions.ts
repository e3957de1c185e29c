import { toBridgeAddress } from '../mcp-apps';
import type { Pool } from '../pool';

/** At most this many resources one session subscribes to: each holds its server up. */
export const MAX_SUBSCRIPTIONS_PER_SESSION = 256;

type Notify = (uri: string) => void;

interface SessionSubscriptions {
  notify: Notify;
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

  constructor(pool: Pick<Pool, 'subscribeResource' | 'unsubscribeResource'>) {
    this.#pool = pool;
  }

  /** Whether the session holds a subscription to this resource already. */
  holds(session: object, server: string, uri: string): boolean {
    return this.#sessions.get(session)?.held.has(keyOf(server, uri)) === true;
  }

  /** How many this session holds. */
  count(session: object): number {
    return this.#sessions.get(session)?.held.size ?? 0;
  }

  async add(session: object, notify: Notify, server: string, uri: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    if (this.holds(session, server, uri)) return;
    await this.#pool.subscribeResource(server, uri, options.signal ? { signal: options.signal } : {});
    let own = this.#sessions.get(session);
    if (own === undefined) {
      own = { notify, held: new Map() };
      this.#sessions.set(session, own);
    }
    // Another add of the same may have finished meanwhile: one subscription each, given back once.
    if (own.held.has(keyOf(server, uri))) return void (await this.#pool.unsubscribeResource(server, uri));
    own.held.set(keyOf(server, uri), { server, uri });
  }

  /** Ends the session's subscriptions to `uri` (whichever server it was); nothing if it held none. */
  async remove(session: object, uri: string): Promise<void> {
    const own = this.#sessions.get(session);
    if (own === undefined) return;
    for (const [key, held] of own.held) {
      // The agent names an app's resource by the bridge's address (`ui://<server>/…`), held by the server's own.
      if (held.uri !== uri && toBridgeAddress(held.server, held.uri) !== uri) continue;
      own.held.delete(key);
      await this.#pool.unsubscribeResource(held.server, held.uri);
    }
  }

  /** The session closed: everything it held is given back. */
  async drop(session: object): Promise<void> {
    const own = this.#sessions.get(session);
    if (own === undefined) return;
    this.#sessions.delete(session);
    await Promise.all([...own.held.values()].map((held) => this.#pool.unsubscribeResource(held.server, held.uri)));
  }

  /** A server says one of its resources changed: every session subscribed to it is told. */
  updated(server: string, uri: string): void {
    const key = keyOf(server, uri);
    // Told as the agent subscribed: an app's address in the bridge's form (no other address changes).
    for (const own of this.#sessions.values()) if (own.held.has(key)) own.notify(toBridgeAddress(server, uri));
  }
}
