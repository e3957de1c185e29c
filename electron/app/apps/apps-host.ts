import { CodedError } from '../../../shared/errors';
import { AppShelf } from '../../mcp-apps';
import { AppCalls } from './app-calls';

/**
 * Where opened MCP Apps wait to be served: the shelf of their documents, and the app origin that
 * serves them once a web server has started one (serve, the desktop app).
 */
export class AppsHost {
  readonly shelf = new AppShelf();
  /** Write and destructive calls opened apps ask for, waiting for the person (decision kind `appCall`). */
  readonly calls = new AppCalls();
  #origin: string | undefined;

  /** Set by whoever serves the app origin; undefined again when it stops. */
  setOrigin(origin: string | undefined): void {
    this.#origin = origin;
  }

  addressOf(id: string): string {
    if (this.#origin === undefined) {
      throw new CodedError('server_unavailable', 'Apps are shown only by the running app', {
        hint: 'Open the app, or the address `connected-services serve` prints, and open the tool there',
      });
    }
    return `${this.#origin}/app/${id}`;
  }
}
