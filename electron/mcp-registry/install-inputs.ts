import { CodedError } from '../../shared/errors';
import { SECRET_NAME_PATTERN } from '../../shared/vault';
import type { RegistryInput } from './server-json';

/** One value the person gives: what the registry says of it, under the key `--input KEY=VALUE` uses. */
export interface InputAsk {
  key: string;
  description?: string;
  isRequired: boolean;
  isSecret: boolean;
  default?: string;
  choices?: string[];
  format?: string;
}

/**
 * Vault name for a secret input's key (the entry gets `${secret:NAME}`, never the value); `stored`:
 * secrets already in the vault the person chose for some secret inputs, by key, used instead of a value.
 */
export type SecretNaming = ((key: string) => string) & { readonly stored?: Readonly<Record<string, string>> };

/** What planning found: the values, and the secrets to store in the vault by name. */
export interface InputState {
  given: Readonly<Record<string, string>>;
  secretName: SecretNaming;
  secrets: Map<string, string>;
  missing: InputAsk[];
  /** Every input the person may give (fixed values are the publisher's and not among them). */
  asked: InputAsk[];
}

/**
 * A value that would read as one of our references (`${secret:…}`, `${env:…}`) is refused: an entry
 * could otherwise make us hand a program another server's secret.
 */
export function plainValue(value: string, where: string): string {
  if (value.includes('${')) throw new CodedError('invalid_input', `The value of ${where} contains "\${", which mcp.json reads as a reference; it was refused.`);
  return value;
}

/**
 * A filled value holds no reference but those we wrote for the person's own secrets: pieces that are
 * each plain (`$` and `{secret:X}`) must not make one once joined.
 */
function plainFilled(filled: string, state: InputState, where: string): string {
  let rest = filled;
  // A NUL never passes the entry check, so it cannot itself help make `${`.
  for (const name of [...state.secrets.keys(), ...Object.values(state.secretName.stored ?? {})]) rest = rest.split(`\${secret:${name}}`).join('\u0000');
  plainValue(rest, where);
  return filled;
}

function askOf(key: string, input: RegistryInput): InputAsk {
  return {
    key,
    isRequired: input.isRequired === true,
    isSecret: input.isSecret === true,
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.default !== undefined ? { default: input.default } : {}),
    ...(input.choices !== undefined ? { choices: input.choices } : {}),
    ...(input.format !== undefined ? { format: input.format } : {}),
  };
}

/**
 * The value of one input as it goes into mcp.json: the person's (a secret as a vault reference),
 * else its default; undefined when absent and optional; recorded as missing when required.
 * A fixed `value` is the publisher's and not asked (openapi.yaml, `Input.value`).
 */
export function resolveInput(state: InputState, key: string, input: RegistryInput & { variables?: Record<string, RegistryInput> | undefined }): string | undefined {
  if (input.value !== undefined) {
    // `{name}` in a fixed value is filled from its variables, each an input of its own.
    const filled = plainValue(input.value, key).replace(/\{([A-Za-z0-9_.-]+)\}/g, (whole, name: string) => {
      // Own keys only: `{constructor}` must not find Object's own members.
      const variables = input.variables;
      if (!variables || !Object.hasOwn(variables, name)) return whole;
      const variable = variables[name];
      if (!variable) return whole;
      return resolveInput(state, name, variable) ?? '';
    });
    return plainFilled(filled, state, key);
  }
  if (!state.asked.some((a) => a.key === key)) state.asked.push(askOf(key, input));
  const stored = state.secretName.stored;
  if (input.isSecret === true && stored !== undefined && Object.hasOwn(stored, key)) {
    const name = stored[key] ?? '';
    // Only a name becomes a reference: `x}${env:HOME` would make two.
    if (!SECRET_NAME_PATTERN.test(name)) throw new CodedError('invalid_input', `"${name.slice(0, 60)}" chosen for ${key} is no secret name`);
    return `\${secret:${name}}`;
  }
  const given = Object.hasOwn(state.given, key) ? state.given[key] : undefined;
  if (given !== undefined) {
    if (input.choices && input.choices.length > 0 && !input.choices.includes(given)) {
      throw new CodedError('invalid_input', `--input ${key} must be one of: ${input.choices.join(', ')}`);
    }
    if (input.isSecret === true) {
      const name = state.secretName(key);
      state.secrets.set(name, given);
      return `\${secret:${name}}`;
    }
    return plainValue(given, `--input ${key}`);
  }
  if (input.default !== undefined) return plainValue(input.default, key);
  if (input.isRequired === true && !state.missing.some((m) => m.key === key)) state.missing.push(askOf(key, input));
  return undefined;
}
