/** An entry's neighbours, held on the entry itself: joining or leaving a list allocates nothing. */
export interface Linked<T> {
  prev: T | undefined;
  next: T | undefined;
}

/**
 * A list linked through its entries (intrusive), in the order they were added. For entries that come
 * and go on every call (running calls, pending answers, deadlines): adding and deleting are a few
 * pointer writes, with no dictionary entry or array per entry, and a walk from `first` along `next`
 * makes no iterator. An entry is in at most one such list at a time (its links are its own).
 */
export class LinkedList<T extends Linked<T>> implements Iterable<T> {
  #first: T | undefined;
  #last: T | undefined;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get first(): T | undefined {
    return this.#first;
  }

  /** At the end. An entry already in a list must leave it first. */
  push(entry: T): void {
    entry.prev = this.#last;
    entry.next = undefined;
    if (this.#last) this.#last.next = entry;
    else this.#first = entry;
    this.#last = entry;
    this.#size++;
  }

  has(entry: T): boolean {
    return entry.prev !== undefined || this.#first === entry;
  }

  /** Out of the list; false if it was not in it. Its links are cleared, so it keeps no other entry alive. */
  delete(entry: T): boolean {
    if (!this.has(entry)) return false;
    if (entry.prev) entry.prev.next = entry.next;
    else this.#first = entry.next;
    if (entry.next) entry.next.prev = entry.prev;
    else this.#last = entry.prev;
    entry.prev = undefined;
    entry.next = undefined;
    this.#size--;
    return true;
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (let entry = this.#first; entry; entry = entry.next) yield entry;
  }
}
