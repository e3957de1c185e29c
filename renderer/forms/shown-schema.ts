import type { RJSFSchema } from '@rjsf/utils';
import { HIDDEN_CHAR, cutTitle, revealHidden } from '../../shared/text';
import { setOwn } from './own-key';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas. */
const ONE = ['items', 'additionalProperties', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
const LIST = ['oneOf', 'anyOf', 'allOf', 'prefixItems', 'items'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies', 'dependentSchemas'];

function shownMap(map: Schema, named: boolean): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(map)) {
    if (!isSchema(value)) {
      setOwn(out, key, value);
      continue;
    }
    const schema = shown(value);
    // A field without a title is labelled by its name: a hidden character in it is shown too.
    setOwn(out, key, named && schema['title'] === undefined && HIDDEN_CHAR.test(key) ? { ...schema, title: cutTitle(revealHidden(key)) } : schema);
  }
  return out;
}

function shown(schema: Schema): Schema {
  const out: Schema = { ...schema };
  for (const key of ['title', 'description'] as const) {
    const text = schema[key];
    // A title is a label: cut as every title is; a description keeps its length, shown by its head.
    if (typeof text === 'string') out[key] = key === 'title' ? cutTitle(revealHidden(text)) : revealHidden(text, ['\n', '\t']);
  }
  for (const key of ONE) if (isSchema(schema[key])) out[key] = shown(schema[key]);
  for (const key of LIST) {
    const list: unknown = schema[key];
    if (Array.isArray(list)) out[key] = list.map((item: unknown) => (isSchema(item) ? shown(item) : item));
  }
  for (const key of MAP) if (isSchema(schema[key])) out[key] = shownMap(schema[key], key === 'properties');
  return out;
}

/**
 * A schema as a form shows it: every title and description (and a field name used as its label)
 * with hidden characters as escapes, so a server's `\u202e` cannot reverse a label. Only the
 * schema's words change: names, types and defaults stay, so the data the form sends is the same.
 */
export function shownSchema(schema: RJSFSchema): RJSFSchema {
  return shown(schema);
}
