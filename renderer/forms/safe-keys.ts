import type { RJSFSchema } from '@rjsf/utils';
import { setOwn } from './own-key';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Path steps lodash's `get`/`set` refuse (rjsf reads and writes every field through them): such a field would not show. */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** How one level's field names were changed, and the levels under it (an object's fields, an array's items). */
export interface Renames {
  /** Real name → the name the form uses. */
  names: ReadonlyMap<string, string>;
  fields: ReadonlyMap<string, Renames>;
  items?: Renames;
}

export interface SafeSchema {
  schema: RJSFSchema;
  /** Undefined when no field needed a new name: the data passes as it is. */
  renames: Renames | undefined;
}

/** A name no sibling has: `field__proto__`, `field__proto__2`… */
function freshName(name: string, taken: Set<string>): string {
  let candidate = `field${name}`;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `field${name}${String(n)}`;
  taken.add(candidate);
  return candidate;
}

function safeLevel(schema: Schema): SafeSchema & { schema: Schema } {
  let out: Schema = schema;
  let items: Renames | undefined;
  if (isSchema(schema['items'])) {
    const inner = safeLevel(schema['items']);
    if (inner.renames) {
      items = inner.renames;
      out = { ...out, items: inner.schema };
    }
  }
  const names = new Map<string, string>();
  const fields = new Map<string, Renames>();
  const properties = schema['properties'];
  if (isSchema(properties)) {
    const taken = new Set(Object.keys(properties));
    const shown: Schema = {};
    for (const [name, value] of Object.entries(properties)) {
      const safe = UNSAFE.has(name) ? freshName(name, taken) : name;
      let field = value;
      if (isSchema(value)) {
        const inner = safeLevel(value);
        if (inner.renames) fields.set(name, inner.renames);
        field = inner.schema;
      }
      if (safe !== name) {
        names.set(name, safe);
        // Labelled by its real name, as a field without a title is.
        if (isSchema(field) && field['title'] === undefined) field = { ...field, title: name };
      }
      setOwn(shown, safe, field);
    }
    if (names.size > 0 || fields.size > 0) {
      const required = schema['required'];
      out = { ...out, properties: shown, ...(Array.isArray(required) ? { required: required.map((r: unknown) => (typeof r === 'string' ? (names.get(r) ?? r) : r)) } : {}) };
    }
  }
  const renames = names.size > 0 || fields.size > 0 || items ? { names, fields, ...(items ? { items } : {}) } : undefined;
  return { schema: out, renames };
}

/**
 * The schema a form is given: a field named `__proto__`, `constructor` or `prototype` (a server may
 * name one so) gets a name rjsf can use, labelled by its real name; `realData` gives the answer its
 * real names back. Only `properties` (and an array's `items`) are renamed: the fields a form draws.
 */
export function safeSchema(schema: RJSFSchema): SafeSchema {
  const { schema: out, renames } = safeLevel(schema);
  return { schema: out, renames };
}

function renamed(data: unknown, renames: Renames | undefined, toSafe: boolean): unknown {
  if (renames === undefined) return data;
  if (Array.isArray(data)) return renames.items ? data.map((item: unknown) => renamed(item, renames.items, toSafe)) : data;
  if (!isSchema(data)) return data;
  const names = toSafe ? renames.names : new Map([...renames.names].map(([real, safe]) => [safe, real]));
  const out: Schema = {};
  for (const key of Object.keys(data)) {
    const target = names.get(key) ?? key;
    // Defined, not assigned: the real `__proto__` stays a key of the answer, never its prototype.
    setOwn(out, target, renamed(data[key], renames.fields.get(toSafe ? key : target), toSafe));
  }
  return out;
}

/** Form data (or a uiSchema) under the real names → under the names the form uses. */
export function safeData<T>(data: T, renames: Renames | undefined): T {
  return renamed(data, renames, true) as T;
}

/** What the form gives back → under the real names, each an own key. */
export function realData<T>(data: T, renames: Renames | undefined): T {
  return renamed(data, renames, false) as T;
}
