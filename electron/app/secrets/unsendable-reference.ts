import { findReferences, resolveReferences, type ReferenceResolvers, type SecretReference } from '../../vault';

/**
 * The references in a value as written whose own value fails `unsendable`, found again one by one
 * (only when the whole could not be used), so a hint names the secret to store again.
 */
export async function unsendableReferences(written: string, resolvers: ReferenceResolvers, unsendable: (value: string) => boolean): Promise<SecretReference[]> {
  const found: SecretReference[] = [];
  for (const ref of findReferences(written)) {
    if (found.some((seen) => seen.text === ref.text)) continue;
    const value = await resolveReferences(ref.text, resolvers).catch(() => undefined);
    if (value !== undefined && unsendable(value)) found.push(ref);
  }
  return found;
}

/** How to mend one reference's value: store a vault secret again, fix a store's entry or a variable. `as` says what the value must be. */
export function mendHint(refs: readonly SecretReference[], as: string): string {
  const ref = refs[0];
  if (ref === undefined) return `store that secret again as ${as} with \`connected-services secrets set\` and its name`;
  if (ref.store !== undefined) return `make the entry ${ref.name} of the secret store ${ref.store} (${ref.text}) ${as}`;
  if (ref.kind === 'env') return `set the environment variable ${ref.name} (${ref.text}) to ${as}`;
  return `store ${ref.text} again as ${as} with \`connected-services secrets set ${ref.name}\``;
}
