import { CodedError } from '../../shared/errors';
import { resolveInput, type InputState } from './install-inputs';
import type { RegistryInput } from './server-json';

/** Defined, not assigned: a variable or header named `__proto__` stays one, as the entry named it. */
export function defineOwn(out: Record<string, string>, name: string, value: string): void {
  Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
}

/** The person's value only, kept in the vault: a default here would be written in clear (a placeholder, at best). */
function asSecret<T extends RegistryInput>(input: T): T {
  const { default: _placeholder, ...asked } = input;
  return { ...asked, isSecret: true } as T;
}

type Named = RegistryInput & { name: string; variables?: Record<string, RegistryInput> | undefined };

/** Whether the fixed value's `{name}`s are all variables the person gives (none of the entry's own value): then none was given. */
function leftOut(input: Named): boolean {
  const names = [...(input.value ?? '').matchAll(/\{([A-Za-z0-9_.-]+)\}/g)].map((match) => match[1] ?? '');
  const variables = input.variables;
  return names.length > 0 && variables !== undefined && names.every((name) => Object.hasOwn(variables, name) && variables[name]?.value === undefined);
}

/**
 * The value of an entry's variable or header, its name read as a credential's when `secretish`
 * (`NPM_TOKEN`, `Authorization`): the person's value goes to the vault even when the entry does not
 * mark it secret, its default is not used, and a fixed value of the entry's own is refused. It would be written to
 * mcp.json in clear, where only references to secrets belong, and the approval would show it as
 * `[redacted]`, so the person would approve a value they cannot read. One whose `{variables}` are all
 * optional and left out is not set.
 */
export function secretNamedValue(state: InputState, input: Named, kind: 'variable' | 'header', secretish: boolean): string | undefined {
  if (!secretish) return resolveInput(state, input.name, input);
  if (input.value === undefined) return resolveInput(state, input.name, asSecret(input));
  // Its `{variables}` are the person's, kept in the vault as the whole would be.
  const variables = input.variables && Object.fromEntries(Object.entries(input.variables).map(([name, variable]) => [name, asSecret(variable)]));
  const missing = state.missing.length;
  const value = resolveInput(state, input.name, { ...input, ...(variables ? { variables } : {}) });
  // An input still missing is asked for first; the value is judged once it is complete.
  if (value === undefined || value === '' || value.includes('${secret:') || state.missing.length > missing) return value;
  // Every variable optional and left out: what is left (`Bearer `) is the entry's text alone, so the
  // variable or header is not set at all rather than written in clear.
  if (leftOut(input)) return undefined;
  throw new CodedError('invalid_input', `The registry entry gives its ${kind} ${JSON.stringify(input.name.slice(0, 80))}, named like a secret, a value of its own; it would be written in clear and hidden from the approval, so the entry is not installed.`, {
    hint: `To use it anyway, put the value in the vault (secrets set SECRET) and add the server yourself with servers add … ${kind === 'header' ? `--header "${input.name.slice(0, 80)}: \${secret:SECRET}"` : `--env ${input.name.slice(0, 80)}=\${secret:SECRET}`}.`,
  });
}
