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

  constructor(api: AppApi) {
    super({ loaded: false, byServer: new Map() });
    this.#api = api;
  }

  listen(): Array<() => void> {
    return [this.#api.on('inventoryChanged', ({ server }) => void this.reload(server))];
  }

  toolsOf(server: string): readonly ToolInfo[] {
    return this.get().byServer.get(server) ?? EMPTY;
  }

  async load(): Promise<void> {
    try {
      const tools = await this.#api.listTools({});
      const byServer = new Map<string, ToolInfo[]>();
      for (const tool of tools) {
        const list = byServer.get(tool.server);
        if (list) list.push(tool);
        else byServer.set(tool.server, [tool]);
      }
      this.set({ loaded: true, byServer });
    } catch {
      this.update((state) => ({ ...state, loaded: true }));
    }
  }

  async reload(server: string): Promise<void> {
    let tools: readonly ToolInfo[];
    try {
      tools = await this.#api.listTools({ server });
    } catch {
      // A removed server has no tools any more.
      tools = EMPTY;
    }
    this.update((state) => {
      const byServer = new Map(state.byServer);
      if (tools.length > 0) byServer.set(server, tools);
      else byServer.delete(server);
      return { ...state, byServer };
    });
  }
}
