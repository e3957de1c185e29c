/**
 * How many zod schemas (and checks) the code of each of `files` built while `run` ran, by its stack:
 * zod defines an instance's `_zod` once, as it builds it. A module on `serve`'s start path should
 * build at import only what the start uses (docs/benchmarks.md).
 */
export async function schemasBuiltBy(files: readonly string[], run: () => unknown): Promise<Map<string, number>> {
  const counts = new Map(files.map((file) => [file, 0]));
  const original = Object.defineProperty;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  Object.defineProperty = function <T>(target: T, key: PropertyKey, descriptor: PropertyDescriptor & ThisType<unknown>): T {
    if (key === '_zod') {
      // The nearest frame outside zod and this helper: the module whose code asked for the schema.
      const caller = (new Error().stack ?? '').split('\n').slice(1).find((line) => !/node_modules|schemas-built|node:internal|<anonymous>/.test(line)) ?? '';
      const file = files.find((name) => caller.includes(`/${name}:`));
      if (file !== undefined) counts.set(file, (counts.get(file) ?? 0) + 1);
    }
    return original(target, key, descriptor);
  };
  try {
    await run();
  } finally {
    Object.defineProperty = original;
    Error.stackTraceLimit = limit;
  }
  return counts;
}
