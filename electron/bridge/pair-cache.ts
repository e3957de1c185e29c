/**
 * Values kept per pair of objects that are replaced, never changed, when what they hold changes (a
 * tool index and an agent record): a changed index or agent is a new key, so nothing stale is found,
 * and an entry goes when either key is dropped.
 */
export class PairCache<A extends object, B extends object, V> {
  readonly #byFirst = new WeakMap<A, WeakMap<B, V>>();

  get(first: A, second: B): V | undefined {
    return this.#byFirst.get(first)?.get(second);
  }

  set(first: A, second: B, value: V): V {
    let bySecond = this.#byFirst.get(first);
    if (bySecond === undefined) {
      bySecond = new WeakMap();
      this.#byFirst.set(first, bySecond);
    }
    bySecond.set(second, value);
    return value;
  }
}
