import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';
import { redact } from '../../shared/redact';
import { errorMessage } from '../../shared/errors';

/** The list changes the pool follows on every server (MCP 2026-07-28 §Subscriptions). */
const LIST_CHANGES: SubscriptionFilter = { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true };

/**
 * A connection's resource subscriptions and list changes in its era. 2025: `resources/subscribe`
 * per URI, list changes unsolicited. 2026-07-28: one `subscriptions/listen` stream whose filter
 * names the list changes and every subscribed URI, opened again when the set changes.
 */
export class ResourceSubscriber {
  readonly #client: Client;
  readonly #log: (line: string) => void;
  readonly #uris = new Set<string>();
  #stream: McpSubscription | undefined;
  #closed = false;

  constructor(client: Client, log: (line: string) => void) {
    this.#client = client;
    this.#log = log;
  }

  get #modern(): boolean {
    return this.#client.getProtocolEra() === 'modern';
  }

  /**
   * After connect: a modern server's list changes come only on a listen stream, opened where it
   * says it sends them. One that cannot open is said in the log; the server is used all the same
   * (its lists are fetched again at its next start).
   */
  async open(): Promise<void> {
    if (!this.#modern || this.#filter() === undefined) return;
    try {
      await this.#listen();
    } catch (error) {
      this.#log(redact(`a server's change stream could not be opened: ${errorMessage(error)}`));
    }
  }

  /** What to listen for: the list changes the server advertises and the URIs subscribed; undefined for nothing. */
  #filter(): SubscriptionFilter | undefined {
    const caps = this.#client.getServerCapabilities() ?? {};
    const filter: SubscriptionFilter = {};
    if (caps.tools?.listChanged === true) filter.toolsListChanged = LIST_CHANGES.toolsListChanged;
    if (caps.prompts?.listChanged === true) filter.promptsListChanged = LIST_CHANGES.promptsListChanged;
    if (caps.resources?.listChanged === true) filter.resourcesListChanged = LIST_CHANGES.resourcesListChanged;
    if (caps.resources?.subscribe === true && this.#uris.size > 0) filter.resourceSubscriptions = [...this.#uris];
    return Object.keys(filter).length === 0 ? undefined : filter;
  }

  async #listen(): Promise<void> {
    const previous = this.#stream;
    const filter = this.#filter();
    this.#stream = filter === undefined ? undefined : await this.#client.listen(filter);
    await previous?.close();
    void this.#stream?.closed.then((how) => {
      if (how === 'remote' && !this.#closed) this.#log(redact(`a server's change stream ended (${how}); list changes resume at its next start`));
    });
  }

  async subscribe(uri: string, options: { signal?: AbortSignal; timeout?: number }): Promise<void> {
    if (!this.#modern) {
      await this.#client.subscribeResource({ uri }, options);
      return;
    }
    this.#uris.add(uri);
    await this.#listen();
  }

  async unsubscribe(uri: string, options: { signal?: AbortSignal; timeout?: number }): Promise<void> {
    if (!this.#modern) {
      await this.#client.unsubscribeResource({ uri }, options);
      return;
    }
    if (this.#uris.delete(uri)) await this.#listen();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#stream?.close().catch(() => undefined);
  }
}
