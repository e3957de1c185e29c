/** A key of an IdTable: a JSON-RPC request id, a counter. */
export type Id = string | number;

/**
 * A Map for entries that come and go all the time: requests in flight, keyed by id. V8 keeps each
 * hash table a Map or Set has replaced linked to its successor (for iterators); once such a table
 * is in the old generation it keeps every entry after it alive through young collections, so the
 * objects of each call were promoted and left to full collections (~4 KB a call through the
 * bridge, ~10 µs of collection; `--trace-gc-nvp`). The entries live in a null-prototype object
 * instead, whose dictionary has no such link: numbers as its own (integer) keys, strings behind a
 * prefix, so request id 1 is not request id "1" (JSON-RPC 2.0 §4). Values are objects, never
 * undefined, so one lookup tells whether an id is there.
 * Iteration: integer ids in ascending order, then the others in insertion order.
 */
export class IdTable<V extends object> implements Iterable<V> {
  #entries: Record<string | number, V | undefined> = Object.create(null) as Record<string | number, V | undefined>;
  #size = 0;

  static #key(id: Id): string | number {
    return typeof id === 'number' ? id : `s${id}`;
  }

  get size(): number {
    return this.#size;
  }

  get(id: Id): V | undefined {
    return this.#entries[IdTable.#key(id)];
  }

  has(id: Id): boolean {
    return this.get(id) !== undefined;
  }

  set(id: Id, value: V): this {
    const key = IdTable.#key(id);
    if (this.#entries[key] === undefined) this.#size++;
    this.#entries[key] = value;
    return this;
  }

  delete(id: Id): boolean {
    const key = IdTable.#key(id);
    if (this.#entries[key] === undefined) return false;
    delete this.#entries[key];
    this.#size--;
    return true;
  }

  clear(): void {
    this.#entries = Object.create(null) as Record<string | number, V | undefined>;
    this.#size = 0;
  }

  /** The values (a copy: the table may change while they are used). */
  values(): IterableIterator<V> {
    return (Object.values(this.#entries) as V[])[Symbol.iterator]();
  }

  [Symbol.iterator](): IterableIterator<V> {
    return this.values();
  }
}
