/**
 * The fields of `mcp.json` as the schemas define them (shared/config): every property of a server
 * entry (stdio and HTTP, their `auth` blocks, `credentialFile`, `tools`) and of `settings`, as dotted
 * paths, read from z.toJSONSchema (io: 'input') so a field added to a schema is found here at once.
 */
import { z } from 'zod';
import { HttpServerSchema, SettingsSchema, StdioServerSchema } from '../../shared/config';

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

function walk(schema: JsonSchema, defs: Record<string, JsonSchema>, prefix: string, out: Set<string>): void {
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = defs[name];
    if (target) walk(target, defs, prefix, out);
    return;
  }
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(part, defs, prefix, out);
  // Arrays of objects would name their items' fields under the array's name; none has them today.
  if (schema.items) walk(schema.items, defs, prefix, out);
  for (const [name, value] of Object.entries(schema.properties ?? {})) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    out.add(path);
    walk(value, defs, path, out);
  }
}

function fieldsOf(schema: z.ZodType, prefix = ''): Set<string> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const out = new Set<string>();
  walk(json, json.$defs ?? {}, prefix, out);
  return out;
}

/** Every field a server entry may have (stdio and HTTP together), as dotted paths: `auth.clientId`. */
export function serverEntryFields(): string[] {
  return [...new Set([...fieldsOf(StdioServerSchema), ...fieldsOf(HttpServerSchema)])].sort();
}

/** Every field of `settings`, as `settings.NAME`. */
export function settingsFields(): string[] {
  return [...fieldsOf(SettingsSchema, 'settings')].sort();
}

/** Which of the two transports a field belongs to. */
export function transportsOf(field: string): ('stdio' | 'http')[] {
  const out: ('stdio' | 'http')[] = [];
  if (fieldsOf(StdioServerSchema).has(field)) out.push('stdio');
  if (fieldsOf(HttpServerSchema).has(field)) out.push('http');
  return out;
}
