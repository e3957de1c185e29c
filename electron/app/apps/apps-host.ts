import { createHmac, randomBytes } from 'node:crypto';
import { CodedError } from '../../../shared/errors';
import { AppShelf } from '../../mcp-apps';
import { AppCalls } from './app-calls';

/** An app the host stopped itself (the desktop app's memory bound), with what to tell the person. */
export interface StoppedApp {
  appId: string;
  reason: 'memory';
  message: string;
}

/**
 * Where opened MCP Apps wait to be served: the shelf of their documents, and the app origin that
 * serves them once a web server has started one (serve, the desktop app).
 */
export class AppsHost {
  readonly shelf: AppShelf;
  /** Write and destructive calls opened apps ask for, waiting for the person (decision kind `appCall`). */
  readonly calls = new AppCalls();
  #origin: string | undefined;
  readonly #stopped = new Set<(stopped: StoppedApp) => void>();
  /** Keys the apps' frame tags: a tag cannot be turned back into the id it names. */
  readonly #frameKey = randomBytes(32);

  /** `now`: the shelf's clock (a test's own). */
  constructor(options: { now?: () => number } = {}) {
    this.shelf = new AppShelf(options.now ? { now: options.now } : {});
  }

  #served: readonly string[] = [];

  /** Set by whoever serves the app origin (with the origins it serves beside it, the web UI); undefined again when it stops. */
  setOrigin(origin: string | undefined, served: readonly string[] = []): void {
    this.#origin = origin;
    this.#served = origin === undefined ? [] : served;
  }

  /** The app origin and what is served beside it: no app may reach them. */
  ownOrigins(): string[] {
    return this.#origin === undefined ? [] : [this.#origin, ...this.#served];
  }

  /** The public tag of an opened app (its `appCall` decisions name it by this): its id is its credential. */
  frameOf(appId: string): string {
    return createHmac('sha256', this.#frameKey).update(appId).digest('base64url').slice(0, 22);
  }

  addressOf(id: string): string {
    if (this.#origin === undefined) {
      throw new CodedError('server_unavailable', 'Apps are shown only by the running app', {
        hint: 'Open the app, or the address `connected-services serve` prints, and open the tool there',
      });
    }
    return `${this.#origin}/app/${id}`;
  }

  /** Closes an app as closeApp does (its address stops serving, its waiting calls are refused) and says why. */
  stop(stopped: StoppedApp): void {
    this.shelf.drop(stopped.appId);
    this.calls.dropApp(stopped.appId);
    for (const listener of this.#stopped) listener(stopped);
  }

  onStopped(listener: (stopped: StoppedApp) => void): () => void {
    this.#stopped.add(listener);
    return () => this.#stopped.delete(listener);
  }
}
