import type { z } from 'zod';
import { findReferences, isOwnVariable, ownVariableMessage, storePasswordMessage } from '../vault';
import { fieldPath } from './field-path';
import type { Settings } from './schema';

/** Every string in `value`, with its path (keys too: a header's name is sent as well). */
function* strings(value: unknown, path: PropertyKey[] = []): Generator<[string, PropertyKey[]]> {
  if (typeof value === 'string') yield [value, path];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, [...path, index]);
  else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      yield [key, [...path, key]];
      yield* strings((value as Record<string, unknown>)[key], [...path, key]);
    }
  }
}

/**
 * Refuses `${env:…}` naming one of the product's own variables anywhere in a server's entry, so an
 * entry that would hand out the vault's passphrase is refused when it is added, imported or read,
 * not when it first starts.
 */
export function checkOwnVariables(entry: unknown, ctx: z.RefinementCtx): void {
  for (const [text, path] of strings(entry)) {
    let refs: ReturnType<typeof findReferences>;
    try {
      refs = findReferences(text);
    } catch {
      continue; // an unterminated reference is told when the value is resolved
    }
    for (const ref of refs) {
      if (ref.kind !== 'env' || !isOwnVariable(ref.name)) continue;
      const { message, hint } = ownVariableMessage(ref.text, ref.name);
      ctx.addIssue({ code: 'custom', path, message: `${message} ${hint}` });
    }
  }
}

/** The variables configured KeePassXC stores read their passwords from (`passwordEnv`). */
export function storePasswordVariables(settings: Settings | undefined): string[] {
  return Object.values(settings?.secretStores ?? {}).flatMap((store) => (store.type === 'keepassxc' && store.passwordEnv !== undefined ? [store.passwordEnv] : []));
}

/**
 * `${env:…}` naming one of `kept` anywhere in a server's entry, with its path: a store's password
 * variable is set by the settings, not the entry, so the entry's own schema cannot see it.
 */
export function storePasswordIssues(entry: unknown, kept: readonly string[]): Array<{ path: PropertyKey[]; message: string }> {
  if (kept.length === 0) return [];
  const found: Array<{ path: PropertyKey[]; message: string }> = [];
  for (const [text, path] of strings(entry)) {
    let refs: ReturnType<typeof findReferences>;
    try {
      refs = findReferences(text);
    } catch {
      continue;
    }
    for (const ref of refs) {
      if (ref.kind !== 'env' || !kept.some((name) => name.toUpperCase() === ref.name.toUpperCase())) continue;
      const { message, hint } = storePasswordMessage(ref.text);
      found.push({ path, message: `${message} ${hint}` });
    }
  }
  return found;
}

/** storePasswordIssues as a config problem's `field: message`. */
export function storePasswordReferences(entry: unknown, kept: readonly string[]): Array<{ field: string; message: string }> {
  return storePasswordIssues(entry, kept).map(({ path, message }) => ({ field: fieldPath(path), message }));
}
