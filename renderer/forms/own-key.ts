/** Sets `key` as an own, enumerable key: a field a server names `__proto__` stays a field, not the object's prototype. */
export function setOwn(map: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
}
