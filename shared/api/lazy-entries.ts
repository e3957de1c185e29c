/**
 * An object whose entries are built on first read, then kept: `serve` answers its first request
 * before it has read most of the App API's schemas (docs/how-it-is-built.md). Keys are enumerable own
 * properties as in a plain object (Object.keys, hasOwnProperty and `in` behave the same).
 */
export function lazyEntries<T extends Record<string, () => unknown>>(builders: T): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const entries = {} as { [K in keyof T]: ReturnType<T[K]> };
  for (const key of Object.keys(builders) as Array<keyof T & string>) {
    Object.defineProperty(entries, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = builders[key]?.() as ReturnType<T[typeof key]>;
        Object.defineProperty(entries, key, { value, enumerable: true, configurable: false, writable: false });
        return value;
      },
    });
  }
  return entries;
}
