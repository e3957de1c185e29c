import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';
import { redact } from '../../shared/redact';

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

  /** After connect: a modern server's list changes come only on a listen stream. */
  async open(): Promise<void> {
    if (this.#modern) await this.#listen();
  }

  async #listen(): Promise<void> {
    const previous = this.#stream;
    const caps = this.#client.getServerCapabilities() ?? {};
    const filter: SubscriptionFilter = { ...LIST_CHANGES };
    if (caps.resources?.subscribe === true && this.#uris.size > 0) filter.resourceSubscriptions = [...this.#uris];
    this.#stream = await this.#client.listen(filter);
    await previous?.close();
    void this.#stream.closed.then((how) => {
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
