import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { InstallInput } from '../../../shared/api';
import { NAME_FIELD, type EntryFormData } from './entry-form-schema';
import { storedChoice, storedField } from './stored-secret-field';

/** Inputs are keyed by place (`input_0`…): registry keys may hold characters a field id should not. */
const fieldOf = (place: number): string => `input_${place}`;

function describe(input: InstallInput): string | undefined {
  // Each part a sentence of its own: a registry's description may end without a full stop.
  const parts = [input.description?.trim().replace(/([^.!?])$/, '$1.')];
  if (input.isSecret) parts.push('Stored in the vault; the entry gets a reference to it, never the value.');
  if (input.format === 'filepath') parts.push('A path to a file or folder on this computer.');
  const text = parts.filter((p) => p !== undefined && p !== '').join(' ');
  return text === '' ? undefined : text;
}

/**
 * The install form of one package or remote of a registry entry, as a JSON Schema for rjsf: the
 * name, then each input (server.json `Input`: `isRequired`, `default`, `choices`, `format`,
 * `isSecret`) as a string field; secrets as password fields, each with the vault's secrets for every
 * service (`storedNames`) to choose from instead.
 */
export function registryInstallSchema(inputs: readonly InstallInput[], suggestedName: string, storedNames: readonly string[] = []): { schema: RJSFSchema; uiSchema: UiSchema<EntryFormData> } {
  const properties: Record<string, RJSFSchema> = { name: { ...NAME_FIELD, default: suggestedName } };
  const required = ['name'];
  const uiSchema: UiSchema<EntryFormData> = { name: { 'ui:autocomplete': 'off' } };
  inputs.forEach((input, place) => {
    const field = fieldOf(place);
    const description = describe(input);
    const property: RJSFSchema = { type: 'string', title: input.key, ...(description !== undefined ? { description } : {}) };
    if (input.choices && input.choices.length > 0) property.enum = [...input.choices];
    else if (input.format === 'boolean') property.enum = ['true', 'false'];
    else if (input.format === 'number') {
      property.pattern = '^-?[0-9]+(\\.[0-9]+)?$';
      property.errorMessage = 'Give a number.';
    }
    if (input.default !== undefined) property.default = input.default;
    // A secret may instead be one already in the vault (storedField): then the dialog checks that one of the two is given.
    const either = input.isSecret && storedNames.length > 0;
    if (input.isRequired && !either) {
      required.push(field);
      property.minLength = 1;
    }
    properties[field] = property;
    if (input.isSecret) storedField(field, storedNames, properties);
    const ui: UiSchema<EntryFormData> = { 'ui:autocomplete': 'off' };
    if (input.isSecret) ui['ui:widget'] = 'password';
    if (input.format === 'filepath') ui['ui:placeholder'] = '/path/to/file';
    uiSchema[field] = ui;
  });
  return { schema: { type: 'object', required, properties }, uiSchema };
}

/** The form's values by the registry's input keys, as `installRegistryEntry` (and `--input KEY=VALUE`) take them. */
export function inputsOf(inputs: readonly InstallInput[], data: EntryFormData): Record<string, string> {
  const out: Record<string, string> = {};
  inputs.forEach((input, place) => {
    const value = data[fieldOf(place)];
    if (value !== undefined && value !== '') out[input.key] = value;
  });
  return out;
}

/** The vault secrets chosen instead of a value, by the registry's input keys, as `installRegistryEntry`'s `stored` takes them. */
export function storedOf(inputs: readonly InstallInput[], data: EntryFormData): Record<string, string> {
  const out: Record<string, string> = {};
  inputs.forEach((input, place) => {
    const name = input.isSecret ? storedChoice(data, fieldOf(place)) : undefined;
    if (name !== undefined) out[input.key] = name;
  });
  return out;
}

/** The secret inputs (their form fields) that are required, with their keys: one of the value or a vault secret is needed. */
export function requiredSecretFields(inputs: readonly InstallInput[]): Array<{ field: string; key: string }> {
  return inputs.flatMap((input, place) => (input.isSecret && input.isRequired ? [{ field: fieldOf(place), key: input.key }] : []));
}
