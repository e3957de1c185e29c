import type { RJSFSchema } from '@rjsf/utils';

/**
 * A secret field's companion in an add or install form: a secret already in the vault (one for every
 * service), chosen instead of typing its value again. Its key is the field's with this prefix.
 */
export const STORED_PREFIX = 'stored_';
const STORED_TITLE = 'Or a secret already in the vault';

/** The choice of vault secrets beside the secret field `key`, when the vault holds any to choose. */
export function storedField(key: string, storedNames: readonly string[], properties: Record<string, RJSFSchema>): void {
  if (storedNames.length === 0) return;
  properties[`${STORED_PREFIX}${key}`] = {
    type: 'string',
    title: STORED_TITLE,
    oneOf: [{ const: '', title: 'none: use the value above' }, ...storedNames.map((name) => ({ const: name, title: name }))],
    default: '',
  };
}

/** The vault secret chosen beside the field `key`, if one was. */
export function storedChoice(data: Readonly<Record<string, string | undefined>>, key: string): string | undefined {
  const name = data[`${STORED_PREFIX}${key}`];
  return name === undefined || name === '' ? undefined : name;
}

/** Whether the person filled a secret field or chose a vault secret beside it. */
export function secretGiven(data: Readonly<Record<string, string | undefined>>, key: string): boolean {
  return (data[key] ?? '') !== '' || storedChoice(data, key) !== undefined;
}
