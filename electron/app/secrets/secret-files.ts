import type { ServerState } from '../../../shared/api';
import type { PrivateRuntimeDir } from '../../fs-safe';
import { secretLinePieces, type SecretSource } from '../../../shared/redact';

export interface SecretFilesOptions {
  /** This process's private runtime folder, opened at the first file (most runs never need one). */
  open: () => Promise<PrivateRuntimeDir>;
  /** A server's view of the vault: its own secret of that name, else the global one. */
  lookup: (server: string) => (name: string) => Promise<string | undefined>;
  redactor: { addSecret(value: string, source?: SecretSource, parts?: readonly string[]): void };
}

/** States in which a server's program is not running: its secret files are removed. */
const DOWN: ReadonlySet<ServerState> = new Set<ServerState>(['stopped', 'idle', 'error', 'needs_auth']);

const SECRET_FIELD = /key|secret|token|password/i;

/**
 * What of a file's content could show up in a program's output: the whole, its long lines, and the
 * secret-named string fields of a JSON file (a service-account key's private_key) and their lines.
 */
export function secretPieces(content: string): string[] {
  const pieces = new Set<string>([content.trim()]);
  const addLines = (text: string): void => {
    for (const piece of secretLinePieces(text)) pieces.add(piece);
  };
  addLines(content);
  try {
    const parsed: unknown = JSON.parse(content);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [field, value] of Object.entries(parsed)) {
        if (typeof value !== 'string' || !SECRET_FIELD.test(field)) continue;
        pieces.add(value);
        addLines(value);
      }
    }
  } catch {
    // Not JSON: the lines are enough.
  }
  return [...pieces].filter((piece) => piece.length >= 8);
}

/**
 * `${secretFile:NAME}`: the vault secret NAME in a 0600 file of this process's runtime folder,
 * `<server>.<NAME>` (server names hold no dot), written at each spawn and removed when the program stops.
 */
export class SecretFiles {
  readonly #options: SecretFilesOptions;
  #dir: Promise<PrivateRuntimeDir> | undefined;
  #closed = false;

  constructor(options: SecretFilesOptions) {
    this.#options = options;
  }

  /** The resolver for one server's `${secretFile:…}`: the file's path, or undefined when the vault has no such secret. */
  resolverFor(server: string): (name: string) => Promise<string | undefined> {
    const lookup = this.#options.lookup(server);
    return async (name) => {
      const value = await lookup(name);
      if (value === undefined) return undefined;
      // One hand-out of this file: a call holding a piece says which secret file it is (vault-value-warning.ts).
      const [whole, ...parts] = secretPieces(value);
      if (whole !== undefined) this.#options.redactor.addSecret(whole, { from: 'secret-file', server, name }, parts);
      this.#dir ??= this.#options.open();
      return (await this.#dir).write(`${server}.${name}`, value);
    };
  }

  /** After a state change: a program that is not running keeps no secret file. */
  stateChanged(server: string, state: ServerState): Promise<void> {
    return DOWN.has(state) ? this.release(server) : Promise.resolve();
  }

  async release(server: string): Promise<void> {
    if (!this.#dir || this.#closed) return;
    await (await this.#dir).remove(`${server}.`);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const dir = this.#dir;
    if (dir) await (await dir.catch(() => undefined))?.close();
  }
}
