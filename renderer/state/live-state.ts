import type { AppApi, DeviceLogin } from '../../shared/api';
import { DecisionsStore } from './decisions-store';
import { DeviceLoginsStore } from './device-logins-store';
import { ServersStore } from './servers-store';
import { SignInsStore } from './sign-ins-store';
import { Store } from './store';
import { ToolsStore } from './tools-store';

/** Everything the screens share, kept current by core events; no polling. */
export interface LiveState {
  api: AppApi;
  servers: ServersStore;
  tools: ToolsStore;
  deviceLogins: DeviceLoginsStore;
  /** Every sign-in the core runs (browser, code), with its address and deadline. */
  signIns: SignInsStore;
  /**
   * Everything waiting for the person, every kind (calls, confirmations, servers' asks, tool changes):
   * Activity's "Waiting for you", the nav's count, the status strip and the ask dialog all read it.
   */
  decisions: DecisionsStore;
  /** Servers whose Connect was clicked in this window and has not finished. */
  connecting: Store<ReadonlySet<string>>;
  /** App panels showing an address their app asks to open, waiting for Open or Don't open (the status strip counts them). */
  appLinks: Store<ReadonlySet<string>>;
  /** Loads everything again (the link to the core came back: events may have been missed). */
  reload(): void;
  /** Subscribes and loads; safe to call again after close(). */
  start(options?: { onDeviceLogin?: (login: DeviceLogin) => void }): void;
  close(): void;
}

export function createLiveState(api: AppApi): LiveState {
  let unsubscribe: Array<() => void> = [];
  const state: LiveState = {
    api,
    servers: new ServersStore(api),
    tools: new ToolsStore(api),
    deviceLogins: new DeviceLoginsStore(api),
    signIns: new SignInsStore(api),
    decisions: new DecisionsStore(api),
    connecting: new Store<ReadonlySet<string>>(new Set()),
    appLinks: new Store<ReadonlySet<string>>(new Set()),
    start(options = {}) {
      state.close();
      unsubscribe = [
        ...state.servers.listen(),
        ...state.tools.listen(),
        ...state.deviceLogins.listen(options.onDeviceLogin),
        ...state.signIns.listen(),
        ...state.decisions.listen(),
      ];
      state.reload();
    },
    reload() {
      void state.servers.refresh();
      void state.tools.load();
      void state.decisions.load();
      void state.signIns.load();
    },
    close() {
      for (const off of unsubscribe) off();
      unsubscribe = [];
    },
  };
  return state;
}
