import type { z } from 'zod';
import { API_METHODS, type ApiMethod } from '../../shared/api';

/** A field's kind as a program writes it: `string`, `object`, `"a" | "b"`; an unusual one is a value. */
function kindOf(schema: z.ZodType): string {
  const def = schema.def as { type: string; innerType?: z.ZodType; options?: z.ZodType[]; entries?: Record<string, unknown>; values?: unknown[] };
  if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) return kindOf(def.innerType);
  if (def.type === 'union' && def.options) return [...new Set(def.options.map(kindOf))].join(' | ');
  if (def.type === 'enum' && def.entries) return Object.values(def.entries).map((v) => JSON.stringify(v)).join(' | ');
  if (def.type === 'literal' && def.values) return def.values.map((v) => JSON.stringify(v)).join(' | ');
  if (def.type === 'record') return 'object';
  return ['string', 'number', 'boolean', 'object', 'array'].includes(def.type) ? def.type : 'value';
}

/** `{ server: string, tool: string, arguments?: object }`: a method's input as its schema takes it. */
function shapeOf(schema: z.ZodType): string | undefined {
  const options = (schema.def as { options?: z.ZodType[] }).options;
  // A union of inputs (decide's kinds): each one it takes.
  if (schema.def.type === 'union' && options !== undefined) {
    const shapes = options.map(shapeOf);
    return shapes.every((s) => s !== undefined) ? shapes.join(' or ') : undefined;
  }
  const shape = (schema as Partial<z.ZodObject>).shape;
  if (shape === undefined) return undefined;
  const fields = Object.entries(shape as Record<string, z.ZodType>).map(([key, field]) => `${key}${field.safeParse(undefined).success ? '?' : ''}: ${kindOf(field)}`);
  return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`;
}

/** `a string`, `an object`, `one of "a" | "b"`. */
function phrase(kind: string): string {
  if (kind.includes(' | ')) return `one of ${kind}`;
  return `${/^[aeio]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

/**
 * What a program fixes in a method's input the App API refused: the first field at fault, and the
 * input the method takes (a ConnectedServices method's arguments are these fields).
 */
export function inputHint(method: ApiMethod, input: unknown): string {
  const schema = API_METHODS[method].input as z.ZodType;
  const parsed = schema.safeParse(input ?? {});
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  const takes = shapeOf(schema);
  const shape = takes === undefined ? `${method} takes its input as docs/library.md shows it` : `${method} takes ${takes}`;
  if (issue === undefined) return shape;
  if (issue.code === 'unrecognized_keys') return `Leave out ${issue.keys.map((k) => `"${k}"`).join(', ')}: ${shape}`;
  const [key] = issue.path;
  if (key === undefined) return shape;
  // Of the wrong kind: the kind it takes; otherwise the message says what is wrong with it.
  const field = issue.path.length === 1 && issue.code === 'invalid_type' ? ((schema as Partial<z.ZodObject>).shape as Record<string, z.ZodType> | undefined)?.[String(key)] : undefined;
  return field === undefined ? `Fix ${issue.path.map(String).join('.')}: ${shape}` : `Give ${String(key)} as ${phrase(kindOf(field))}: ${shape}`;
}
