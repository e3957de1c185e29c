import { randomBytes } from 'node:crypto';
import type { AppCspDomains, AppPermission } from './ui-meta';

/** An app's document as its server gave it, with what it declared and what the person granted it. */
export interface AppDocument {
  readonly server: string;
  readonly uri: string;
  readonly html: string;
  /** The resource's `_meta.ui.csp`; the app origin builds the policy from it (appCsp). */
  readonly declared: AppCspDomains | undefined;
  readonly granted: readonly AppPermission[];
  /** Who opened it, as the App API names its callers: a caller that is not the person closes only its own. */
  readonly openedBy?: string;
}

export interface AppShelfOptions {
  /**
   * How long an opened app's entry stays after its last use (default ten minutes): the open panel
   * keeps it (`keep`, at least once a minute), so only an app whose page went away without closing it expires.
   */
  ttlMs?: number;
  /** At most this many documents at once (default 16); the one used longest ago goes first. */
  maxDocuments?: number;
  /** Largest document kept (default 5 MiB); a server's bigger one is refused. */
  maxBytes?: number;
  now?: () => number;
}

export const DEFAULT_MAX_APP_BYTES = 5 * 1024 * 1024;

/**
 * The documents of opened apps, each under an unguessable id (256 bits) that is the only way to reach it
 * on the app origin: a page or program that does not hold the id cannot make it serve anything.
 */
export class AppShelf {
  readonly #documents = new Map<string, { document: AppDocument; until: number }>();
  readonly #ttlMs: number;
  readonly #max: number;
  readonly maxBytes: number;
  readonly #now: () => number;

  constructor(options: AppShelfOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 10 * 60_000;
    this.#max = options.maxDocuments ?? 16;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_APP_BYTES;
    this.#now = options.now ?? Date.now;
  }

  /** Keeps a document and answers its id; throws when it is larger than the shelf takes. */
  put(document: AppDocument): string {
    if (Buffer.byteLength(document.html) > this.maxBytes) {
      throw new RangeError(`The app of ${document.server} is larger than ${String(Math.round(this.maxBytes / 1024 / 1024))} MiB`);
    }
    this.#sweep();
    while (this.#documents.size >= this.#max) {
      const oldest = this.#documents.keys().next().value;
      if (oldest === undefined) break;
      this.#documents.delete(oldest);
    }
    const id = randomBytes(32).toString('base64url');
    this.#documents.set(id, { document, until: this.#now() + this.#ttlMs });
    return id;
  }

  get(id: string): AppDocument | undefined {
    this.#sweep();
    return this.#documents.get(id)?.document;
  }

  /** An open app's use: its entry stays another `ttlMs`. False when it is gone (closed, expired or pushed out). */
  keep(id: string): boolean {
    this.#sweep();
    const entry = this.#documents.get(id);
    if (entry === undefined) return false;
    // Moved to the newest end too: when the shelf is full, the app used longest ago goes first.
    this.#documents.delete(id);
    this.#documents.set(id, { document: entry.document, until: this.#now() + this.#ttlMs });
    return true;
  }

  /** Closing an app takes its document away at once. */
  drop(id: string): void {
    this.#documents.delete(id);
  }

  /** The documents open now (for what their declarations allow, e.g. the desktop's request filter). */
  documents(): AppDocument[] {
    this.#sweep();
    return [...this.#documents.values()].map((entry) => entry.document);
  }

  get size(): number {
    this.#sweep();
    return this.#documents.size;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, entry] of this.#documents) if (entry.until <= now) this.#documents.delete(id);
  }
}
