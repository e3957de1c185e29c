import type { AppApi, DeviceLogin } from '../../shared/api';
import { Store } from './store';

/** The latest device-code login per server, from `deviceLogin` events only. */
export class DeviceLoginsStore extends Store<ReadonlyMap<string, DeviceLogin>> {
  readonly #api: AppApi;

  constructor(api: AppApi) {
    super(new Map());
    this.#api = api;
  }

  listen(onLogin?: (login: DeviceLogin) => void): Array<() => void> {
    return [
      this.#api.on('deviceLogin', (login) => {
        this.update((map) => new Map(map).set(login.server, login));
        onLogin?.(login);
      }),
    ];
  }

  dismiss(server: string): void {
    this.update((map) => {
      if (!map.has(server)) return map;
      const next = new Map(map);
      next.delete(server);
      return next;
    });
  }
}
