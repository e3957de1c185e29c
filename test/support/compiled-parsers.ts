/**
 * How many functions were compiled from source text (`new Function`) while `run` ran: zod compiles
 * an object schema's fast parser that way on its first parse unless asked `jitless`. A parse made
 * once, at start, should not pay for a compile (docs/benchmarks.md).
 */
export async function compiledParsers(run: () => unknown): Promise<number> {
  const original = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args: unknown[]) {
      compiled++;
      return Reflect.construct(target, args) as object;
    },
    apply(target, self, args: unknown[]) {
      compiled++;
      return Reflect.apply(target, self, args) as unknown;
    },
  });
  try {
    await run();
  } finally {
    globalThis.Function = original;
  }
  return compiled;
}
