/**
 * A name's entry in a record keyed by what a server or caller named (a tool, a URI): only an own
 * property counts, so a tool named `constructor` or `toString` is never an inherited member.
 */
export function own<V>(record: Readonly<Record<string, V>> | undefined, name: string): V | undefined {
  return record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
}

/** Sets a name's entry as an own property: `__proto__` stays a key, not the record's prototype. */
export function put<V>(record: Record<string, V>, name: string, value: V): void {
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
}
