import { CodedError } from '../../shared/errors';
import { resolveInput, type InputState } from './install-inputs';
import type { RegistryInput } from './server-json';

/** Defined, not assigned: a variable or header named `__proto__` stays one, as the entry named it. */
export function defineOwn(out: Record<string, string>, name: string, value: string): void {
  Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
}

type Named = RegistryInput & { name: string; variables?: Record<string, RegistryInput> | undefined };

/**
 * The value of an entry's variable or header, its name read as a credential's when `secretish`
 * (`NPM_TOKEN`, `Authorization`): the person's value goes to the vault even when the entry does not
 * mark it secret, and a value of the entry's own (fixed or default) is refused. It would be written to
 * mcp.json in clear, where only references to secrets belong, and the approval would show it as
 * `[redacted]`, so the person would approve a value they cannot read.
 */
export function secretNamedValue(state: InputState, input: Named, kind: 'variable' | 'header', secretish: boolean): string | undefined {
  if (!secretish) return resolveInput(state, input.name, input);
  const missing = state.missing.length;
  const value = resolveInput(state, input.name, input.value === undefined ? { ...input, isSecret: true } : input);
  // An input still missing is asked for first; the value is judged once it is complete.
  if (value === undefined || value.includes('${secret:') || state.missing.length > missing) return value;
  throw new CodedError('invalid_input', `The registry entry gives its ${kind} ${JSON.stringify(input.name.slice(0, 80))}, named like a secret, a value of its own; it would be written in clear and hidden from the approval, so the entry is not installed.`, {
    ...(input.value === undefined ? { hint: `Give your own value: --input ${input.name.slice(0, 80)}=VALUE (it is kept in the vault).` } : {}),
  });
}
