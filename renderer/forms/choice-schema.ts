import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { setOwn } from './own-key';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One titled option: `{ const, title }` (SEP-1330), the title optional. */
interface Choice {
  const: unknown;
  title?: string;
}

/** The options of `oneOf` / `anyOf` when every one is a constant (a titled choice list), else undefined. */
function constChoices(schema: Schema): Choice[] | undefined {
  const list: unknown = schema['oneOf'] ?? schema['anyOf'];
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const choices: Choice[] = [];
  for (const option of list) {
    if (!isSchema(option) || !('const' in option)) return undefined;
    choices.push({ const: option['const'], ...(typeof option['title'] === 'string' ? { title: option['title'] } : {}) });
  }
  return choices;
}

function typeOfValues(values: readonly unknown[]): string | undefined {
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'number' && Number.isInteger(v))) return 'integer';
  if (values.every((v) => typeof v === 'number')) return 'number';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  return undefined;
}

/**
 * A choice schema rjsf renders as a labelled list: `oneOf`/`anyOf` of constants keeps its titles and
 * gains the `type` rjsf needs; the legacy `enum` + `enumNames` (SEP-1330's deprecated form, which
 * rjsf 6 no longer reads) becomes the same `oneOf`, so titles show instead of values.
 */
function choiceSchema(schema: Schema): Schema | undefined {
  const titled = constChoices(schema);
  if (titled) {
    const type = schema['type'] ?? typeOfValues(titled.map((c) => c.const));
    const { anyOf: _anyOf, ...rest } = schema;
    return { ...rest, ...(type !== undefined ? { type } : {}), oneOf: titled.map((c) => ({ const: c.const, title: c.title ?? String(c.const) })) };
  }
  const values: unknown = schema['enum'];
  const names: unknown = schema['enumNames'];
  if (Array.isArray(values) && Array.isArray(names) && names.length === values.length && names.every((n) => typeof n === 'string')) {
    const { enum: _enum, enumNames: _names, ...rest } = schema;
    const type = schema['type'] ?? typeOfValues(values);
    return { ...rest, ...(type !== undefined ? { type } : {}), oneOf: values.map((value: unknown, i) => ({ const: value, title: String(names[i]) })) };
  }
  return undefined;
}

export interface FormSchema {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/**
 * The schema a form draws, for every shape an elicitation or a tool may send (MCP 2025-11-25
 * elicitation, SEP-1330): single and multi-select, titled or not, legacy `enumNames`. A multi-select
 * (an array of choices) shows as checkboxes, never as an "Add item" list; the data sent keeps the
 * original shape (the values, never the titles).
 */
export function formSchema(input: RJSFSchema): FormSchema {
  const properties = (input as Schema)['properties'];
  if (!isSchema(properties)) return { schema: input, uiSchema: {} };
  const shown: Schema = {};
  const uiSchema: UiSchema = {};
  for (const [name, value] of Object.entries(properties)) {
    if (!isSchema(value)) {
      setOwn(shown, name, value);
      continue;
    }
    const items = value['items'];
    if (value['type'] === 'array' && isSchema(items)) {
      const choices = choiceSchema(items) ?? (Array.isArray(items['enum']) ? items : undefined);
      if (choices) {
        // rjsf draws an array as a multi-select only with unique items, which a choice list has.
        setOwn(shown, name, { ...value, items: choices, uniqueItems: true });
        setOwn(uiSchema, name, { 'ui:widget': 'checkboxes' });
        continue;
      }
    }
    setOwn(shown, name, choiceSchema(value) ?? value);
  }
  return { schema: { ...input, properties: shown } as RJSFSchema, uiSchema };
}
