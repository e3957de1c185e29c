/** A key of an IdTable: a JSON-RPC request id, a counter. */
export type Id = string | number;

/**
 * A Map for entries that come and go all the time: requests in flight, keyed by id. V8 keeps each
 * hash table a Map or Set has replaced linked to its successor (for iterators); once such a table
 * is in the old generation it keeps every entry after it alive through young collections, so the
 * objects of each call were promoted and left to full collections (~4 KB a call through the
 * bridge, ~10 µs of collection; `--trace-gc-nvp`). The entries live in a null-prototype object
 * instead, whose dictionary has no such link. Iteration is in insertion order, as a Map's.
 */
export class IdTable<V> implements Iterable<V> {
  #entries: Record<string, V> = Object.create(null) as Record<string, V>;
  #size = 0;

  /** Numbers and strings apart: request id 1 is not request id "1" (JSON-RPC 2.0 §4). */
  static #key(id: Id): string {
    return typeof id === 'number' ? `n${id}` : `s${id}`;
  }

  get size(): number {
    return this.#size;
  }

  get(id: Id): V | undefined {
    return this.#entries[IdTable.#key(id)];
  }

  has(id: Id): boolean {
    return IdTable.#key(id) in this.#entries;
  }

  set(id: Id, value: V): this {
    const key = IdTable.#key(id);
    if (!(key in this.#entries)) this.#size++;
    this.#entries[key] = value;
    return this;
  }

  delete(id: Id): boolean {
    const key = IdTable.#key(id);
    if (!(key in this.#entries)) return false;
    delete this.#entries[key];
    this.#size--;
    return true;
  }

  clear(): void {
    this.#entries = Object.create(null) as Record<string, V>;
    this.#size = 0;
  }

  /** The values in insertion order (a copy: the table may change while they are used). */
  values(): IterableIterator<V> {
    return Object.values(this.#entries)[Symbol.iterator]();
  }

  [Symbol.iterator](): IterableIterator<V> {
    return this.values();
  }
}
