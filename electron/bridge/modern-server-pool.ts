import type { Server } from '@modelcontextprotocol/server';

/** Runs one handler's work, counted, so its server is lent again only when nothing of an earlier request still runs on it. */
export type Track = <T>(work: () => T | Promise<T>) => Promise<T>;

/** At most this many idle servers an agent keeps for its next 2026-07-28 requests (about the concurrency of a busy agent). */
export const MAX_IDLE_SERVERS = 32;

/**
 * The SDK v2 servers of one agent's 2026-07-28 requests, reused: createMcpHandler connects the
 * factory's server to one exchange and closes it when the answer is out, after which the same
 * server may serve the next request (its handlers, capabilities and instructions are the agent's,
 * made once). A server goes back only when its exchange has closed (`transport` gone) and none of
 * its handlers still runs (a request whose agent went away may still be finishing), so nothing of
 * one request reaches another's answer. Every request's envelope (protocol version, client
 * capabilities, required in 2026-07-28) is written onto the server by the SDK before it is served.
 */
export class ServerPool {
  readonly #idle: Server[] = [];
  readonly #make: (track: Track) => Server;
  readonly #max: number;

  constructor(make: (track: Track) => Server, max = MAX_IDLE_SERVERS) {
    this.#make = make;
    this.#max = max;
  }

  /** An idle server, or a new one. */
  take(): Server {
    return this.#idle.pop() ?? this.#fresh();
  }

  get idle(): number {
    return this.#idle.length;
  }

  #fresh(): Server {
    let running = 0;
    const release = (): void => {
      if (running > 0 || server.transport !== undefined || this.#idle.length >= this.#max || this.#idle.includes(server)) return;
      this.#idle.push(server);
    };
    const track: Track = async (work) => {
      running++;
      try {
        return await work();
      } finally {
        running--;
        release();
      }
    };
    const server = this.#make(track);
    server.onclose = release;
    return server;
  }
}
