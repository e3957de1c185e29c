import { z } from 'zod';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A record keyed by names from outside (a server's, a tool's). z.record neither checks nor keeps a
 * `__proto__` key, so a person's rule for a tool so named would vanish as the file is read; here
 * every own key is checked and kept as an own property (defined, not assigned: never the prototype).
 */
export function ownRecord<V extends z.ZodType>(key: z.ZodType<string>, value: V): z.ZodType<Record<string, z.output<V>>, Record<string, z.input<V>>> {
  const checked = z.unknown().transform((input, ctx) => {
    const out: Record<string, z.output<V>> = {};
    if (!isObject(input)) {
      ctx.addIssue({ code: 'custom', message: 'expected an object' });
      return z.NEVER;
    }
    for (const name of Object.keys(input)) {
      const checkedKey = key.safeParse(name);
      if (!checkedKey.success) {
        ctx.addIssue({ code: 'custom', message: `the key "${name}": ${checkedKey.error.issues[0]?.message ?? 'invalid'}`, path: [name] });
        continue;
      }
      const checked = value.safeParse(input[name]);
      if (!checked.success) {
        // Kept as they are (a union's branches too), so a reader can still name the field that is wrong.
        for (const issue of checked.error.issues) ctx.addIssue({ ...issue, path: [name, ...issue.path] });
        continue;
      }
      Object.defineProperty(out, name, { value: checked.data, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
  return checked.meta(recordDescription(key, value)) as unknown as z.ZodType<Record<string, z.output<V>>, Record<string, z.input<V>>>;
}

/** The JSON Schema members of a record (`z.toJSONSchema` of z.record gives these three). */
const RECORD_MEMBERS = ['type', 'propertyNames', 'additionalProperties'] as const;

/**
 * Described as the record it checks, so JSON Schemas made of it (the documented shapes, the tests that
 * walk every field a reference may sit in) see its keys' and values' schemas, not an opaque transform.
 * Worked out when first read, not when the schema is made: every command builds these schemas at
 * start, and z.toJSONSchema cost it some 10 ms of CPU there, for a description only docs and tests read.
 */
function recordDescription(key: z.ZodType<string>, value: z.ZodType): Record<string, unknown> {
  let described: Record<string, unknown> | undefined;
  const read = (member: string): unknown => {
    described ??= z.toJSONSchema(z.record(key, value), { io: 'input', unrepresentable: 'any' });
    return described[member];
  };
  const description: Record<string, unknown> = {};
  for (const member of RECORD_MEMBERS) Object.defineProperty(description, member, { get: () => read(member), enumerable: true });
  return description;
}
