import type { AppApi, SignInProgress } from '../../shared/api';
import { Store } from './store';

/**
 * The latest sign-in per server, as the core keeps it: loaded once (so one started in another window,
 * or before a reload, is found again), then kept by `signIn` events.
 */
export class SignInsStore extends Store<ReadonlyMap<string, SignInProgress>> {
  readonly #api: AppApi;

  constructor(api: AppApi) {
    super(new Map());
    this.#api = api;
  }

  listen(): Array<() => void> {
    return [this.#api.on('signIn', (progress) => this.#put(progress))];
  }

  async load(): Promise<void> {
    const list = await this.#api.listSignIns({}).catch(() => undefined);
    if (list) this.set(new Map(list.map((p) => [p.server, p])));
  }

  #put(progress: SignInProgress): void {
    this.update((map) => new Map(map).set(progress.server, progress));
  }

  /** The sign-in to `server` still waiting for the person, if any. */
  waiting(server: string): SignInProgress | undefined {
    const progress = this.get().get(server);
    return progress?.state === 'waiting' ? progress : undefined;
  }

  /** Forgets an ended sign-in's outcome once the person has read it. */
  dismiss(server: string): void {
    this.update((map) => {
      if (map.get(server)?.state === 'waiting' || !map.has(server)) return map;
      const next = new Map(map);
      next.delete(server);
      return next;
    });
  }
}
