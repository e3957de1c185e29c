/**
 * A zod schema built on its first use, then kept: `serve` answers health before it has used most of
 * the App API's view schemas, and building them all at import was ~4 ms of its start
 * (docs/how-it-is-built.md). The stand-in forwards every read to the built schema, so parsing, composing it into
 * other schemas, `instanceof`, `.shape` and the rest behave as with the schema itself; methods come
 * bound to it (the same function on every read).
 */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const built = (): T => (schema ??= build());
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy({} as T, {
    get(_target, key) {
      const real = built();
      const value: unknown = Reflect.get(real, key, real);
      if (typeof value !== 'function') return value;
      let method = bound.get(key);
      if (method === undefined || (method as { original?: unknown }).original !== value) {
        method = Object.assign((value as (...args: unknown[]) => unknown).bind(real), { original: value });
        bound.set(key, method);
      }
      return method;
    },
    set: (_target, key, value) => Reflect.set(built(), key, value),
    has: (_target, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    // Reported configurable: the stand-in's own (empty) target cannot vouch for a fixed property.
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
