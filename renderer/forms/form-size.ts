/**
 * How many fields a generated form holds at most. A real tool's input has tens; a form of 5,000 fields
 * (a server may list one) built 85,000 elements and took seconds to open.
 */
export const MAX_FORM_FIELDS = 300;

/**
 * How many fields a schema's form would have: every entry of every `properties` map, at any depth,
 * counted up to `stopAt` (then the walk ends: the answer is only "too many"). A schema comes from
 * JSON, so its tree has no cycle; a `$ref` is not followed.
 */
export function formFields(schema: unknown, stopAt = MAX_FORM_FIELDS + 1): number {
  let count = 0;
  // Each value with whether it is a map of names (a property named `properties` is a name, not a keyword).
  const stack: Array<[unknown, boolean]> = [[schema, false]];
  while (stack.length > 0 && count < stopAt) {
    const [value, names] = stack.pop() ?? [undefined, false];
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, false]);
      continue;
    }
    for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
      const isMap = !names && key === 'properties' && typeof member === 'object' && member !== null && !Array.isArray(member);
      if (isMap) count += Object.keys(member).length;
      stack.push([member, isMap]);
    }
  }
  return Math.min(count, stopAt);
}
