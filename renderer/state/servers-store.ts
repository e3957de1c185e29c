import type { ApiOutput, AppApi, ServerStatus } from '../../shared/api';
import { describeError, type ShownError } from '../lib';
import { Store } from './store';

export type StatusInfo = Omit<ApiOutput<'status'>, 'servers'>;

export interface ServersState {
  loaded: boolean;
  error?: ShownError;
  info?: StatusInfo;
  /** Sorted by name. */
  servers: readonly ServerStatus[];
}

function byName(a: ServerStatus, b: ServerStatus): number {
  return a.name.localeCompare(b.name);
}

/** Configured servers: one status call, then `serverState` events; a full refresh when inventories change. */
export class ServersStore extends Store<ServersState> {
  readonly #api: AppApi;
  #refreshing: Promise<void> | undefined;
  #again = false;
  /** Statuses that arrived while a status call was under way: its answer may be older than they are. */
  #arrived: Map<string, ServerStatus> | undefined;

  constructor(api: AppApi) {
    super({ loaded: false, servers: [] });
    this.#api = api;
  }

  /** Subscribes to the events that keep the list current; returns the unsubscribe functions. */
  listen(): Array<() => void> {
    return [
      this.#api.on('serverState', (status) => this.#fromEvent(status)),
      this.#api.on('configIssues', ({ issues }) => this.update((s) => (s.info ? { ...s, info: { ...s.info, configIssues: issues } } : s))),
      // Added and removed servers show up as inventory changes; a status call sees both.
      this.#api.on('inventoryChanged', () => void this.refresh()),
    ];
  }

  /**
   * A state event carries no credential facts: the ones known are kept, and read again when a server
   * that signs in changes state (signed in, refused, stopped), so its next step is told truly.
   */
  #fromEvent(status: ServerStatus): void {
    const before = this.get().servers.find((s) => s.name === status.name);
    this.upsert(status.auth === undefined && before?.auth !== undefined ? { ...status, auth: before.auth } : status);
    const signsIn = before?.auth !== undefined || status.state === 'needs_auth';
    if (signsIn && before?.state !== status.state && status.state !== 'starting') void this.refresh();
  }

  upsert(status: ServerStatus): void {
    this.#arrived?.set(status.name, status);
    this.update((state) => {
      const index = state.servers.findIndex((s) => s.name === status.name);
      const servers = [...state.servers];
      if (index >= 0) servers[index] = status;
      else {
        servers.push(status);
        servers.sort(byName);
      }
      return { ...state, servers };
    });
  }

  /** Reloads the whole status; concurrent calls share one request and one follow-up. */
  refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = (async () => {
      do {
        this.#again = false;
        const arrived = new Map<string, ServerStatus>();
        this.#arrived = arrived;
        try {
          const { servers, ...info } = await this.#api.status({});
          // A server that changed state after the call read it keeps its newer status (a failed start
          // announced while the answer was on its way must not turn back into "starting").
          const current = servers.map((status) => {
            const newer = arrived.get(status.name);
            if (newer === undefined || newer.since < status.since) return status;
            return newer.auth === undefined && status.auth !== undefined ? { ...newer, auth: status.auth } : newer;
          });
          this.set({ loaded: true, info, servers: current.sort(byName) });
        } catch (error) {
          this.update((state) => ({ ...state, loaded: true, error: describeError(error) }));
        }
      } while (this.#again);
      this.#arrived = undefined;
      this.#refreshing = undefined;
    })();
    return this.#refreshing;
  }
}
