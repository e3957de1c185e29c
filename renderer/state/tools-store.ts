import type { AppApi, ToolInfo } from '../../shared/api';
import { Store } from './store';

export interface ToolsState {
  loaded: boolean;
  byServer: ReadonlyMap<string, readonly ToolInfo[]>;
}

const EMPTY: readonly ToolInfo[] = [];

/** Every server's tools (cached inventories included), refreshed per server on `inventoryChanged`. */
export class ToolsStore extends Store<ToolsState> {
  readonly #api: AppApi;
  #requests = 0;
  /**
   * Per server, the request its tools on screen came from: answers can arrive out of order (a full
   * listing started before a server's reload may answer after it), and an older one never wins.
   */
  readonly #shownFrom = new Map<string, number>();

  constructor(api: AppApi) {
    super({ loaded: false, byServer: new Map() });
    this.#api = api;
  }

  listen(): Array<() => void> {
    return [this.#api.on('inventoryChanged', ({ server, removed }) => void this.reload(server, removed === true))];
  }

  toolsOf(server: string): readonly ToolInfo[] {
    return this.get().byServer.get(server) ?? EMPTY;
  }

  async load(): Promise<void> {
    const request = ++this.#requests;
    try {
      const tools = await this.#api.listTools({});
      const listed = new Map<string, ToolInfo[]>();
      for (const tool of tools) {
        const list = listed.get(tool.server);
        if (list) list.push(tool);
        else listed.set(tool.server, [tool]);
      }
      this.update((state) => {
        const byServer = new Map<string, readonly ToolInfo[]>();
        const servers = new Set([...listed.keys(), ...state.byServer.keys()]);
        for (const server of servers) {
          const newer = (this.#shownFrom.get(server) ?? 0) > request;
          const list = newer ? state.byServer.get(server) : listed.get(server);
          if (!newer) this.#shownFrom.set(server, request);
          if (list !== undefined) byServer.set(server, list);
        }
        return { loaded: true, byServer };
      });
    } catch {
      this.update((state) => ({ ...state, loaded: true }));
    }
  }

  /** `removed`: the server is gone from the config, so it has no tools and is not asked (its answer would be not_found). */
  async reload(server: string, removed = false): Promise<void> {
    const request = ++this.#requests;
    let tools: readonly ToolInfo[];
    try {
      tools = removed ? EMPTY : await this.#api.listTools({ server });
    } catch {
      // A removed server has no tools any more.
      tools = EMPTY;
    }
    if ((this.#shownFrom.get(server) ?? 0) > request) return;
    this.#shownFrom.set(server, request);
    this.update((state) => {
      const byServer = new Map(state.byServer);
      if (tools.length > 0) byServer.set(server, tools);
      else byServer.delete(server);
      return { ...state, byServer };
    });
  }
}
