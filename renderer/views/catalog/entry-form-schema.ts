import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { SERVER_NAME } from '../../../shared/config';
import { ABSOLUTE_PATH, type CatalogChoice, type CatalogEntry } from '../../../shared/catalog';

export type EntryFormData = Record<string, string | undefined>;

const INPUT_PREFIX = 'input_';

export const NAME_FIELD: RJSFSchema = {
  type: 'string',
  title: 'Name',
  description: 'What this service is called here; agents see its tools as <name>__<tool>.',
  pattern: SERVER_NAME.source,
  maxLength: 48,
  errorMessage: 'Use 1-48 letters, digits, "_" or "-", starting with a letter or digit.',
};

/** The form for adding one catalog entry: its name, its inputs, and its API key if it takes one. */
export function entryFormSchema(entry: CatalogEntry, suggestedName: string): { schema: RJSFSchema; uiSchema: UiSchema<EntryFormData> } {
  const properties: Record<string, RJSFSchema> = { name: { ...NAME_FIELD, default: suggestedName } };
  const required = ['name'];
  const uiSchema: UiSchema<EntryFormData> = { name: { 'ui:autocomplete': 'off' } };
  if (entry.transport === 'stdio') {
    for (const input of entry.inputs ?? []) {
      const key = `${INPUT_PREFIX}${input.id}`;
      const where = input.helpUrl !== undefined ? `Get it at ${input.helpUrl}` : undefined;
      const description = [input.description, input.file === true ? "Paste the file's whole content; the vault keeps it, the program gets a private copy." : undefined, where].filter(Boolean).join(' ');
      // Said at the field, before Continue: the plan refuses it too (planCatalogServer).
      const absolute = input.absolutePath === true ? { pattern: ABSOLUTE_PATH.source, errorMessage: 'Give the whole path, e.g. /home/you/notes (~ is not expanded here).' } : {};
      properties[key] = { type: 'string', title: input.label, ...(description !== '' ? { description } : {}), minLength: input.required ? 1 : 0, ...absolute };
      if (input.required) required.push(key);
      // A key file has several lines: a password field would join them.
      if (input.secret) uiSchema[key] = input.file === true ? { 'ui:widget': 'textarea', 'ui:options': { rows: 6 }, 'ui:autocomplete': 'off' } : { 'ui:widget': 'password', 'ui:autocomplete': 'off' };
    }
  }
  if (entry.auth === 'api_key' && entry.apiKey) {
    properties['apiKey'] = {
      type: 'string',
      title: entry.apiKey.label,
      description: entry.apiKey.optional ? 'Optional. Stored in the vault, never in mcp.json.' : 'Stored in the vault, never in mcp.json.',
      ...(entry.apiKey.optional ? {} : { minLength: 1 }),
    };
    if (!entry.apiKey.optional) required.push('apiKey');
    uiSchema['apiKey'] = { 'ui:widget': 'password', 'ui:autocomplete': 'off' };
  }
  return { schema: { type: 'object', required, properties }, uiSchema };
}

/** The form's values as planCatalogServer takes them. */
export function choiceOf(data: EntryFormData): CatalogChoice {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith(INPUT_PREFIX) && value !== undefined) values[key.slice(INPUT_PREFIX.length)] = value;
  }
  return { values, ...(data['apiKey'] !== undefined ? { apiKey: data['apiKey'] } : {}) };
}
