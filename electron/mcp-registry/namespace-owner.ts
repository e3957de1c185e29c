/**
 * Who an entry's id says publishes it: the GitHub account of exactly `io.github.OWNER/…`, else the
 * domain's own name in a reversed-DNS namespace (`com.stripe` and `com.stripe.mcp`: `stripe`), the part
 * the official registry has the publisher prove (GitHub sign-in, DNS or HTTP). A subdomain's label is
 * not it: the owner of attacker.com may name `com.attacker.github`. GitHub sign-in proves no label past
 * the account's, so `io.github.github.evil` has no owner (nor is it github.io's, which GitHub holds).
 */
export function namespaceOwner(name: string): string | undefined {
  const slash = name.indexOf('/');
  if (slash <= 0) return undefined;
  const labels = name.slice(0, slash).toLowerCase().split('.');
  const github = labels[0] === 'io' && labels[1] === 'github';
  if (github && labels.length !== 3) return undefined;
  const owner = github ? labels[2] : labels[1];
  return owner === undefined || owner === '' ? undefined : owner;
}

/**
 * Whether the id's owner is, plainly, the title or its first word (`io.github.github/…` titled
 * `GitHub` or `GitHub MCP`): the likeliest real entry of that title. Spaces and case aside only, so
 * `io.github.git-hub` is not `GitHub`.
 */
export function ownerNamesTitle(name: string, title: string | undefined): boolean {
  const owner = namespaceOwner(name);
  if (owner === undefined || title === undefined) return false;
  const words = title.trim().toLowerCase().split(/\s+/u);
  return owner === words.join('') || owner === words[0];
}
