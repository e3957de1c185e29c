import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ABSOLUTE_PATH, type CatalogChoice, type CatalogEntry } from '../../../shared/catalog';
import { STORED_PREFIX, storedField } from './stored-secret-field';

export { secretGiven } from './stored-secret-field';

export type EntryFormData = Record<string, string | undefined>;

const INPUT_PREFIX = 'input_';
/** The secret fields (their form keys) that may be left empty for a vault secret chosen beside them, with their labels. */
export function secretFields(entry: CatalogEntry): Array<{ key: string; label: string; required: boolean }> {
  const fields: Array<{ key: string; label: string; required: boolean }> = [];
  if (entry.transport === 'stdio') for (const input of entry.inputs ?? []) if (input.secret) fields.push({ key: `${INPUT_PREFIX}${input.id}`, label: input.label, required: input.required });
  if (entry.auth === 'api_key' && entry.apiKey) fields.push({ key: 'apiKey', label: entry.apiKey.label, required: entry.apiKey.optional !== true });
  return fields;
}

export const NAME_FIELD: RJSFSchema = {
  type: 'string',
  title: 'Name',
  description: 'What this service is called here; agents see its tools as <name>__<tool>.',
  // Checked by the dialog (checkServiceName), which says what is wrong with this name and offers one that would do.
};

/**
 * The form for adding one catalog entry: its name, its inputs, and its API key if it takes one. With
 * `storedNames` (the vault's global secrets), each secret field may instead name one of them: such a
 * field is then not required by the schema, and the dialog checks that one of the two is given.
 */
export function entryFormSchema(entry: CatalogEntry, suggestedName: string, storedNames: readonly string[] = []): { schema: RJSFSchema; uiSchema: UiSchema<EntryFormData> } {
  const choosable = storedNames.length > 0;
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
      const optional = input.secret && choosable;
      properties[key] = { type: 'string', title: input.label, ...(description !== '' ? { description } : {}), minLength: input.required && !optional ? 1 : 0, ...absolute };
      if (input.required && !optional) required.push(key);
      // A key file has several lines: a password field would join them.
      if (input.secret) uiSchema[key] = input.file === true ? { 'ui:widget': 'textarea', 'ui:options': { rows: 6 }, 'ui:autocomplete': 'off' } : { 'ui:widget': 'password', 'ui:autocomplete': 'off' };
      if (input.secret) storedField(key, storedNames, properties);
    }
  }
  if (entry.auth === 'api_key' && entry.apiKey) {
    properties['apiKey'] = {
      type: 'string',
      title: entry.apiKey.label,
      description: entry.apiKey.optional ? 'Optional. Stored in the vault, never in mcp.json.' : 'Stored in the vault, never in mcp.json.',
      ...(entry.apiKey.optional || choosable ? {} : { minLength: 1 }),
    };
    if (!entry.apiKey.optional && !choosable) required.push('apiKey');
    uiSchema['apiKey'] = { 'ui:widget': 'password', 'ui:autocomplete': 'off' };
    storedField('apiKey', storedNames, properties);
  }
  return { schema: { type: 'object', required, properties }, uiSchema };
}

/** The form's values as planCatalogServer takes them. */
export function choiceOf(data: EntryFormData): CatalogChoice {
  const values: Record<string, string> = {};
  const stored: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith(INPUT_PREFIX) && value !== undefined) values[key.slice(INPUT_PREFIX.length)] = value;
    // The input's id (`stored_input_ID`), or `apiKey`: a vault secret chosen wins over a value typed as well.
    if (key.startsWith(STORED_PREFIX) && value !== undefined && value !== '') {
      const field = key.slice(STORED_PREFIX.length);
      stored[field.startsWith(INPUT_PREFIX) ? field.slice(INPUT_PREFIX.length) : field] = value;
    }
  }
  return { values, ...(data['apiKey'] !== undefined ? { apiKey: data['apiKey'] } : {}), ...(Object.keys(stored).length > 0 ? { stored } : {}) };
}
